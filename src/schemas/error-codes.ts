/**
 * The stable names of the API's refusals: every error answer carries one as `code` beside its human `error`
 * text, and callers branch on the code only (the text may be reworded at any time). Shared by the server,
 * which sends them, and the browser, which compares them, so a misspelt code is a type error on both sides.
 */
export const ERROR_CODES = [
  // What a refusal is called when nothing more specific applies: one per status.
  "invalid_request",
  "validation_failed",
  "unauthenticated",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "gone",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "internal",
  "unavailable",
  // A value the database refused (e.g. a NUL byte), or a unique key already taken.
  "invalid_value",
  "already_exists",
  // Outcomes a caller must tell apart from others of the same status.
  "invalid_credentials",
  "sign_in_expired",
  "invalid_code",
  "wrong_password",
  "weak_password",
  "passkey_not_recognised",
  "second_factor_required",
  "confirmation_required",
  "quota_exceeded",
  "version_conflict",
  // A staff session on a client's signing page: staff never act as the client.
  "staff_cannot_sign",
  // A bid is changed (sent again, withdrawn, re-issued) only by its sender or an admin.
  "not_bid_sender",
  // A reply from the portal needs the author's confirmed notification address as its Reply-To.
  "reply_address_missing",
  // A character the signed PDF's fonts cannot print, in a text that ends up in it (the message names both).
  "unprintable_character",
] as const;

/** One of the API's error codes. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One reason a body or query was refused (a 400 `validation_failed` lists them): where, what and which check. */
export interface ApiIssue {
  path: string[];
  message: string;
  code?: string;
}

/** Every error answer's body: the human text, the code callers branch on, and a refused input's issues. */
export interface ErrorAnswer<Code extends ErrorCode = ErrorCode> {
  error: string;
  code: Code;
  issues?: ApiIssue[];
}

/** The statuses an error answer comes with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 429 | 500 | 503;

/**
 * The codes any route may answer whatever it declares: each status's default (a handler's `HttpError` without a
 * code), the guards' (no session, not an admin, a second factor still to set up), validation's (a body that fails
 * its schema or holds a character the PDF cannot print) and the database's (a value it refused, a key taken).
 */
export type CommonErrorCode =
  | (typeof BY_STATUS)[keyof typeof BY_STATUS]
  | "validation_failed"
  | "internal"
  | "second_factor_required"
  | "unprintable_character"
  | "invalid_value"
  | "already_exists";

/** The code of a refusal with no specific one, by status; any other status is `internal` (a 500's). */
const BY_STATUS = {
  400: "invalid_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  410: "gone",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  503: "unavailable",
} as const satisfies Partial<Record<ErrorStatus, ErrorCode>>;

/**
 * The code of a refusal that names none: `validation_failed` for a 400 that lists the input's issues,
 * otherwise the status's own (`internal` for a status without one).
 */
export function defaultErrorCode(status: number, hasIssues = false): ErrorCode {
  if (status === 400 && hasIssues) return "validation_failed";
  const byStatus: Partial<Record<number, ErrorCode>> = BY_STATUS;
  return byStatus[status] ?? "internal";
}
