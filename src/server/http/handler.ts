import { openDb, type Db } from "../db";
import { clientErrorOf, isConnectionFailure } from "../db/types";
import { env } from "../env";
import { HttpError } from "./error";
import { json } from "./response";

/** What Netlify passes as the second argument (only the parts we use). */
export interface FunctionContext {
  ip?: string;
  params?: Record<string, string | undefined>;
}

/** Per-request state handed to a method handler. */
export interface RequestScope {
  req: Request;
  params: Record<string, string | undefined>;
  /** Client IP: Netlify's context.ip, or the proxy headers when TRUST_PROXY_HEADERS is set (see `clientIp`). */
  ip: string | null;
  userAgent: string | null;
  /** The database, opened on first call and closed after the response. */
  db(): Promise<Db>;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type MethodHandler = (scope: RequestScope) => Promise<Response>;

/**
 * Builds a Netlify function from a method map: 405 with Allow for other methods,
 * one database per request, and every thrown error turned into JSON.
 */
export function handle(methods: Partial<Record<Method, MethodHandler>>) {
  const allow = Object.keys(methods).join(", ");
  return async (req: Request, context: FunctionContext = {}): Promise<Response> => {
    const handler = methods[req.method as Method];
    if (!handler) return json({ error: `Method ${req.method} not allowed` }, 405, { Allow: allow });
    let db: Promise<Db> | undefined;
    try {
      return await handler({
        req,
        params: context.params ?? {},
        ip: clientIp(req, context),
        userAgent: req.headers.get("user-agent"),
        db: () => (db ??= openDb()),
      });
    } catch (error) {
      return errorResponse(error);
    } finally {
      await db?.then((d) => d.close()).catch(() => {});
    }
  };
}

/** Maps any thrown value to a JSON response; only the unexpected is logged, and never exposed. */
export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    const body = error.extra.issues ? { error: error.message, issues: error.extra.issues } : { error: error.message };
    return json(body, error.status, error.extra.headers);
  }
  if (isConnectionFailure(error)) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    console.error(`database unavailable: ${cause}`);
    return json({ error: "Service temporarily unavailable" }, 503, { "Retry-After": "30" });
  }
  const mapped = clientErrorOf(error);
  if (mapped) return json({ error: mapped.message }, mapped.status);
  console.error("unexpected error", error);
  return json({ error: "Internal server error" }, 500);
}

/**
 * The client's address: the platform's (Netlify's context.ip). The proxy headers are anyone's to
 * write, so they count only with TRUST_PROXY_HEADERS (`astro dev`, where context.ip is absent or
 * loopback, and the API bench), and then win over context.ip. Of X-Forwarded-For the last entry is
 * taken: the one the nearest proxy added, and the only one when the client sent it directly.
 */
export function clientIp(req: Request, context: FunctionContext): string | null {
  if (env().TRUST_PROXY_HEADERS) {
    const forwarded =
      req.headers.get("x-nf-client-connection-ip")?.trim() ||
      req.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return context.ip?.trim() || null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The :id path parameter; anything that is not a UUID cannot name a row, so it is a 404. */
export function idParam(scope: RequestScope, what: string): string {
  const id = scope.params.id ?? "";
  if (!UUID.test(id)) throw new HttpError(404, `${what} not found`);
  return id.toLowerCase();
}

/** Netlify's edge rate limit for a function (`config.rateLimit`), counted before the function runs. */
export interface RateLimitConfig {
  windowLimit: number;
  windowSize: number;
  aggregateBy: ("ip" | "domain")[];
}

/**
 * The part of Netlify's function `Config` we use: a route (optionally edge rate-limited), or a cron
 * schedule for a background job. Netlify reads it from the source without running it, so its values
 * must be literals in each function file.
 */
export type FunctionConfig = { path: string | string[]; rateLimit?: RateLimitConfig } | { schedule: string };
