/**
 * The portal's HTTP client (docs/requirements.md#portal-client): Hono's typed client over the API's own routes
 * (`api.portal.templates.$get()`, paths and bodies checked against `AppType`), whose every call carries the
 * stored bearer token when there is one (replaced by the renewal an answer carries), credentials included, and
 * turns every non-OK answer into an ApiError whose message is "<status>: <body text, or the status text when the
 * body is empty>". Callers branch on the error's `code`, never on its text.
 */
import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiIssue, ErrorAnswer } from "~/schemas/error-codes";
import type { AppType, RefusalCode } from "~/server/app";
import { getPortalToken, PORTAL_TOKEN_HEADER, setPortalToken } from "./portal-token";
import { parseRetryAfter } from "./retry-after";
import { CONFIRMATION_REQUIRED, SECOND_FACTOR_REQUIRED_CODE } from "./second-factor";

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
    const { error } = refusalOf(this.body);
    return typeof error === "string" ? error : undefined;
  }

  /** The API's stable name of the refusal (`{ code }`), when the body carries one: callers branch on this. */
  get code(): RefusalCode | undefined {
    const { code } = refusalOf(this.body);
    return typeof code === "string" ? code : undefined;
  }

  /** The issues a refused body or query lists (empty when the body lists none). */
  get issues(): ApiIssue[] {
    const { issues } = refusalOf(this.body);
    // The API writes each issue's path as strings (server/http.ts `issuesOf`).
    return Array.isArray(issues)
      ? issues.filter((issue) => typeof issue?.message === "string" && Array.isArray(issue.path))
      : [];
  }
}

/**
 * The refusal a JSON error body carries, typed as the routes declare it (their `contract()`): the API sends only
 * those codes, so the type is the server's word; checking each code here would put the whole catalogue in every
 * portal page. Its fields are still checked for their kind, as a body that is not the API's (a proxy's page) has
 * none of them.
 */
function refusalOf(body: string): Partial<ErrorAnswer<RefusalCode>> {
  try {
    // Object(): a body that is JSON but not an object (null, a number) has no fields.
    return Object(JSON.parse(body));
  } catch {
    return {};
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

/** A promise that never settles: the page is leaving (or changing screen), so nothing after the call should run. */
const leaving = () => new Promise<never>(() => {});

/**
 * `fetch` as every portal call makes it. With `on401: "answer"` a 401 is returned as it came, and the session is
 * left alone: the caller is only asking whether the token still works.
 */
function portalFetch({ on401 }: { on401: "end-session" | "answer" }): typeof fetch {
  const send = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    const token = getPortalToken();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    let response: Response;
    try {
      response = await fetch(input, { ...init, headers, credentials: "include" });
    } catch (error) {
      throw new ApiError(0, error instanceof Error ? error.message : "Network error");
    }
    // A renewal replaces only the token it renews: not one a logout has cleared or a new sign-in replaced since.
    const renewed = response.headers.get(PORTAL_TOKEN_HEADER);
    if (renewed && token && getPortalToken() === token) setPortalToken(renewed);
    if (response.ok) return response;
    if (response.status === 401 && on401 === "answer") return response;
    // The page is leaving for the sign-in page: no error toast or half-updated state on the way out.
    if (response.status === 401 && token && sessionEnded) return (sessionEnded(), leaving());
    const text = await response.text();
    const failure = new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      text,
      parseRetryAfter(response.headers.get("retry-after")),
    );
    if (response.status === 403 && failure.code === SECOND_FACTOR_REQUIRED_CODE && secondFactorRequired?.())
      return leaving();
    // A sensitive change without a recent confirmation: confirm, then make the same call again.
    if (response.status === 403 && failure.code === CONFIRMATION_REQUIRED && (await confirmIdentity?.()))
      return send(input, init);
    throw failure;
  };
  return send as typeof fetch;
}

/** The API, typed from its routes: `api.portal.templates[":id"].$put({ param: { id }, json })`. */
export const api = hc<AppType>("/", { fetch: portalFetch({ on401: "end-session" }) }).api;

/** `api` for the calls that only ask whether the stored token still works: a 401 is their answer, not an end. */
export const sessionCheckApi = hc<AppType>("/", { fetch: portalFetch({ on401: "answer" }) }).api;

/** What a call answers when it succeeds (its failures have thrown an ApiError): the routes' successful bodies. */
type Answer<R> =
  R extends ClientResponse<infer Body, infer Status, string>
    ? [Extract<Status, SuccessStatusCode>] extends [never]
      ? never
      : Body
    : never;

/** The body of a call's successful answer, parsed; a failure has already thrown its ApiError. */
export async function read<R extends ClientResponse<unknown>>(request: Promise<R>): Promise<Answer<R>> {
  return (await readTagged(request)).body;
}

/** `read`, with the answer's ETag: the version a template was read or saved as. */
export async function readTagged<R extends ClientResponse<unknown>>(
  request: Promise<R>,
): Promise<{ body: Answer<R>; etag: string | null }> {
  const response = await request;
  const text = await response.text();
  return { body: text ? JSON.parse(text) : null, etag: response.headers.get("etag") };
}
