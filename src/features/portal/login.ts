/** Signing in: the request and what each answer means to the person, as a toast. */
import type { ToastMessage } from "~/lib/toast";
import { loginRateLimited, portalMessages } from "./messages";
import type { LoginInput } from "~/schemas/auth";
import { ApiError, apiRequest } from "~/lib/api-client";
import { formatWait } from "~/lib/retry-after";
import { LOGIN_PATH } from "~/lib/api-routes";

/** The outcome of one attempt: a token, or the toast that explains the failure. */
export type LoginResult = { ok: true; token: string } | { ok: false; toast: ToastMessage };

/** Posts the credentials; never throws. */
export async function signIn(input: LoginInput): Promise<LoginResult> {
  try {
    const { token } = await apiRequest<{ token: string }>(LOGIN_PATH, { method: "POST", json: input });
    return { ok: true, token };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0)
      return { ok: false, toast: portalMessages.loginNetworkError };
    if (error.status === 429) return { ok: false, toast: loginRateLimited(formatWait(error.retryAfter)) };
    return { ok: false, toast: portalMessages.loginFailed };
  }
}
