import { Suspense, useState, type ReactNode } from "react";

/**
 * A dialog whose code (Radix Dialog and what the dialog holds, imported with React.lazy) loads the first
 * time it opens, not with the screen: nothing is rendered until `open` first turns true, and the dialog
 * stays mounted afterwards so it closes and reopens as usual.
 */
export function DeferredDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense>{children}</Suspense> : null;
}
