/**
 * The API's HTTP vocabulary: its one error class, JSON responses with the API's headers, body and query
 * validation, and the request facts handlers need (client address, the :id parameter).
 */
import { zValidator } from "@hono/zod-validator";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { $ZodType } from "zod/v4/core";
import type { ErrorCode } from "~/schemas/error-codes";
import { UNPRINTABLE_CODE, unprintableIssue } from "~/schemas/printable";
import type { Db } from "./db";
import type { DeliveryScope } from "./notifications/outbox";
import type { Staff } from "~/server/auth/middleware";
import { clientAddress, DEFAULT_CLIENT_ADDRESS_HEADER } from "./client-address";
import { z } from "~/schemas/zod";
import { env } from "./env";
import { BODY_SCHEMA, QUERY_SCHEMA } from "./contract";

/** What Netlify passes a function as its context (the part we use); the node server passes the same. */
interface PlatformContext {
  ip?: string;
  /** Keeps the function alive for `promise` after the response is sent (Netlify's; absent on the node server). */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** The deploy serving the request (Netlify's; "dev" under `netlify dev`; absent on the node server). */
  deploy?: { context?: string };
}

/** Work a request leaves for after its response, on the request's database. */
export type AfterResponse = (db: Db) => Promise<unknown>;

/** The Hono environment of every route: the platform's context, and the request's database and caller. */
export interface AppEnv {
  Bindings: { context?: PlatformContext };
  Variables: {
    /** The request's database, opened on first call and closed after the response. */
    db: () => Promise<Db>;
    /**
     * Runs `task` once the response is on its way: it never delays or fails the response (its errors are
     * logged), and the request's database stays open until it ends.
     */
    afterResponse: (task: AfterResponse) => void;
    /** The signed-in staff member (set by `staffOnly`). */
    staff: Staff;
    /** A session that must set up a second factor may call this route (set by `openDuringSetUp`). */
    openDuringSetUp: boolean;
  };
}

/**
 * Sends the outbox's due e-mails within `scope` right after the response, so they leave as soon as the change
 * that queued them; the every-minute job sends whatever this attempt does not. Nothing with
 * NOTIFY_SCHEDULED_ONLY. The mailer loads only when the attempt runs.
 */
export function mailAfterResponse(c: Context<AppEnv>, scope: DeliveryScope): void {
  if (env().NOTIFY_SCHEDULED_ONLY) return;
  c.var.afterResponse(async (db) => (await import("~/server/notifications/deliver")).deliverConfigured(db, scope));
}

/**
 * The security notices (changes to how someone signs in, new-device sign-ins) queued for `staffId`, to any of
 * their addresses, or for anyone when not known (a sign-in route, before it knows who signs in), sent right
 * after the response.
 */
export function securityNoticesSoon(c: Context<AppEnv>, staffId?: string): void {
  mailAfterResponse(c, { kind: "security", ...(staffId ? { recipientId: staffId } : {}) });
}

/** The one error class handlers throw; the app's error handler turns it into JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: {
      issues?: unknown[];
      headers?: Record<string, string>;
      cause?: unknown;
      /**
       * The stable name of the refusal that callers branch on (never on the message text); without it the
       * answer carries the status's default (`defaultErrorCode`).
       */
      code?: ErrorCode;
    } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = "HttpError";
  }
}

/** Headers every API response carries (Netlify's header rules do not reach functions). */
const API_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
} as const;

/** A JSON response with the API's standard headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...API_HEADERS, ...headers } });
}

/**
 * Gives every answer the API's headers: handlers answer with `c.json` (whose types the portal's client reads),
 * and this adds the charset, nosniff and no-store once. A header a route set itself (an image's Cache-Control)
 * stays.
 */
export const apiHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.headers.get("content-type") === "application/json") c.header("Content-Type", API_HEADERS["Content-Type"]);
  for (const name of ["X-Content-Type-Options", "Cache-Control"] as const)
    if (!c.res.headers.has(name)) c.header(name, API_HEADERS[name]);
});

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

