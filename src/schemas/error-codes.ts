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

/** The code of a refusal with no specific one, by status; any other status is `internal` (a 500's). */
const BY_STATUS: Partial<Record<number, ErrorCode>> = {
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
};

/**
 * The code of a refusal that names none: `validation_failed` for a 400 that lists the input's issues,
 * otherwise the status's own (`internal` for a status without one).
 */
export function defaultErrorCode(status: number, hasIssues = false): ErrorCode {
  if (status === 400 && hasIssues) return "validation_failed";
  return BY_STATUS[status] ?? "internal";
}
