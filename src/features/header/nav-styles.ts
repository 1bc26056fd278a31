/**
 * Class strings of the header's links. Public islands join classes with template strings rather than
 * cn(): they never override one utility with another, and tailwind-merge would add 8 KB gzip to every page.
 */

/** Focus ring of the header's links and buttons. */
export const focusRing = "outline-none focus-visible:ring-2 focus-visible:ring-gold-500";

/** A desktop link or the Services trigger; `active` adds the gold underline of the current page. */
export const desktopLinkClass = (active: boolean) =>
  `relative flex h-10 items-center gap-1 rounded-md px-3 font-medium hover:bg-navy-50 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:bg-gold-500 ${focusRing} ${
    active ? "text-navy-950" : "text-navy-800 after:hidden"
  }`;

/** A link in the Services dropdown or the mobile panel (`dark`); `active` marks the current page with a gold bar. */
export const listLinkClass = (active: boolean, dark?: boolean) =>
  `flex min-h-11 items-center rounded-md border-l-4 px-3 font-medium ${focusRing} ${dark ? "text-white hover:bg-white/10" : "text-navy-800 hover:bg-navy-50"} ${
    active ? "border-gold-400 font-semibold" : "border-transparent"
  }`;
