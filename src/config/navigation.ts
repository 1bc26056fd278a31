/** One link of the public site's navigation. */
export interface NavLink {
  href: string;
  label: string;
}

/** Top-level header links, in display order (spec 2, "Header and footer"). */
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

/** The staff portal's pages (spec 2, route table). */
export const portalPaths = {
  login: "/portal/login",
  dashboard: "/portal/dashboard",
  messages: "/portal/messages",
  proposalEditor: "/portal/proposal-editor",
  signature: "/portal/signature",
} as const;

/** The portal's navigation bar (spec 2, "/portal/dashboard"; Messages is the staff inbox of issue 7). */
export const portalNav: readonly NavLink[] = [
  { href: portalPaths.dashboard, label: "Templates" },
  { href: portalPaths.messages, label: "Messages" },
  { href: portalPaths.proposalEditor, label: "Proposal Editor" },
  { href: portalPaths.signature, label: "Email Signature" },
];
