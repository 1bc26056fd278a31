/** A refusal by a per-account quota, told apart from other failures so its toast can say which quota. */
import { ApiError } from "~/lib/api-client";
import type { ToastMessage } from "~/lib/toast";
import { quotaReached } from "./messages";

/** The quota toast for `error` (a 409 whose message starts "Quota reached", or an upload past its hourly rate), or `fallback`. */
export function quotaOr(error: unknown, fallback: ToastMessage): ToastMessage {
  const message = error instanceof ApiError ? error.serverMessage : undefined;
  if (!message) return fallback;
  const quota =
    (error as ApiError).status === 409 ? message.startsWith("Quota reached") : (error as ApiError).status === 429;
  return quota ? quotaReached(message) : fallback;
}
