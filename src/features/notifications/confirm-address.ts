/** The confirmation link's page: its secret, and the call that confirms the address. */
import { api, read } from "~/lib/api-client";

/** The page the link opens (kept out of `portalPaths`, which every portal screen, the sign-in page too, loads). */
export const CONFIRM_ADDRESS_PATH = "/portal/confirm-address";

/** Confirms the notification address a link was mailed to; resolves with that address. */
export const confirmAddress = (token: string) =>
  read(api.portal["notification-address"].confirm.$post({ json: { token } }));
