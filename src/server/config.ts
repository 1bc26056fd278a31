/**
 * Server-only constants, each defined once. Browser code cannot import src/server (lint rule), so
 * what only the API needs lives here rather than in src/config.
 */

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

/** Fixed dev-only staff account seeded into an empty dev database (never in production). */
export const DEV_STAFF_USER = { username: "admin", password: "anchorline-dev" } as const;

/**
 * Database time limits in milliseconds, so that a database that does not answer still gives a 503 within
 * 5 s. Once connected, a statement gets `statementMs` on the server and the client waits `queryMs` for any
 * answer (a server that went silent mid-request on an already-open pooled connection). Under load statements
 * may wait on row locks (a throttle key's row, a template several people save at once), so they are not cut
 * shorter. A request's wait for a connection is `DB_POOL.acquireMs`; `connectMs` bounds what has no pool to
 * wait for: a CLI script's connection, and closing a request's own pool.
 */
export const DB_TIMEOUTS = {
  connectMs: 2_000,
  /** Client side: a query with no answer at all (the server is gone, or a network black hole). */
  queryMs: 3_500,
  /** Server side (SET statement_timeout): PostgreSQL cancels the statement with SQLSTATE 57014. */
  statementMs: 3_000,
} as const;

/**
 * The pg driver's pool, one per process and database URL, for any PostgreSQL reached over TCP: the
 * production-like server runs the whole API in one process and so holds one pool. In production each
 * request opens a pool of its own on Neon and ends it with the request; Neon's pooler does the pooling.
 * `max` leaves most of PostgreSQL's default `max_connections` (100) to other processes (the five
 * functions, each with a pool of its own, migrations, psql). `acquireMs` bounds the wait for a free
 * connection plus opening one, so a database that does not answer is still a 503 within 5 s.
 */
export const DB_POOL = {
  max: 8,
  idleMs: 10_000,
  acquireMs: 3_000,
} as const;

/**
 * Retention: audit rows, contact messages' client addresses and the addresses staff signed in from are
 * kept this long, then the daily `prune-retention` function deletes them (for contact messages, only the
 * address). Throttle keys go sooner, with the hourly `prune-rate-limits`.
 */
export const RETENTION_DAYS = 90;

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

/** Contact messages a day (24 hours) from everyone together before new ones are held for review (CONTACT_DAILY_CEILING overrides). */
export const CONTACT_DAILY_CEILING = 500;

/** Contact form throttling per client IP. */
export const CONTACT_RATE_LIMIT = { windowSeconds: 10 * 60, perIp: 5 } as const;

/** Image uploads per account: counted per hour (the number is ACCOUNT_QUOTAS.imageUploadsPerHour). */
export const IMAGE_UPLOAD_WINDOW_SECONDS = 60 * 60;

/** Proposal template saves per account: counted per hour (the number is ACCOUNT_QUOTAS.templateSavesPerHour). */
export const TEMPLATE_SAVE_WINDOW_SECONDS = 60 * 60;

/** Throttle keys idle longer than every window hold no live hit; the hourly cleanup deletes them. */
export const RATE_LIMIT_IDLE_SECONDS = Math.max(
  LOGIN_RATE_LIMIT.windowSeconds,
  CONTACT_RATE_LIMIT.windowSeconds,
  IMAGE_UPLOAD_WINDOW_SECONDS,
  TEMPLATE_SAVE_WINDOW_SECONDS,
);

/** Where the no-JavaScript contact form sends people after POST /api/contact/form. */
export const CONTACT_FORM_REDIRECTS = {
  success: "/contact/thanks",
  error: "/contact/error",
} as const;

/**
 * Staff sessions. Each use moves a session's end to its lifetime from then (12 hours, or 30 days with "stay
 * signed in", `TOKEN_TTL_SECONDS`), and one unused for `idleSeconds` ends whatever its lifetime. However often
 * it is used, a session ends `absoluteSeconds` after its sign-in: a stolen token cannot be kept alive forever.
 * The row, and with it the caller's token, is renewed at most once every `touchSeconds`, so a busy session
 * does not write its row, nor get a new token, on every request.
 */
export const STAFF_SESSIONS = {
  idleSeconds: 7 * 24 * 60 * 60,
  absoluteSeconds: 90 * 24 * 60 * 60,
  touchSeconds: 60,
} as const;

/**
 * Sudo mode: how long a session counts as confirmed after its owner gave their password (and code) or a
 * verified passkey again. Changes to how one signs in, the company's data and other people's accounts need it.
 */
export const CONFIRMATION_SECONDS = 10 * 60;

/**
 * Wrong passwords since the last success after which an account refuses passwords, except from a browser with
 * its known-device token (passkeys still work too). Failures from such a browser are not counted.
 */
export const PASSWORD_FAILURE_STOP = 100;

/** The failure stop lifts itself this long after it began. */
export const PASSWORD_STOP_SECONDS = 24 * 60 * 60;

/** Wrong current passwords on the password change: this many per account and window, then 429 (like sign-ins). */
export const PASSWORD_CHANGE_LIMIT = { max: 5, windowSeconds: 15 * 60 } as const;

/** One-time invitation and reset links: valid this long, single use. */
export const INVITATION_TTL_SECONDS = 72 * 60 * 60;

/** The known-device token a browser gets at each successful sign-in lets it skip the per-name back-off this long. */
export const KNOWN_DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

/**
 * The second step of a password sign-in and WebAuthn ceremonies: how long a pending step or challenge
 * lives, and how many wrong codes void a pending step (5 tries of a 6-digit code: a 1 in 200,000 chance).
 */
export const AUTH_CHALLENGE = { ttlSeconds: 5 * 60, maxCodeAttempts: 5 } as const;

/** Passkey sign-in challenges one address may ask for (each is a row until it expires). */
export const PASSKEY_CHALLENGE_LIMIT = { windowSeconds: 15 * 60, perAddress: 30 } as const;

/** TOTP as authenticator apps expect it (RFC 6238 defaults); a code one step early or late still counts. */
export const TOTP_PARAMS = { algorithm: "SHA1", digits: 6, period: 30, window: 1, secretBytes: 20 } as const;

/** Recovery codes given when TOTP is set up: each works once. */
export const RECOVERY_CODE_COUNT = 10;
