import type { LeadReport } from "~/schemas/leads";
import { BOX, fillOf, Legend, PLOT, XLabels, YAxis } from "./Axis";
import { bands, hours, linePath, niceMax, percent, periodLabel, yScale } from "./charts";
import { ChartFigure, Td, Th } from "./ChartFigure";

/** Per month: the median business hours to the first reply (bars) and the share answered within one (line). */
export function RepliesChart({ report }: { report: LeadReport }) {
  const rows = report.replies;
  const top = niceMax(Math.max(0, ...rows.map((r) => (r.medianMinutes ?? 0) / 60)));
  const y = yScale(top, PLOT.y0, PLOT.y1);
  const share = yScale(1, PLOT.y0, PLOT.y1);
  const slots = bands(rows.length, PLOT.x0, PLOT.x1, 0.4);
  const centers = slots.map((b) => b.x + b.width / 2);
  const points = rows.map((r, i) =>
    r.withinHourShare === null ? null : { x: centers[i]!, y: share(r.withinHourShare) },
  );
  return (
    <ChartFigure
      title="Time to first reply"
      summary="Per month: the median business hours to the first reply (bars, left scale) and the share of leads answered within one business hour (line, right scale)."
      table="replies"
      report={report}
      chart={(labelledBy) => (
        <>
          <svg role="img" aria-labelledby={labelledBy} viewBox={`0 0 ${BOX.width} ${BOX.height}`} className="w-full">
            <YAxis top={top} y={y} format={(v) => `${v} h`} />
            <YAxis top={1} y={share} format={(v) => percent(v)} side="right" />
            {rows.map((r, i) =>
              r.medianMinutes === null ? null : (
                <rect
                  key={r.month}
                  x={slots[i]!.x}
                  width={slots[i]!.width}
                  y={y(r.medianMinutes / 60)}
                  height={PLOT.y0 - y(r.medianMinutes / 60)}
                  className={fillOf(0)}
                />
              ),
            )}
            <path d={linePath(points)} fill="none" strokeWidth={2.5} className="stroke-gold-600" />
            {points.map((p, i) => p && <circle key={i} cx={p.x} cy={p.y} r={4} className={fillOf(1)} />)}
            <XLabels labels={rows.map((r) => periodLabel(r.month))} centers={centers} />
          </svg>
          <Legend
            names={["Median time to first reply", "Answered within one business hour"]}
            fills={[fillOf(0), fillOf(1)]}
          />
        </>
      )}
      rows={
        <>
          <thead>
            <tr>
              <Th>Month</Th>
              <Th>Leads</Th>
              <Th>Answered</Th>
              <Th>Median time to first reply</Th>
              <Th>Answered within one business hour</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.month}>
                <Td>{r.month}</Td>
                <Td>{r.leads}</Td>
                <Td>{r.answered}</Td>
                <Td>{hours(r.medianMinutes)}</Td>
                <Td>{percent(r.withinHourShare)}</Td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}
