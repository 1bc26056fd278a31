/** Signing in: the requests and what each answer means to the person, as a toast. */
import type { ToastMessage } from "~/lib/toast";
import { loginRateLimited, portalMessages } from "./messages";
import type { LoginAnswer, LoginInput } from "~/schemas/sign-in";
import type { ErrorCode } from "~/schemas/error-codes";
import { api, ApiError, read } from "~/lib/api-client";
import { formatWait } from "~/lib/retry-after";
import { authenticateWithPasskey } from "./passkey-ceremony";

/** A finished sign-in: the session token, and whether the company wants a second factor set up first. */
export type SignedIn = { ok: true; token: string; setupSecondFactor: boolean };

/** The outcome of one attempt: signed in, a second step to take, or the toast that explains the failure. */
export type LoginResult = SignedIn | { ok: "second-step"; ticket: string } | { ok: false; toast: ToastMessage };

/** localStorage key of an account's known-device token (per username: a shared computer may hold several). */
const deviceKey = (username: string) => `portalDevice:${username.trim().toLowerCase()}`;

function readDeviceToken(username: string): string | undefined {
  try {
    return localStorage.getItem(deviceKey(username)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the known-device token a sign-in returned, so this browser skips the per-name back-off next time. */
export function keepDeviceToken(username: string, deviceToken: string | undefined): void {
  try {
    if (deviceToken && username) localStorage.setItem(deviceKey(username), deviceToken);
  } catch {
    // No storage, no exemption: sign-in still works.
  }
}

/** The toast for a failed call; `refused` is the 401's text. */
function failure(error: unknown, refused: ToastMessage): { ok: false; toast: ToastMessage } {
  if (!(error instanceof ApiError) || error.status === 0) return { ok: false, toast: portalMessages.loginNetworkError };
  if (error.status === 429) return { ok: false, toast: loginRateLimited(formatWait(error.retryAfter)) };
  return { ok: false, toast: refused };
}

/** Posts the credentials (with this browser's known-device token for the name); never throws. */
export async function signIn(input: LoginInput): Promise<LoginResult> {
  try {
    const answer: LoginAnswer = await read(
      api.portal.login.$post({ json: { ...input, deviceToken: readDeviceToken(input.username) } }),
    );
    if ("ticket" in answer) return { ok: "second-step", ticket: answer.ticket };
    keepDeviceToken(input.username, answer.deviceToken);
    return { ok: true, token: answer.token, setupSecondFactor: answer.setupSecondFactor === true };
  } catch (error) {
    return failure(error, portalMessages.loginFailed);
  }
}

/** The second step: an authenticator code or a recovery code for the ticket; never throws. */
export async function submitCode(username: string, ticket: string, code: string): Promise<LoginResult> {
  try {
    const answer = await read(api.portal.login["second-factor"].$post({ json: { ticket, code } }));
    keepDeviceToken(username, answer.deviceToken);
    return { ok: true, token: answer.token, setupSecondFactor: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.code !== ("invalid_code" satisfies ErrorCode))
      return { ok: false, toast: { ...portalMessages.loginFailed, description: error.serverMessage ?? "" } };
    return failure(error, portalMessages.codeInvalid);
  }
}

/** Signs in with a passkey (no username). Never throws. */
export async function signInWithPasskey(rememberMe: boolean): Promise<LoginResult> {
  try {
    const outcome = await authenticateWithPasskey(
      () => read(api.portal.login.passkey.options.$post()),
      (ticket, response): Promise<LoginAnswer> =>
        read(api.portal.login.passkey.$post({ json: { ticket, response, rememberMe } })),
    );
    if (!outcome.ok) return { ok: false, toast: portalMessages.passkeyCancelled };
    const answer = outcome.answer;
    // A passkey that did not verify the person is one factor: the authenticator's code follows, as after a password.
    if ("ticket" in answer) return { ok: "second-step", ticket: answer.ticket };
    return { ok: true, token: answer.token, setupSecondFactor: answer.setupSecondFactor === true };
  } catch (error) {
    return failure(error, portalMessages.passkeyFailed);
  }
}
