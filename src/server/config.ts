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
 * Database time limits in milliseconds. A database that does not answer must still give a 503 within 5 s:
 * connecting gets 2 s, and once connected a statement gets 3 s on the server (statement_timeout, SQLSTATE
 * 57014) and 3.5 s on the client (a server that went silent mid-request, with a pooled connection that was
 * already open). Statements get more room than the connection because under load they queue on row locks
 * (every template write bumps one revision row).
 */
export const DB_TIMEOUTS = {
  connectMs: 2_000,
  /** Client side: a query with no answer at all (the server is gone, or a network black hole). */
  queryMs: 3_500,
  /** Server side (SET statement_timeout): PostgreSQL cancels the statement with SQLSTATE 57014. */
  statementMs: 3_000,
} as const;

/**
 * The pg driver's pool, one per process and database URL (the production-like server and any self-hosted
 * PostgreSQL; Neon's per-request connections go through Neon's own pooler). Eight functions, each bundled with
 * its own pool, stay within PostgreSQL's default `max_connections` of 100 at 8 each. `acquireMs` bounds the
 * wait for a free connection plus opening one; a database that does not answer is still a 503 within 5 s.
 */
export const DB_POOL = {
  max: 8,
  idleMs: 10_000,
  acquireMs: 3_000,
} as const;

/**
 * Retention (issue 10): audit rows, contact messages' client addresses and throttle history are kept this
 * long, then the daily `prune-retention` function deletes them (or, for contact messages, the address).
 */
export const RETENTION_DAYS = 90;
