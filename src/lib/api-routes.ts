/**
 * Every API path, defined once: the server registers its routes with these constants and the browser
 * calls them through `apiPath`, so renaming a route is a change here that the type check carries to both
 * sides. Separate exports (not one object) so a public island bundles only the paths it calls.
 */

export const CONTACT_PATH = "/api/contact";
/** The contact form's no-JavaScript fallback: a form post answered with redirects. */
export const CONTACT_FORM_PATH = "/api/contact/form";
export const CONTACTS_PATH = "/api/contacts";
export const CONTACT_ITEM_PATH = "/api/contacts/:id";

export const LOGIN_PATH = "/api/portal/login";
export const LOGOUT_PATH = "/api/portal/logout";
export const SESSION_PATH = "/api/portal/session";
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
export const ACCOUNT_SESSIONS_PATH = "/api/portal/account/sessions";
export const ACCOUNT_SESSION_ITEM_PATH = "/api/portal/account/sessions/:id";
export const ACCOUNT_OTHER_SESSIONS_PATH = "/api/portal/account/sessions/others";
export const ACCOUNT_TOTP_PATH = "/api/portal/account/totp";
export const ACCOUNT_TOTP_CONFIRM_PATH = "/api/portal/account/totp/confirm";
export const ACCOUNT_PASSKEY_OPTIONS_PATH = "/api/portal/account/passkeys/options";
export const ACCOUNT_PASSKEYS_PATH = "/api/portal/account/passkeys";
export const ACCOUNT_PASSKEY_ITEM_PATH = "/api/portal/account/passkeys/:id";

export const TEMPLATES_PATH = "/api/portal/templates";
export const TEMPLATE_ITEM_PATH = "/api/portal/templates/:id";

export const SIGNATURE_TEMPLATES_PATH = "/api/portal/signature-templates";
export const SIGNATURE_TEMPLATE_ITEM_PATH = "/api/portal/signature-templates/:id";
export const COMPANY_SIGNATURE_TEMPLATES_PATH = "/api/company-signature-templates";
export const SIGNATURE_IMAGES_PATH = "/api/portal/signature-images";
/** Public: mail clients fetch exported signature cards here without a token. */
export const SIGNATURE_IMAGE_FILE_PATH = "/api/signature-images/:file";

/** The `:name` parameters of a route pattern, as a union of their names. */
export type RouteParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParams<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * A concrete path for `pattern`, each `:name` replaced by its (URI-encoded) value: the type requires
 * exactly the parameters the pattern names.
 */
export function apiPath<P extends string>(pattern: P, params: Record<RouteParams<P>, string>): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name]!),
  );
}
