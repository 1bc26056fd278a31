import { ticks } from "./charts";

/** The charts' drawing box: a viewBox this size, scaled to the width it gets. */
export const BOX = { width: 640, height: 240, left: 44, right: 44, top: 12, bottom: 36 } as const;
export const PLOT = { x0: BOX.left, x1: BOX.width - BOX.right, y0: BOX.height - BOX.bottom, y1: BOX.top } as const;

/** The fills that tell series apart; the legend and the table name them, so colour is never the only cue. */
export const SERIES_FILLS = [
  "fill-navy-800",
  "fill-gold-500",
  "fill-sky-600",
  "fill-green-700",
  "fill-stone-400",
  "fill-red-700",
  "fill-violet-600",
  "fill-navy-400",
];
export const fillOf = (index: number) => SERIES_FILLS[index % SERIES_FILLS.length]!;

/** Horizontal grid lines with their values at the left (or right) edge. */
export function YAxis({
  top,
  y,
  format = String,
  side = "left",
}: {
  top: number;
  y: (value: number) => number;
  format?: (value: number) => string;
  side?: "left" | "right";
}) {
  return (
    <g aria-hidden="true" className="text-[11px]">
      {ticks(top).map((value) => (
        <g key={value}>
          {side === "left" && (
            <line x1={PLOT.x0} x2={PLOT.x1} y1={y(value)} y2={y(value)} className="stroke-navy-100" />
          )}
          <text
            x={side === "left" ? PLOT.x0 - 6 : PLOT.x1 + 6}
            y={y(value)}
            dy="0.32em"
            textAnchor={side === "left" ? "end" : "start"}
            className="fill-navy-700"
          >
            {format(value)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Labels under the bands; every nth only, so they do not overlap when there are many. */
export function XLabels({ labels, centers }: { labels: string[]; centers: number[] }) {
  const every = Math.max(1, Math.ceil(labels.length / 8));
  return (
    <g aria-hidden="true" className="text-[11px]">
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text key={label} x={centers[i]} y={PLOT.y0 + 16} textAnchor="middle" className="fill-navy-700">
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** A legend: each series' swatch and name, in the order drawn. */
export function Legend({ names, fills }: { names: string[]; fills: string[] }) {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-navy-800">
      {names.map((name, i) => (
        <li key={name} className="flex items-center gap-1.5">
          <svg width="12" height="12" aria-hidden="true">
            <rect width="12" height="12" rx="2" className={fills[i]} />
          </svg>
          {name}
        </li>
      ))}
    </ul>
  );
}
