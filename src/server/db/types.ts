/** Anything that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one statement with $1.. parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** An open transaction. */
export interface Transaction extends Queryable {
  /** Runs a multi-statement script without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The one database interface every repository takes as its first argument. */
export interface Db extends Transaction {
  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Gives back what this Db holds (a request's own connection pool); a no-op for shared ones. */
  close(): Promise<void>;
}

/** The database could not be reached: answered 503, never a 500. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super("Database unavailable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** PostgreSQL answers COMMIT with ROLLBACK when the transaction had already failed: nothing was written. */
export class RolledBackError extends Error {
  constructor() {
    super("COMMIT was turned into ROLLBACK: a statement in the transaction had failed, nothing was written");
    this.name = "RolledBackError";
  }
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EPIPE",
  "EAI_AGAIN",
]);

/**
 * True for failures that mean "no database" rather than "bad query": network errors, SQLSTATE class 08
 * (connection exception), shutdowns, too many connections, bad credentials and a missing database, and the
 * time limits (57014 statement timeout; the driver's connect and query timeouts).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== "object" || error === null) return false;
  const code = String((error as { code?: unknown }).code ?? "");
  if (
    NETWORK_CODES.has(code) ||
    code.startsWith("08") ||
    code.startsWith("57P") ||
    ["57014", "53300", "3D000", "28P01", "28000"].includes(code)
  )
    return true;
  const message = String((error as { message?: unknown }).message ?? "");
  return /Connection terminated|connection (was )?closed|Client has encountered a connection error|WebSocket|Query read timeout|timeout expired|timeout exceeded when trying to connect/i.test(
    message,
  );
}

/**
 * A database error that is the client's doing, as a status and message; undefined for anything else.
 * SQLSTATE class 22 (data exception, e.g. a NUL byte in text) can only come from input that passed
 * validation; 23505 is a unique key taken.
 */
export function clientErrorOf(
  error: unknown,
): { status: 400 | 409; message: string; code: "invalid_value" | "already_exists" } | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("22"))
    return { status: 400, message: "Invalid value in request", code: "invalid_value" };
  if (code === "23505") return { status: 409, message: "Already exists", code: "already_exists" };
  return undefined;
}
