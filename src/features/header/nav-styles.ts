import { cn } from "~/lib/cn";

/** Shared focus ring of the header's links and buttons. */
export const focusRing = "outline-none focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:ring-offset-2";

/** Classes of a desktop header link or trigger; `active` adds the gold underline of the current page. */
export function desktopLinkClass(active: boolean): string {
  return cn(
    "relative inline-flex h-10 items-center gap-1 rounded-md px-3 text-[15px] font-medium text-navy-800 transition-colors hover:text-navy-950 hover:bg-navy-50",
    "after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-gold-500 after:opacity-0",
    active && "text-navy-950 font-semibold after:opacity-100",
    focusRing,
  );
}

/** Classes of a link in the mobile panel; `active` marks the current page. */
export function mobileLinkClass(active: boolean): string {
  return cn(
    "flex min-h-11 items-center rounded-md border-l-4 border-transparent px-3 py-2 text-base font-medium text-navy-100 hover:bg-white/10 hover:text-white",
    active && "border-gold-400 bg-white/10 font-semibold text-white",
    focusRing,
    "focus-visible:ring-offset-navy-950",
  );
}
