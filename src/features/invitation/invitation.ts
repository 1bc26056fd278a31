/** The invitation page's calls: what the link is for, and choosing the password. */
import { api, read } from "~/lib/api-client";

/** The link's secret, from the page's fragment (it never travels to a server in a URL). */
export const secretFromHash = (hash: string) => decodeURIComponent(hash.replace(/^#/, ""));

export const invitationInfo = (token: string) => read(api.portal.invitation.$post({ json: { token } }));

export const acceptInvitation = (token: string, password: string) =>
  read(api.portal.invitation.accept.$post({ json: { token, password } }));