const mediaType = (c: Context) => (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/** zod issues as the API reports them: where, what and which check. */
const issuesOf = (error: { issues: { path: PropertyKey[]; message: string; code: string }[] }) =>
  error.issues.map((i) => ({ path: i.path.map(String), message: i.message, code: i.code }));

/**
 * Validates a JSON body against `schema`: 415 unless it is JSON, 400 for malformed JSON (Hono's message) or
 * for zod issues. With `optional`, a request with no Content-Type and no body validates as `{}`, so a
 * schema's defaults stand in for it.
 */
export const jsonBody = <S extends $ZodType>(schema: S, { optional = false } = {}) =>
  tagged(
    BODY_SCHEMA,
    schema,
    zValidator("json", schema, async (result, c) => {
      const type = mediaType(c);
      if (!JSON_TYPE.test(type)) {
        const empty = optional && type === "" && (await c.req.text()).trim() === "";
        if (!empty) throw new HttpError(415, "Content-Type must be application/json");
      }
      if (!result.success) {
        const issues = issuesOf(result.error);
        // A character the PDF cannot print has its own code and the issue's message, which names field and character.
        const unprintable = unprintableIssue(result.error.issues);
        if (unprintable) throw new HttpError(400, unprintable.message, { issues, code: UNPRINTABLE_CODE });
        throw new HttpError(400, "Invalid request body", { issues });
      }
    }),
  );

/** Validates the query string against `schema`: 400 whose message and issues name each bad parameter. */
export const queryOf = <S extends $ZodType>(schema: S) =>
  tagged(
    QUERY_SCHEMA,
    schema,
    zValidator("query", schema, (result) => {
      if (result.success) return;
      throw invalidQuery(issuesOf(result.error));
    }),
  );

/**
 * The 400 of a query string that breaks a rule, `queryOf`'s and that of a rule only a domain function can check:
 * its message and issues name each bad parameter.
 */
export const invalidQuery = (issues: { path: string[]; message: string; code: string }[]) =>
  new HttpError(400, `Invalid query: ${issues.map((i) => i.message).join("; ")}`, { issues });

/** A validator that names its schema, so the route contracts' readers (tests, docs) find what a route takes. */
function tagged<V extends object>(tag: symbol, schema: $ZodType, validator: V): V {
  return Object.assign(validator, { [tag]: schema });
}

/**
 * `?view=` of a list: `summary` asks for the light list; anything else (or nothing) keeps the full one. Declared so
 * the portal's client knows the parameter; any value passes.
 */
export const viewQuery = queryOf(z.object({ view: z.optional(z.union([z.string(), z.array(z.string())])) }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The :id path parameter; anything that is not a UUID cannot name a row, so it is a 404. */
export function idParam(c: Context, what: string): string {
  const id = c.req.param("id") ?? "";
  if (!UUID.test(id)) throw new HttpError(404, `${what} not found`);
  return id.toLowerCase();
}

/** The client's address (see `clientAddress`): a valid IP address, or null. */
export function clientIp(c: Context<AppEnv>): string | null {
  const e = env();
  const trusted = e.TRUST_PROXY_HEADERS ? (e.CLIENT_ADDRESS_HEADER ?? DEFAULT_CLIENT_ADDRESS_HEADER) : undefined;
  return clientAddress({ header: (name) => c.req.header(name), platformIp: c.env?.context?.ip }, trusted);
}

/** Where a request comes from: the client's address and device, as sign-ins and the audit log record them. */
export function clientOf(c: Context<AppEnv>): { ip: string | null; userAgent: string | null } {
  return { ip: clientIp(c), userAgent: c.req.header("user-agent") ?? null };
}

/** The ETag of a row's version: what every read of a versioned row answers with. */
export const versionTag = (version: number) => `"v${version}"`;

/**
 * The version an If-Match header names, for a save that must not replace someone else's: undefined when
 * the header is absent or `*` (the caller replaces whatever is current, on purpose); 400 when it names no
 * version of ours.
 */
export function ifMatchVersion(c: Context): number | undefined {
  const header = c.req.header("if-match")?.trim();
  if (!header || header === "*") return undefined;
  const match = /^(?:W\/)?"v(\d{1,9})"$/.exec(header);
  if (!match) throw new HttpError(400, 'If-Match must be the ETag of a version, such as "v3"');
  return Number(match[1]);
}
