/**
 * API limits and lifetimes (issue 2, sections 3 to 5), each defined once.
 * Plain constants with no server imports, so the portal UI may read them too.
 */

/** Largest request body any endpoint accepts (413 above it). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Portal password length bounds; longer ones are refused rather than silently truncated. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/** Username bounds for staff accounts. */
export const USERNAME_LENGTH = { min: 1, max: 64 } as const;

/**
 * scrypt cost. N = 2^17 with r = 8 needs 128 MiB, above Node's 32 MiB default,
 * hence the raised maxmem.
 */
export const SCRYPT_PARAMS = {
  N: 2 ** 17,
  r: 8,
  p: 1,
  keyLength: 64,
  saltLength: 16,
  maxmem: 256 * 1024 * 1024,
} as const;

/** JWT claims that pin a portal token to this API. */
export const TOKEN_ISSUER = "anchor-line-portal";
export const TOKEN_AUDIENCE = "anchor-line-portal-api";

/** Portal token lifetimes in seconds: a working day, or 30 days with "stay signed in". */
export const TOKEN_TTL_SECONDS = { session: 12 * 60 * 60, rememberMe: 30 * 24 * 60 * 60 } as const;

/** Smallest accepted PORTAL_JWT_SECRET, in bytes (HS256 wants at least its 256-bit output size). */
export const MIN_JWT_SECRET_BYTES = 32;

/** Login throttling: failures counted in the database so every function instance sees them. */
export const LOGIN_RATE_LIMIT = { windowSeconds: 15 * 60, perUsername: 5, perIp: 20 } as const;

/** Contact form throttling per client IP. */
export const CONTACT_RATE_LIMIT = { windowSeconds: 10 * 60, perIp: 5 } as const;

/** Throttle keys idle longer than every window hold no live hit; the hourly cleanup deletes them. */
export const RATE_LIMIT_IDLE_SECONDS = Math.max(LOGIN_RATE_LIMIT.windowSeconds, CONTACT_RATE_LIMIT.windowSeconds);

/** Text caps for portal entities, generous but bounded so one row cannot eat the 1 MB body alone twice. */
export const TEXT_LIMITS = {
  title: 200,
  description: 2000,
  templateContent: 900_000,
  signatureName: 100,
  signatureJson: 100_000,
  htmlContent: 400_000,
  logoUrl: 400_000,
} as const;

/** Where the no-JavaScript contact form sends people after POST /api/contact/form. */
export const CONTACT_FORM_REDIRECTS = {
  success: "/contact/thanks",
  error: "/contact/error",
} as const;

/** Fixed dev-only staff account seeded into an empty dev database (never in production). */
export const DEV_STAFF_USER = { username: "admin", password: "anchorline-dev" } as const;
