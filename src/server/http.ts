import * as z from "zod";
import { MAX_BODY_BYTES } from "../config/api";
import { openDb, type Db } from "./db";
import { isConnectionFailure } from "./db/types";
import { env } from "./env";

/** The one error class handlers throw; `respond` turns it into JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { issues?: unknown[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = "HttpError";
  }
}

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

/** Headers every API response carries (Netlify's header rules do not reach functions). */
const BASE_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
} as const;

/** A JSON response with the API's standard headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonText(JSON.stringify(body), status, headers);
}

/**
 * Like `json`, for a body that is already serialized (a cached list). Bytes go out as a one-chunk
 * stream: a Uint8Array body would be copied by the Response constructor on every request.
 */
export function jsonText(body: string | Uint8Array, status = 200, headers: Record<string, string> = {}): Response {
  if (typeof body === "string") return new Response(body, { status, headers: { ...BASE_HEADERS, ...headers } });
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  return new Response(stream, {
    status,
    headers: { ...BASE_HEADERS, "Content-Length": String(body.byteLength), ...headers },
  });
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
  const code = (error as { code?: unknown } | null)?.code;
  // SQLSTATE class 22 (data exception, e.g. a NUL byte in text) can only come from input that passed validation.
  if (typeof code === "string" && code.startsWith("22")) return json({ error: "Invalid value in request" }, 400);
  if (code === "23505") return json({ error: "Already exists" }, 409);
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

/** Reads the body as UTF-8 text, refusing more than MAX_BODY_BYTES even when Content-Length lies. */
export async function readBody(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

const tooLarge = () => new HttpError(413, `Request body exceeds ${MAX_BODY_BYTES} bytes`);

function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Parses a JSON body against `schema`: 415 unless it is JSON, 413 above the cap,
 * 400 for malformed JSON or for zod issues. `emptyBody` stands in for a missing body when given.
 */
export async function readJson<S extends z.core.$ZodType>(
  req: Request,
  schema: S,
  options: { emptyBody?: unknown } = {},
): Promise<z.output<S>> {
  const type = mediaType(req);
  const isJson = type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
  const mayBeEmpty = "emptyBody" in options;
  // Without a Content-Type only an empty body is acceptable, and only where one is allowed.
  if (!isJson && !(type === "" && mayBeEmpty)) throw new HttpError(415, "Content-Type must be application/json");
  const text = await readBody(req);
  if (text.trim() === "" && mayBeEmpty) return validate(schema, options.emptyBody);
  if (!isJson) throw new HttpError(415, "Content-Type must be application/json");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, "Malformed JSON body", { cause: error });
  }
  return validate(schema, value);
}

/** Reads an HTML form body (urlencoded or multipart) as a plain object of strings. */
export async function readForm(req: Request): Promise<Record<string, string>> {
  const type = mediaType(req);
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw new HttpError(415, "Content-Type must be application/x-www-form-urlencoded or multipart/form-data");
  }
  // Read through the capped reader first; multipart needs the original header for its boundary.
  const body = await readBody(req);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": req.headers.get("content-type")! } }).formData();
  } catch (error) {
    throw new HttpError(400, "Malformed form body", { cause: error });
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  return fields;
}

/** safeParse that throws a 400 carrying the zod issues. */
export function validate<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message, code: i.code }));
    throw new HttpError(400, "Invalid request body", { issues });
  }
  return parsed.data;
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
