import { startTransition, Suspense, useEffect, useState, type ReactNode } from "react";

/**
 * A dialog whose code (Radix Dialog and what the dialog holds, imported with React.lazy) loads the first
 * time it opens, not with the screen: nothing is rendered until `open` first turns true, and the dialog
 * stays mounted afterwards so it closes and reopens as usual. The first mount is a transition inside a
 * boundary that is already shown, so React waits for the code without committing a fallback: a committed
 * fallback would hold the dialog back for React's 300 ms fallback throttle.
 */
export function DeferredDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open && !opened) startTransition(() => setOpened(true));
  }, [open, opened]);
  return <Suspense>{opened ? children : null}</Suspense>;
}
