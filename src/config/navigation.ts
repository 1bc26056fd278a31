/**
 * The public site's navigation. The portal's is in portal/navigation.ts: the header island ships this
 * module whole, and the portal's paths have no place on a public page.
 */

/** One link of the public site's navigation. */
export interface NavLink {
  href: string;
  label: string;
}

/** Top-level header links, in display order; the header puts the Services dropdown before the last one. */
export const primaryNav: readonly NavLink[] = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About" },
  { href: "/contact", label: "Contact" },
];

/** Links under the header's Services dropdown. */
export const servicesNav: readonly NavLink[] = [
  { href: "/multifamily", label: "Multifamily Development" },
  { href: "/residential", label: "Residential Construction" },
];

/** The footer's Services column: two pages plus two in-page anchors whose targets live on /residential and /multifamily. */
export const footerServices: readonly NavLink[] = [
  { href: "/multifamily", label: "Multifamily" },
  { href: "/residential", label: "Residential" },
  { href: "/residential#renovations", label: "Renovations" },
  { href: "/multifamily#design-build", label: "Design-Build" },
];
