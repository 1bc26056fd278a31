import type { ReactNode } from "react";

interface SiteHeaderProps {
  /** Astro.url.pathname of the page, to mark the current link. */
  currentPath: string;
  /** The logo (static markup from Astro, passed as the island's slot). */
  children?: ReactNode;
}

// TEMPORARY: replaced by the real island (scroll hide, Services dropdown, mobile panel).
export function SiteHeader({ children }: SiteHeaderProps) {
  return <header>{children}</header>;
}
