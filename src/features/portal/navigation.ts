import type { NavLink } from "~/config/navigation";

/** The staff portal's pages. */
export const portalPaths = {
  login: "/portal/login",
  dashboard: "/portal/dashboard",
  messages: "/portal/messages",
  proposalEditor: "/portal/proposal-editor",
  signature: "/portal/signature",
} as const;

/** The portal's navigation bar, on every staff screen; Messages is the staff inbox. */
export const portalNav: readonly NavLink[] = [
  { href: portalPaths.dashboard, label: "Templates" },
  { href: portalPaths.messages, label: "Messages" },
  { href: portalPaths.proposalEditor, label: "Proposal Editor" },
  { href: portalPaths.signature, label: "Email Signature" },
];
