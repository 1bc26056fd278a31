import type { NavLink } from "~/config/navigation";

/** The staff portal's pages. */
export const portalPaths = {
  login: "/portal/login",
  dashboard: "/portal/dashboard",
  messages: "/portal/messages",
  proposals: "/portal/proposals",
  proposalEditor: "/portal/proposal-editor",
  signature: "/portal/signature",
  account: "/portal/account",
  staff: "/portal/staff",
  activity: "/portal/activity",
  reports: "/portal/reports",
  invitation: "/portal/invitation",
} as const;

/** Screens only admins may open; the navigation shows them to admins only. */
export const adminNav: readonly NavLink[] = [
  { href: portalPaths.staff, label: "Staff" },
  { href: portalPaths.activity, label: "Activity" },
  { href: portalPaths.reports, label: "Reports" },
];

/** Where a person who must set up a second factor is sent, straight to that section of the account screen. */
export const SECOND_FACTOR_SETUP = `${portalPaths.account}#second-factor`;

/** The portal's navigation bar, on every staff screen; Leads (at /portal/messages) holds the contact messages. */
export const portalNav: readonly NavLink[] = [
  { href: portalPaths.dashboard, label: "Templates" },
  { href: portalPaths.messages, label: "Leads" },
  { href: portalPaths.proposals, label: "Proposals" },
  { href: portalPaths.proposalEditor, label: "Proposal Editor" },
  { href: portalPaths.signature, label: "Email Signature" },
  { href: portalPaths.account, label: "Account" },
];
