import type { ReactNode } from "react";

/** A titled part of a lead's detail, named for screen readers by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="grid grid-cols-1 content-start gap-3 rounded-lg border border-navy-100 bg-white p-4"
    >
      <h3 className="font-bold text-navy-950">{title}</h3>
      {children}
    </section>
  );
}
