/** A refusal by a per-account quota, told apart from other failures so its toast can say which quota. */
import { ApiError } from "~/lib/api-client";
import type { ToastMessage } from "~/lib/toast";
import type { ErrorCode } from "~/schemas/error-codes";
import { quotaReached } from "./messages";

/** The refusals whose words name the quota or the hourly rate the person reached. */
const QUOTA_CODES: readonly string[] = ["quota_exceeded", "rate_limited"] satisfies ErrorCode[];

/** The quota toast for `error` (a storage quota reached, or an upload or save past its hourly rate), or `fallback`. */
export function quotaOr(error: unknown, fallback: ToastMessage): ToastMessage {
  if (!(error instanceof ApiError) || !error.serverMessage || !QUOTA_CODES.includes(error.code ?? "")) return fallback;
  return quotaReached(error.serverMessage);
}
