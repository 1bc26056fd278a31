/**
 * The API paths of staff accounts, second factors, passkeys and the activity log: `api-routes.ts`'s rule (one
 * constant per path, registered by the server and called through `apiPath`) in a module of its own, so the
 * public site's chunks never carry them.
 */

/** The second step of a password sign-in: an authenticator code or a recovery code. */
export const LOGIN_SECOND_FACTOR_PATH = "/api/portal/login/second-factor";
/** Passkey sign-in: a challenge, then the authenticator's answer. */
export const PASSKEY_LOGIN_OPTIONS_PATH = "/api/portal/login/passkey/options";
export const PASSKEY_LOGIN_PATH = "/api/portal/login/passkey";

/** Staff accounts (admins only), their one-time links, and the company's sign-in settings. */
export const STAFF_PATH = "/api/portal/staff";
export const STAFF_ITEM_PATH = "/api/portal/staff/:id";
export const STAFF_RESET_PATH = "/api/portal/staff/:id/reset";
export const SETTINGS_PATH = "/api/portal/settings";
/** Public: what an invitation link is for, and choosing its password (the link's secret is the credential). */
export const INVITATION_PATH = "/api/portal/invitation";
export const INVITATION_ACCEPT_PATH = "/api/portal/invitation/accept";

/** The activity log (admins only): a page of entries, or all of them as CSV. */
export const ACTIVITY_PATH = "/api/portal/activity";
export const ACTIVITY_CSV_PATH = "/api/portal/activity.csv";

/** The signed-in person's own account. */
export const ACCOUNT_PATH = "/api/portal/account";
export const ACCOUNT_PASSWORD_PATH = "/api/portal/account/password";
/** Sudo mode: the password (and code) or a passkey again, so the session may make sensitive changes for a while. */
export const ACCOUNT_CONFIRM_PATH = "/api/portal/account/confirm";
export const ACCOUNT_CONFIRM_PASSKEY_OPTIONS_PATH = "/api/portal/account/confirm/passkey/options";
export const ACCOUNT_SESSIONS_PATH = "/api/portal/account/sessions";
export const ACCOUNT_SESSION_ITEM_PATH = "/api/portal/account/sessions/:id";
export const ACCOUNT_OTHER_SESSIONS_PATH = "/api/portal/account/sessions/others";
export const ACCOUNT_TOTP_PATH = "/api/portal/account/totp";
export const ACCOUNT_TOTP_CONFIRM_PATH = "/api/portal/account/totp/confirm";
export const ACCOUNT_PASSKEY_OPTIONS_PATH = "/api/portal/account/passkeys/options";
export const ACCOUNT_PASSKEYS_PATH = "/api/portal/account/passkeys";
export const ACCOUNT_PASSKEY_ITEM_PATH = "/api/portal/account/passkeys/:id";

/** Public: the link mailed to a new notification address confirms it (its secret is the proof). */
export const NOTIFICATION_ADDRESS_CONFIRM_PATH = "/api/portal/notification-address/confirm";

/** The company's ZIP built apart from the request (any size): asking for one, its state, and its parts in order. */
export const EXPORTS_PATH = "/api/portal/exports";
export const EXPORT_ITEM_PATH = "/api/portal/exports/:id";
export const EXPORT_PART_PATH = "/api/portal/exports/:id/parts/:part";
