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

/** Where a person who must set up a second factor is sent, straight to that section of the account screen. */
export const SECOND_FACTOR_SETUP = `${portalPaths.account}#second-factor`;

/** A link of the portal's navigation; `adminOnly` ones are shown to administrators only. */
export interface PortalNavLink extends NavLink {
  adminOnly?: boolean;
}

/** The portal's navigation, grouped by the work each screen serves: the sidebar and the phone's menu list it. */
export const portalNavGroups: readonly { label: string; links: readonly PortalNavLink[] }[] = [
  {
    label: "Sales",
    links: [
      { href: portalPaths.messages, label: "Leads" },
      { href: portalPaths.proposals, label: "Proposals" },
      { href: portalPaths.reports, label: "Reports", adminOnly: true },
    ],
  },
  {
    label: "Documents",
    links: [
      { href: portalPaths.proposalEditor, label: "Proposal Editor" },
      { href: portalPaths.dashboard, label: "Templates" },
      { href: portalPaths.signature, label: "Email Signature" },
    ],
  },
  {
    label: "Company",
    links: [
      { href: portalPaths.staff, label: "Staff", adminOnly: true },
      { href: portalPaths.activity, label: "Activity", adminOnly: true },
      { href: portalPaths.account, label: "Account" },
    ],
  },
];

/** Where the top bar's count leads: the dashboard's "Needs you now" list. */
export const NEEDS_YOU_HREF = `${portalPaths.dashboard}#needs-you`;
