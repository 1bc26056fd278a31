import { useId, type ReactNode } from "react";
import { cn } from "~/lib/cn";

interface PanelProps {
  title: string;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One of the generator's cards: a titled white panel. */
export function Panel({ title, actions, children, className }: PanelProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn("min-w-0 rounded-lg border border-navy-100 bg-white shadow-sm", className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-navy-100 px-4 py-3 sm:px-5">
        <h2 id={id} className="text-base font-bold">
          {title}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="p-3 sm:p-5">{children}</div>
    </section>
  );
}
