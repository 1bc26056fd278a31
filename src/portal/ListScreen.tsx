import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { LoadError } from "./LoadError";
import { PortalLoadingText } from "./PortalFrame";

interface Props<T> {
  /** The list, as the subject of "... could not be loaded." ("The leads"). */
  what: string;
  /** The items; undefined while the list loads. */
  items: readonly T[] | undefined;
  /** Why the list could not be loaded; it wins over any items. */
  error?: unknown;
  onRetry: () => void;
  /** What an empty list shows. */
  empty: ReactNode;
  /** The items as the screen shows them. */
  children: (items: readonly T[]) => ReactNode;
  /** "Load more", when the list comes page by page. */
  more?: { hasMore: boolean; loading: boolean; onLoad: () => void };
  /** Places the error where the screen's other states bring their own frame. */
  errorFrame?: (error: ReactNode) => ReactNode;
}

/** A list screen's states: loading, an error with a retry, empty, or its items (and "Load more" after them). */
export function ListScreen<T>({ what, items, error, onRetry, empty, children, more, errorFrame = (e) => e }: Props<T>) {
  if (error) return errorFrame(<LoadError what={what} error={error as Error} onRetry={onRetry} />);
  if (!items) return <PortalLoadingText />;
  if (items.length === 0) return empty;
  return (
    <>
      {children(items)}
      {more?.hasMore && (
        <Button variant="outline" className="justify-self-start" disabled={more.loading} onClick={more.onLoad}>
          {more.loading ? "Loading..." : "Load more"}
        </Button>
      )}
    </>
  );
}
