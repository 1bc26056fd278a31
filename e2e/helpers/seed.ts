/** The shared set-up calls (test/seed.ts), sent through a test's own request context. */
import type { APIRequestContext } from "@playwright/test";
import { seedApi, type Send, type SeedApi } from "../../test/seed";

export {
  API,
  notificationRetryPath,
  randomVisitor,
  type Invitation,
  type SignatureInput,
  type SignatureSummary,
} from "../../test/seed";

/** Codes whose answers carry no body, which a Response must be built without. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Requests through Playwright's context: relative paths go to the test's baseURL (a spec may serve from
 * localhost instead of 127.0.0.1), and the calls show in the trace.
 */
export function sendWith(request: APIRequestContext): Send {
  return async (path, { method = "GET", headers, body }) => {
    const response = await request.fetch(path, {
      method,
      headers: Object.fromEntries(new Headers(headers)),
      data: typeof body === "string" ? body : undefined,
    });
    const status = response.status();
    const payload = NO_BODY.has(status) ? null : new Uint8Array(await response.body());
    return new Response(payload, { status, headers: response.headers() });
  };
}

/** The set-up calls of a test, through its `request` fixture. */
export const seedWith = (request: APIRequestContext): SeedApi => seedApi(sendWith(request));
