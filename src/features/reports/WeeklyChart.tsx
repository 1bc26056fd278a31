import type { LeadReport } from "~/schemas/leads";
import { BOX, fillOf, Legend, PLOT, XLabels, YAxis } from "./Axis";
import { bands, niceMax, periodLabel, pivotWeekly, stack, yScale } from "./charts";
import { ChartFigure, Td, Th } from "./ChartFigure";

/** Leads per week, each bar stacked by source. */
export function WeeklyChart({ report }: { report: LeadReport }) {
  const { weeks, sources, count } = pivotWeekly(report.weekly);
  const totals = weeks.map((w) => sources.reduce((n, s) => n + count(w, s), 0));
  const top = niceMax(Math.max(0, ...totals));
  const y = yScale(top, PLOT.y0, PLOT.y1);
  const slots = bands(weeks.length, PLOT.x0, PLOT.x1);
  const total = totals.reduce((a, b) => a + b, 0);
  return (
    <ChartFigure
      title="Leads per week by source"
      summary={`${total} leads in ${weeks.length} weeks with leads, from ${sources.length} sources.`}
      table="weekly"
      report={report}
      chart={(labelledBy) => (
        <>
          <svg role="img" aria-labelledby={labelledBy} viewBox={`0 0 ${BOX.width} ${BOX.height}`} className="w-full">
            <YAxis top={top} y={y} />
            {weeks.map((week, i) =>
              stack(sources.map((s) => count(week, s))).map(([from, to], j) =>
                to > from ? (
                  <rect
                    key={`${week}-${sources[j]}`}
                    x={slots[i]!.x}
                    width={slots[i]!.width}
                    y={y(to)}
                    height={y(from) - y(to)}
                    className={fillOf(j)}
                  />
                ) : null,
              ),
            )}
            <XLabels labels={weeks.map(periodLabel)} centers={slots.map((b) => b.x + b.width / 2)} />
          </svg>
          <Legend names={sources} fills={sources.map((_, j) => fillOf(j))} />
        </>
      )}
      rows={
        <>
          <thead>
            <tr>
              <Th>Week of</Th>
              {sources.map((s) => (
                <Th key={s}>{s}</Th>
              ))}
              <Th>Total</Th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, i) => (
              <tr key={week}>
                <Td>{week}</Td>
                {sources.map((s) => (
                  <Td key={s}>{count(week, s)}</Td>
                ))}
                <Td>{totals[i]}</Td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}
