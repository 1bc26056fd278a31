/**
 * Each route's contract, declared where the route is: what it does, its success answer (status and schema, or the
 * kind of file it sends) and the coded refusals of its own. `contract()` is a middleware that passes through and
 * carries the declaration, so the app's own route list (`app.routes`) holds every contract: the tests check answers
 * and fuzz bodies from it, and `npm run docs:routes` writes the docs' endpoint tables from it.
 */
import type { Context, MiddlewareHandler, Next, TypedResponse } from "hono";
import type { BlankInput } from "hono/types";
import type { $ZodType } from "zod/v4/core";
import type { CommonErrorCode, ErrorAnswer, ErrorCode, ErrorStatus } from "~/schemas/error-codes";
import { z } from "~/schemas/zod";

/** An answer that is not JSON: a file or a redirect. */
export type FileAnswer = "pdf" | "csv" | "zip" | "image" | "bytes" | "redirect";

export interface RouteContract {
  /** What the route does, in one line of the docs' tables. */
  does: string;
  /** The success answer's JSON schema, or the kind of file it sends. */
  answer: $ZodType | FileAnswer;
  /** The success status (200 unless named). */
  status?: 200 | 201 | 202 | 303;
  /** Coded refusals of this route's own; the guards', validation's and the defaults by status come on top. */
  refusals?: readonly ErrorCode[];
}

const CONTRACT = Symbol("route contract");
/** The schema a body or query validator checks (set by `jsonBody` and `queryOf`). */
export const BODY_SCHEMA = Symbol("body schema");
export const QUERY_SCHEMA = Symbol("query schema");
/** Who a route group's guard lets in (set by the groups of route-groups.ts). */
export const GROUP = Symbol("route group");

/** Someone who wants every answer a route gives with its contract (the answer-schema test). */
type AnswerWatcher = (route: { method: string; path: string; contract: RouteContract; response: Response }) => void;
let watcher: AnswerWatcher | undefined;

/** Hands every answer to `watch` until the returned function is called. */
export function watchAnswers(watch: AnswerWatcher): () => void {
  watcher = watch;
  return () => {
    if (watcher === watch) watcher = undefined;
  };
}

/**
 * The error answer of a route that declares `Declared`: its own codes and those any route may answer. As the answer
 * of the route's `contract()` middleware it reaches the route's type, so `hc` and the tests' `call` give callers
 * the success or this.
 */
export type Refusal<Declared extends ErrorCode = never> = TypedResponse<
  ErrorAnswer<Declared | CommonErrorCode>,
  ErrorStatus,
  "json"
>;

/** Declares a route's contract: put it first among the route's handlers. */
export function contract<const Declared extends readonly ErrorCode[] = []>(
  declared: RouteContract & { refusals?: Declared },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any environment: the route's own stands
): MiddlewareHandler<any, string, BlankInput, Refusal<Declared[number]>> {
  const middleware = async (c: Context, next: Next): Promise<void> => {
    await next();
    watcher?.({ method: c.req.method, path: c.req.routePath, contract: declared, response: c.res });
  };
  return Object.assign(middleware, { [CONTRACT]: declared });
}

/** The contract a handler carries, if it is a `contract()` middleware (or a sub-app's wrapper of one). */
export function contractOf(handler: unknown): RouteContract | undefined {
  return tagOf<RouteContract>(handler, CONTRACT);
}

/**
 * A tag a handler carries, looked up through the wrapper Hono puts around a sub-app's handler when that sub-app
 * has its own error handler (`__COMPOSED_HANDLER` is Hono's name for the wrapped one).
 */
export function tagOf<T>(handler: unknown, tag: symbol): T | undefined {
  const own = (handler as Record<symbol, T> | undefined)?.[tag];
  if (own !== undefined) return own;
  const inner = (handler as Record<string, unknown> | undefined)?.["__COMPOSED_HANDLER"];
  return inner ? tagOf<T>(inner, tag) : undefined;
}

/** Who may call a route, as the docs' tables say it. */
export type Who = "anyone" | "staff" | "staff, during set-up too" | "admin" | typeof BID_SENDER;
/** Who may change one bid: a route's own guard (`bidSenderOnly`) narrows its staff group to them. */
export const BID_SENDER = "staff: the bid's sender, or an admin";

/** One route of the app with everything its handlers declare. */
export interface DescribedRoute {
  method: string;
  path: string;
  who: Who;
  contract?: RouteContract;
  body?: $ZodType;
  query?: $ZodType;
}

/** The app's routes (`app.routes`), one entry per method and path, in the order they were added. */
export function describeRoutes(
  routes: readonly { method: string; path: string; handler: unknown }[],
): DescribedRoute[] {
  const found = new Map<string, DescribedRoute>();
  for (const { method, path, handler } of routes) {
    if (method === "ALL") continue;
    const key = `${method} ${path}`;
    const route = found.get(key) ?? { method, path, who: "anyone" };
    found.set(key, route);
    route.contract ??= contractOf(handler);
    route.body ??= tagOf<$ZodType>(handler, BODY_SCHEMA);
    route.query ??= tagOf<$ZodType>(handler, QUERY_SCHEMA);
    const group = tagOf<Who>(handler, GROUP);
    if (group) route.who = group;
  }
  return [...found.values()];
}

/** The field names of an object schema (of every option of a union; through defaults and pipes). */
export function fieldsOf(schema: $ZodType): string[] {
  const def = schema._zod.def as { shape?: object; options?: $ZodType[]; innerType?: $ZodType; in?: $ZodType };
  if (def.shape) return Object.keys(def.shape);
  if (def.options) return [...new Set(def.options.flatMap(fieldsOf))];
  const inner = def.innerType ?? def.in;
  return inner ? fieldsOf(inner) : [];
}

/** `{ ok: true }`: a change that answers nothing more. */
export const okAnswer = z.object({ ok: z.literal(true) });

/** `{ id }`: the row a change was about. */
export const idAnswer = z.object({ id: z.string() });

/** `{ recoveryCodes }`: codes shown once. */
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

/** A WebAuthn challenge and the ticket that brings its answer back. */
export const passkeyOptionsAnswer = z.object({ ticket: z.string(), options: z.looseObject({ challenge: z.string() }) });
