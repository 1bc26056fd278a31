import type { LeadReport } from "~/schemas/leads";
import { BOX, fillOf, PLOT } from "./Axis";
import { funnelTotals, percent } from "./charts";
import { ChartFigure, Td, Th } from "./ChartFigure";

const ROW = 56;

/** The funnel over the chosen days: leads, then proposals sent from them, then accepted, with the rates. */
export function FunnelChart({ report }: { report: LeadReport }) {
  const t = funnelTotals(report.funnel);
  const steps = [
    { label: "Leads", value: t.leads, note: "" },
    { label: "Proposals sent", value: t.proposals, note: `${percent(t.proposalRate)} of leads` },
    { label: "Accepted", value: t.accepted, note: `${percent(t.acceptRate)} of proposals` },
  ];
  const width = (n: number) => (t.leads ? ((PLOT.x1 - 160) * n) / t.leads : 0);
  const height = steps.length * ROW + 8;
  return (
    <ChartFigure
      title="From lead to accepted proposal"
      summary={`${t.leads} leads, ${t.proposals} proposals sent (${percent(t.proposalRate)}), ${t.accepted} accepted (${percent(t.acceptRate)} of proposals).`}
      table="funnel"
      report={report}
      chart={(labelledBy) => (
        <svg role="img" aria-labelledby={labelledBy} viewBox={`0 0 ${BOX.width} ${height}`} className="w-full">
          {steps.map((step, i) => (
            <g key={step.label} transform={`translate(0 ${i * ROW + 4})`}>
              <text x={0} y={14} className="fill-navy-900 text-[12px] font-semibold">
                {step.label}: {step.value}
                {step.note && ` (${step.note})`}
              </text>
              <rect x={0} y={22} height={24} width={Math.max(2, width(step.value))} rx={3} className={fillOf(i)} />
            </g>
          ))}
        </svg>
      )}
      rows={
        <>
          <thead>
            <tr>
              <Th>Month</Th>
              <Th>Leads</Th>
              <Th>Proposals sent</Th>
              <Th>Accepted</Th>
              <Th>Proposals per lead</Th>
              <Th>Accepted per proposal</Th>
            </tr>
          </thead>
          <tbody>
            {report.funnel.map((row) => (
              <tr key={row.month}>
                <Td>{row.month}</Td>
                <Td>{row.leads}</Td>
                <Td>{row.proposals}</Td>
                <Td>{row.accepted}</Td>
                <Td>{percent(row.proposalRate)}</Td>
                <Td>{percent(row.acceptRate)}</Td>
              </tr>
            ))}
            <tr className="font-semibold">
              <Td>All</Td>
              <Td>{t.leads}</Td>
              <Td>{t.proposals}</Td>
              <Td>{t.accepted}</Td>
              <Td>{percent(t.proposalRate)}</Td>
              <Td>{percent(t.acceptRate)}</Td>
            </tr>
          </tbody>
        </>
      }
    />
  );
}
