import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { KIND_LOOK, itemHref, itemLine } from "./attention";
import { $attention } from "./store";

/**
 * The dashboard's "Needs you now": what waits for the signed-in person (an administrator: for the company), a
 * few items of each kind, each one tap from its record; kinds with nothing in them are not shown.
 */
export function NeedsYouNow() {
  // Tracks of minmax(0, 1fr) and min-w-0 items: a long title is cut with an ellipsis instead of widening a phone's page.
  const { data, error } = useStore($attention);
  return (
    <section
      aria-labelledby="needs-you"
      className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border border-navy-100 bg-white p-4 sm:p-5"
    >
      <h2 id="needs-you" className="scroll-mt-4 text-lg font-bold text-navy-950">
        Needs you now
      </h2>
      {error ? (
        <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          What needs you could not be loaded.
          <Button variant="outline" size="sm" onClick={() => $attention.invalidate()}>
            Try again
          </Button>
        </p>
      ) : !data ? (
        <p className="text-sm text-navy-600">Looking for what needs you...</p>
      ) : data.groups.length === 0 ? (
        <p className="text-sm text-navy-700">
          <Icon name="check" className="mr-1 inline-block size-4 align-text-bottom text-green-700" /> Nothing waits for
          you: no overdue leads, no news on your proposals.
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {data.groups.map((group) => {
            const look = KIND_LOOK[group.kind];
            const headingId = `needs-${group.kind}`;
            return (
              <section
                key={group.kind}
                aria-labelledby={headingId}
                className="grid min-w-0 grid-cols-1 content-start gap-1"
              >
                <h3 id={headingId} className="flex items-center gap-2 text-sm font-bold text-navy-800">
                  {look.heading}
                  <span className="rounded-full bg-gold-500 px-1.5 text-xs text-navy-950 tabular-nums">
                    {group.total}
                  </span>
                </h3>
                <ul className="grid grid-cols-1">
                  {group.items.map((item) => (
                    <li key={`${item.record}:${item.id}`} className="min-w-0">
                      <a
                        href={itemHref(item)}
                        className="flex min-h-11 min-w-0 flex-col justify-center rounded-md px-2 py-1.5 hover:bg-navy-50"
                      >
                        <span className="truncate text-sm font-semibold text-navy-950">{item.title}</span>
                        <span className="text-xs wrap-anywhere text-navy-600">{itemLine(group.kind, item)}</span>
                      </a>
                    </li>
                  ))}
                </ul>
                {group.total > group.items.length && (
                  <a href={look.all} className="px-2 py-2 text-xs font-semibold text-navy-700 underline">
                    See all {group.total}
                  </a>
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}
