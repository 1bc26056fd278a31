import { useId, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import type { LeadReportTable } from "~/schemas/lead-fields";
import type { LeadReport } from "~/schemas/leads";
import { downloadCsv } from "./store";

interface Props {
  title: string;
  /** One sentence that says what the chart shows; read with the picture. */
  summary: string;
  table: LeadReportTable;
  report: LeadReport;
  /** Draws the chart inside an <svg> labelled by the title and summary. */
  chart: (labelledBy: string) => ReactNode;
  /** The same figures as a table: always there for screen readers, shown on screen on request. */
  rows: ReactNode;
}

/**
 * One chart of the Reports screen: the picture (an image to assistive technology, named by its title and
 * summary), its figures as a table, and the table's CSV download.
 */
export function ChartFigure({ title, summary, table, report, chart, rows }: Props) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid grid-cols-1 gap-3 rounded-lg border border-navy-100 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="flex-1 text-lg font-bold text-navy-950">
          {title}
        </h2>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showTable}
          aria-controls={`${id}-table`}
          onClick={() => setShowTable(!showTable)}
        >
          {showTable ? "Hide table" : "Show table"}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void downloadCsv(table, report)}>
          <Icon name="download" /> Download CSV<span className="sr-only">: {title}</span>
        </Button>
      </div>
      <p id={`${id}-summary`} className="text-sm text-navy-700">
        {summary}
      </p>
      {chart(`${id}-title ${id}-summary`)}
      {/* A table wider than a phone scrolls in its own box, which the keyboard must be able to reach. */}
      <div
        id={`${id}-table`}
        role={showTable ? "region" : undefined}
        aria-label={showTable ? `${title}: table` : undefined}
        tabIndex={showTable ? 0 : undefined}
        className={cn(showTable ? "overflow-x-auto" : "sr-only")}
      >
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">{title}</caption>
          {rows}
        </table>
      </div>
    </section>
  );
}

/** A table header cell and a plain cell, styled once. */
export const Th = ({ children }: { children: ReactNode }) => (
  <th scope="col" className="border-b border-navy-200 px-2 py-1 font-semibold text-navy-800">
    {children}
  </th>
);
export const Td = ({ children }: { children: ReactNode }) => (
  <td className="border-b border-navy-100 px-2 py-1 text-navy-900">{children}</td>
);
