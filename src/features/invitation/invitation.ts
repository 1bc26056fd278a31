/** The invitation page's calls: what the link is for, and choosing the password. */
import { INVITATION_ACCEPT_PATH, INVITATION_PATH } from "~/lib/api-routes-staff";
import { apiRequest } from "~/lib/api-client";

/** The link's secret, from the page's fragment (it never travels to a server in a URL). */
export const secretFromHash = (hash: string) => decodeURIComponent(hash.replace(/^#/, ""));

export const invitationInfo = (token: string) =>
  apiRequest<{ username: string; displayName: string }>(INVITATION_PATH, { method: "POST", json: { token } });

export const acceptInvitation = (token: string, password: string) =>
  apiRequest<{ token: string; deviceToken: string; setupSecondFactor?: true }>(INVITATION_ACCEPT_PATH, {
    method: "POST",
    json: { token, password },
  });
