import { brandColors } from "./brand";
import { company } from "./company";

/** SEO defaults for the public pages; each page passes its own title and description. */
export const site = {
  locale: "en_US",
  themeColor: brandColors.navy[900],
  defaultDescription: `${company.name} is a family-owned Texas contractor for multifamily and residential painting, finishing and construction. ${company.tagline}.`,
  ogImage: { path: "/og.png", width: 1200, height: 630, alt: `${company.name}: ${company.tagline}` },
} as const;

/** Page title with the company name appended, e.g. "About | Anchor Line Construction". */
export function pageTitle(title: string): string {
  return `${title} | ${company.name}`;
}
