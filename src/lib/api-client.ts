/**
 * The portal's HTTP client (docs/requirements.md#portal-client): JSON bodies, credentials included, the
 * stored bearer token when there is one (replaced by the renewal an answer carries), and every non-OK answer
 * turned into an ApiError whose message is "<status>: <body text, or the status text when the body is empty>".
 */
import { getPortalToken, PORTAL_TOKEN_HEADER, setPortalToken } from "./portal-token";
import { parseRetryAfter } from "./retry-after";
import { CONFIRMATION_REQUIRED, SECOND_FACTOR_REQUIRED } from "./second-factor";

/** A non-OK response. `status` 0 means the server could not be reached at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: string = "",
    /** Seconds from a 429's Retry-After header. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The API's own `{ error }` text, when the body carries one. */
  get serverMessage(): string | undefined {
    return bodyField(this.body, "error");
  }

  /** The API's stable name of the refusal (`{ code }`), when the body carries one: callers branch on this. */
  get code(): string | undefined {
    return bodyField(this.body, "code");
  }
}

/** A string field of a JSON error body, if the body is JSON and has it. */
function bodyField(body: string, field: "error" | "code"): string | undefined {
  try {
    const value = (JSON.parse(body) as Record<string, unknown>)[field];
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What to do when the API refuses the stored token; set once by the portal (see `onSessionEnded`). */
let sessionEnded: (() => void) | undefined;

/**
 * Registers the one place that handles a 401 to a call that carried the stored token (expired or
 * revoked): every staff screen gets it without handling 401 itself.
 */
export function onSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

/** What to do when the API says this session must set up a second factor first; true when it handled it. */
let secondFactorRequired: (() => boolean) | undefined;

/** Registers the one place that sends a session that must set up a second factor to that set-up. */
export function onSecondFactorRequired(handler: () => boolean): void {
  secondFactorRequired = handler;
}

/** Asks the person to confirm who they are (sudo mode); resolves true once they did, false when they gave up. */
let confirmIdentity: (() => Promise<boolean>) | undefined;

/**
 * Registers the dialog that confirms who the person is when a sensitive change answers 403
 * `confirmation_required`; the refused call is then made again. Returns the unregistration.
 */
export function onConfirmationRequired(handler: () => Promise<boolean>): () => void {
  confirmIdentity = handler;
  return () => {
    if (confirmIdentity === handler) confirmIdentity = undefined;
  };
}

/** Options of one call. */
export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /**
   * "null" makes a 401 resolve to null instead of throwing (the login page's session check), and
   * leaves the session alone: the caller is only asking whether the token still works.
   */
  on401?: "throw" | "null";
  /** Sent as If-Match: the ETag of the version a save was made on (a 409 when it is no longer current). */
  ifMatch?: string;
}

/** Calls the API and returns its JSON body (null for an empty one). */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiRequestTagged<T>(path, options)).body;
}

/** `apiRequest`, with the response's ETag: the version a template was read or saved as. */
export async function apiRequestTagged<T>(
  path: string,
  { method = "GET", json, on401 = "throw", ifMatch }: ApiRequestOptions = {},
): Promise<{ body: T; etag: string | null }> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = getPortalToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers["Content-Type"] = "application/json";
  if (ifMatch) headers["If-Match"] = ifMatch;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "include",
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : "Network error");
  }
  // A renewal replaces only the token it renews: not one a logout has cleared or a new sign-in replaced since.
  const renewed = response.headers.get(PORTAL_TOKEN_HEADER);
  if (renewed && token && getPortalToken() === token) setPortalToken(renewed);
  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401 && on401 === "null") return { body: null as T, etag: null };
    if (response.status === 401 && token && sessionEnded) {
      sessionEnded();
      // The page is leaving for the sign-in page: nothing after this call should run, so no
      // error toast or half-updated state appears on the way out.
      return new Promise<never>(() => {});
    }
    const failure = new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      text,
      parseRetryAfter(response.headers.get("retry-after")),
    );
    if (response.status === 403 && failure.serverMessage === SECOND_FACTOR_REQUIRED && secondFactorRequired?.())
      return new Promise<never>(() => {});
    // A sensitive change without a recent confirmation: confirm, then make the same call again.
    if (
      response.status === 403 &&
      failure.code === CONFIRMATION_REQUIRED &&
      confirmIdentity &&
      (await confirmIdentity())
    )
      return apiRequestTagged<T>(path, { method, json, on401, ifMatch });
    throw failure;
  }
  return { body: (text ? JSON.parse(text) : null) as T, etag: response.headers.get("etag") };
}
