/**
 * API limits and lifetimes (issue 2, sections 3 to 5), each defined once.
 * Plain constants with no server imports, so the portal UI may read them too; server-only ones
 * (scrypt cost, token claims, the dev user, database timeouts) are in src/server/config.ts.
 */

/** Largest request body any endpoint accepts (413 above it). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Portal password length bounds; longer ones are refused rather than silently truncated. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/** Username bounds for staff accounts. */
export const USERNAME_LENGTH = { min: 1, max: 64 } as const;

/** Portal token lifetimes in seconds: a working day, or 30 days with "stay signed in". */
export const TOKEN_TTL_SECONDS = { session: 12 * 60 * 60, rememberMe: 30 * 24 * 60 * 60 } as const;

/** Smallest accepted PORTAL_JWT_SECRET, in bytes (HS256 wants at least its 256-bit output size). */
export const MIN_JWT_SECRET_BYTES = 32;

/**
 * Login throttling, counted in the database so every function instance sees the same counts. Every
 * attempt counts before its password is hashed; a successful one is taken back. "Address" is the
 * client IP, IPv6 grouped by its /64 (one subscriber usually holds a whole /64).
 */
export const LOGIN_RATE_LIMIT = {
  /** The sliding window every login bucket counts in. */
  windowSeconds: 15 * 60,
  /** One username from one address: small, as the owner at their own address needs few tries. */
  perUsernameAndAddress: 5,
  /** One username from every address together before back-off: high, so attackers cannot lock the owner out. */
  perUsername: 20,
  /** Past perUsername, an attempt from an unknown address waits this long after the previous one, doubling... */
  backoffBaseSeconds: 1,
  /** ...up to this: the username slows down under attack but is never blocked for long. */
  backoffMaxSeconds: 60,
  /** One address across all usernames: stops credential stuffing yet leaves room for an office behind one NAT. */
  perAddress: 50,
  /** An address the username signed in from this recently is "known" to it and skips the username back-off. */
  knownAddressSeconds: 30 * 24 * 60 * 60,
} as const;

/** What POST /api/portal/login and staff endpoints answer (503) while PORTAL_JWT_SECRET is missing or too short. */
export const PORTAL_AUTH_UNCONFIGURED = "Portal sign-in is not configured";

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

/**
 * Staff inbox paging for GET /api/contacts: the page the inbox asks for, and the most one call may
 * ask for. Without `limit` the call still answers every message, as before paging existed.
 */
export const INBOX_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;
