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
/** "Not spam": a flagged message goes back to the inbox. */
export const CONTACT_NOT_SPAM_PATH = "/api/contacts/:id/not-spam";
/** A message held past the daily ceiling, reviewed and released. */
export const CONTACT_RELEASE_PATH = "/api/contacts/:id/release";
/** Queues a message's failed notification e-mails again (the inbox's Retry). */
export const CONTACT_NOTIFICATION_RETRY_PATH = "/api/contacts/:id/notification-retry";

/** The signed-in staff member's notification e-mail settings. */
export const NOTIFICATION_PREFERENCES_PATH = "/api/portal/notification-preferences";

export const LOGIN_PATH = "/api/portal/login";
export const LOGOUT_PATH = "/api/portal/logout";
export const SESSION_PATH = "/api/portal/session";
// Staff accounts, second factors, passkeys, the activity log, the built exports and the notification-address
// link: in api-routes-staff.ts, a module of its own, because the bundler places this module in a chunk the
// public contact page and the sign-in page load.

export const TEMPLATES_PATH = "/api/portal/templates";
export const TEMPLATE_ITEM_PATH = "/api/portal/templates/:id";
/** A template's versions, newest first; one version; restoring one (as a new version). */
export const TEMPLATE_VERSIONS_PATH = "/api/portal/templates/:id/versions";
export const TEMPLATE_VERSION_PATH = "/api/portal/templates/:id/versions/:version";
export const TEMPLATE_VERSION_RESTORE_PATH = "/api/portal/templates/:id/versions/:version/restore";
/** Deleted proposal templates: the list; POST restores one, DELETE removes it for good (admins). */
export const TEMPLATE_TRASH_PATH = "/api/portal/template-trash";
export const TEMPLATE_TRASH_ITEM_PATH = "/api/portal/template-trash/:id";
/** Administrators: everything the company made as one ZIP, and a proposal template restored from it. */
export const EXPORT_PATH = "/api/portal/export";
export const TEMPLATE_RESTORE_PATH = "/api/portal/template-restore";

export const SIGNATURE_TEMPLATES_PATH = "/api/portal/signature-templates";
export const SIGNATURE_TEMPLATE_ITEM_PATH = "/api/portal/signature-templates/:id";
export const COMPANY_SIGNATURE_TEMPLATES_PATH = "/api/company-signature-templates";
export const SIGNATURE_IMAGES_PATH = "/api/portal/signature-images";
/** Public: exported signature cards (mail clients fetch them without a token) and template logos, by hash. */
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
