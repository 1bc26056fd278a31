/**
 * The client page's calls, with plain `fetch`: the typed portal client and zod would weigh more than the
 * whole page. Their paths, bodies and answers are typed from the API's own routes all the same
 * (`InferRequestType`/`InferResponseType` of `AppType`, imported as types: nothing of it reaches the page). Every
 * answer is either the value or the API's refusal (`{ error, code }`), which callers branch on by `code`; the
 * staff session travels along so the API can refuse it (docs/bids.md).
 */
import type { hc, InferRequestType, InferResponseType } from "hono/client";
import type { BidView } from "~/schemas/bids";
import type { ErrorAnswer, ErrorStatus } from "~/schemas/error-codes";
import type { AppType } from "~/server/app";
import { getPortalToken } from "~/lib/portal-token";
import { t } from "./language";
import { parseRetryAfter } from "~/lib/retry-after";

/** A refusal, or `network` when no answer came. */
export interface Failure {
  status: number;
  code: BidRefusalCode | "network";
  error: string;
  /** Seconds, from a 429's Retry-After. */
  retryAfter?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/** No answer came: the page's own words, in its language. */
const network = (): Failure => ({ status: 0, code: "network", error: t().network });

/** Headers of every call: JSON, and the portal's token when this browser holds one. */
function headers(): HeadersInit {
  const token = getPortalToken();
  return { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

/** The refusal a non-2xx answer carries; a body that is not the API's shape still yields its status. */
export async function readFailure(response: Response): Promise<Failure> {
  // Typed as the routes declare their refusals; a body that is not the API's (a proxy's page) has neither field.
  const body: Partial<ErrorAnswer<BidRefusalCode>> | null = await response.json().catch(() => null);
  return {
    status: response.status,
    code: typeof body?.code === "string" ? body.code : "internal",
    error: typeof body?.error === "string" ? body.error : `The server answered ${response.status}.`,
    retryAfter: parseRetryAfter(response.headers.get("Retry-After")),
  };
}

/** POSTs `body` as JSON and reads the answer with `read`. */
async function post<T>(
  path: string,
  body: unknown,
  read: (response: Response) => Promise<T>,
  fetchImpl: typeof fetch = fetch,
): Promise<Result<T>> {
  try {
    const response = await fetchImpl(path, { method: "POST", headers: headers(), body: JSON.stringify(body) });
    if (!response.ok) return { ok: false, failure: await readFailure(response) };
    return { ok: true, value: await read(response) };
  } catch {
    return { ok: false, failure: network() };
  }
}

/** The client page's calls with a JSON answer, as the API's routes type them. */
type BidCalls = ReturnType<typeof hc<AppType>>["api"]["bids"];
export type BidAction = "open" | "code" | "check-code" | "sign" | "decline" | "decline-code" | "renewal";
/** The codes the client page's calls may be refused with, as their routes declare them. */
type BidRefusalCode = RefusalCodeOf<BidCalls[BidAction | "pdf"]["$post"]>;
/** The codes of a call's refusal answers, call by call (its success answers leave their status open). */
type RefusalCodeOf<Call> = Call extends unknown
  ? Extract<InferResponseType<Call, ErrorStatus>, ErrorAnswer>["code"]
  : never;
/** The JSON body of POST /api/bids/<action>. */
export type BidBody<A extends BidAction> = InferRequestType<BidCalls[A]["$post"]>["json"];
type RouteAnswer<A extends BidAction> = InferResponseType<BidCalls[A]["$post"], 200>;
/**
 * The successful answer of POST /api/bids/<action>. Hono's JSON type stops at the document's nested body nodes
 * (their children become any JSON), so where the route answers the view, the view's own type stands in: the one
 * its handler returns, which must still fit the route's answer (`ViewFitsTheRoutes`).
 */
export type BidAnswer<A extends BidAction> = RouteAnswer<A> extends { documentId: string } ? BidView : RouteAnswer<A>;
type Holds<T extends true> = T;
/** A type error here when the routes stop answering a `BidView`. */
export type ViewFitsTheRoutes = Holds<[BidView] extends [RouteAnswer<BidAction>] ? true : false>;

/** POST /api/bids/<action> with a JSON answer (open, code, sign, decline and renewal). */
export function postJson<A extends BidAction>(
  action: A,
  body: BidBody<A>,
  fetchImpl?: typeof fetch,
): Promise<Result<BidAnswer<A>>> {
  return post(`/api/bids/${action}`, body, (response): Promise<BidAnswer<A>> => response.json(), fetchImpl);
}

/** The file name a Content-Disposition header gives (RFC 6266: filename* first), or the fallback. */
export function fileNameFrom(header: string | null, fallback = "proposal.pdf"): string {
  const extended = header?.match(/filename\*\s*=\s*(?:UTF-8)?''([^;]+)/i)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: the plain filename, if any, is next.
    }
  }
  const plain = header?.match(/filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

/** POST /api/bids/pdf: the PDF (sealed once it exists) and its file name. */
export function postForPdf(secret: string, fetchImpl?: typeof fetch): Promise<Result<{ blob: Blob; name: string }>> {
  return post(
    "/api/bids/pdf",
    { secret },
    async (response) => ({
      blob: await response.blob(),
      name: fileNameFrom(response.headers.get("Content-Disposition")),
    }),
    fetchImpl,
  );
}

/** Saves a blob as a download under `name` through a short-lived object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a minute leaves slow devices room.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
