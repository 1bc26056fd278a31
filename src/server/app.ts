import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ExtractSchema } from "hono/types";
import { defaultErrorCode, type ErrorCode } from "~/schemas/error-codes";
import { MAX_BODY_BYTES } from "~/schemas/limits";
import { SIGNATURE_IMAGE } from "~/schemas/signature";
import { openDb, type Db } from "./db";
import { clientErrorOf, isConnectionFailure } from "./db/types";
import { apiHeaders, HttpError, json, type AfterResponse, type AppEnv } from "./http";
import { adminGroup, setUpGroup, staffGroup } from "./route-groups";
import { describeRoutes, type DescribedRoute } from "./contract";
import { accountRoutes, accountSetUpRoutes } from "./account/routes";
import { activityRoutes } from "./activity/routes";
import { attentionRoutes } from "./attention/routes";
import { sessionRoutes, signInRoutes } from "./auth/routes";
import { bidClientRoutes, bidRoutes, verifyRoutes } from "./bids/routes";
import { contactRoutes, inboxRoutes } from "./leads/contact-routes";
import { exportJobRoutes, exportRoutes } from "./export/routes";
import { leadReportRoutes, leadRoutes } from "./leads/routes";
import { notificationAddressRoutes, notificationRoutes } from "./notifications/routes";
import { signatureImageRoutes, signatureRoutes } from "./signatures/routes";
import { invitationRoutes, staffRoutes } from "./staff/routes";
import { templatePurgeRoutes, templateRoutes } from "./templates/routes";
// Every domain's e-mails registered with the outbox, whichever entry point drains it.
import "./mail-kinds";

/** What the app needs from outside: where its database comes from (the environment's, or a test's). */
export interface AppDeps {
  database: () => Promise<Db>;
}

/**
 * Bodies larger than the default cap, by route: a signature card's PNG travels as a base64 data URL, and a sent
 * bid carries its whole document with its logo inline.
 */
const BODY_LIMITS: Record<string, number> = {
  "/api/portal/signature-images": SIGNATURE_IMAGE.maxBodyBytes,
  "/api/portal/bids": 4 * MAX_BODY_BYTES,
};

/** An error answer: the human message and, always, its stable code (see `~/schemas/error-codes`). */
const failure = (status: number, error: string, code: ErrorCode, headers?: Record<string, string>) =>
  json({ error, code }, status, headers);

/** Maps any thrown value to a JSON response with a code; only the unexpected is logged, and never exposed. */
export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    const { code, issues, headers } = error.extra;
    const body = {
      error: error.message,
      code: code ?? defaultErrorCode(error.status, !!issues),
      ...(issues ? { issues } : {}),
    };
    return json(body, error.status, headers);
  }
  if (error instanceof HTTPException) return failure(error.status, error.message, defaultErrorCode(error.status));
  if (isConnectionFailure(error)) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    console.error(`database unavailable: ${cause}`);
    return failure(503, "Service temporarily unavailable", "unavailable", { "Retry-After": "30" });
  }
  const mapped = clientErrorOf(error);
  if (mapped) return failure(mapped.status, mapped.message, mapped.code);
  console.error("unexpected error", error);
  return failure(500, "Internal server error", "internal");
}

/** Routes a signed-in session may call even while it must still set up a second factor. */
const setUpRoutes = new Hono<AppEnv>().route("/", sessionRoutes).route("/", accountSetUpRoutes);

/** Routes for any signed-in staff member. */
const staffOnlyRoutes = new Hono<AppEnv>()
  .route("/", accountRoutes)
  .route("/", templateRoutes)
  .route("/", signatureRoutes)
  .route("/", inboxRoutes)
  .route("/", notificationRoutes)
  .route("/", bidRoutes)
  .route("/", leadRoutes)
  .route("/", attentionRoutes);

/** Routes for administrators. */
const adminOnlyRoutes = new Hono<AppEnv>()
  .route("/", staffRoutes)
  .route("/", activityRoutes)
  .route("/", templatePurgeRoutes)
  .route("/", exportRoutes)
  .route("/", exportJobRoutes)
  .route("/", leadReportRoutes);

/**
 * The whole API as one Hono app: every route, its validation, the body cap, the error mapping and a database per
 * request. Netlify runs it as functions, the production-like server and the benches serve it with
 * @hono/node-server, and the tests call `app.request()`.
 */
export function createApp({ database }: AppDeps = { database: openDb }) {
  const app = new Hono<AppEnv>();

  // The database is opened only by requests that use it, and closed after the response and the work the
  // request left for after it (which the platform is asked to wait for, where it can).
  app.use(async (c, next) => {
    let db: Promise<Db> | undefined;
    const open = () => (db ??= database());
    const tasks: AfterResponse[] = [];
    c.set("db", open);
    c.set("afterResponse", (task) => void tasks.push(task));
    try {
      await next();
    } finally {
      const close = () => db?.then((d) => d.close()).catch(() => {});
      if (tasks.length === 0) await close();
      else {
        const work = runAfterResponse(open, tasks).finally(close);
        c.env?.context?.waitUntil?.(work);
      }
    }
  });

  app.use((c, next) =>
    bodyLimit({
      maxSize: BODY_LIMITS[c.req.path] ?? MAX_BODY_BYTES,
      onError: () => {
        throw new HttpError(413, `Request body exceeds ${BODY_LIMITS[c.req.path] ?? MAX_BODY_BYTES} bytes`);
      },
    })(c, next),
  );

  app.use(apiHeaders);
  // Who may call what is declared here, once per group: public routes, staff routes (those open to a session that
  // must still set up a second factor in a group of their own), admin routes.
  const routes = app
    .route("/", signInRoutes)
    .route("/", invitationRoutes)
    .route("/", notificationAddressRoutes)
    .route("/", contactRoutes)
    .route("/", bidClientRoutes)
    .route("/", verifyRoutes)
    .route("/", signatureImageRoutes)
    .route("/", setUpGroup(setUpRoutes))
    .route("/", staffGroup(staffOnlyRoutes))
    .route("/", adminGroup(adminOnlyRoutes));

  // A known path asked with another method is a 405 naming the methods it has; anything else a 404.
  app.notFound((c) => {
    const allow = allowedMethods(app, c);
    if (allow.length)
      return failure(405, `Method ${c.req.method} not allowed`, "method_not_allowed", { Allow: allow.join(", ") });
    return failure(404, "Not found", "not_found");
  });
  app.onError((error) => errorResponse(error));
  return routes;
}

/** The API's routes with their inputs and answers: what the portal's client (`~/lib/api`) is typed from. */
export type AppType = ReturnType<typeof createApp>;

/**
 * The app's routes, each with what its handlers declare (contract, body, group), read from an app that opens no
 * database: what the docs' tables and the tests built from `app.routes` go through.
 */
export const describeAppRoutes = (): DescribedRoute[] =>
  describeRoutes(createApp({ database: () => Promise.reject(new Error("not opened")) }).routes);

type AppSchema = ExtractSchema<AppType>;
/** The code of a route's answer that is a refusal (`{ error, code }`); nothing for its other answers. */
type CodeOf<Endpoint> = Endpoint extends { output: { code: infer Code extends ErrorCode } } ? Code : never;
/**
 * The codes the API's refusals carry: those any route may answer and those its routes declare (`contract()`), so
 * a caller comparing a code no route sends has a type error.
 */
export type RefusalCode = {
  [Path in keyof AppSchema]: {
    [Method in keyof AppSchema[Path]]: CodeOf<AppSchema[Path][Method]>;
  }[keyof AppSchema[Path]];
}[keyof AppSchema];

/** Runs a request's after-response tasks in turn; a failure is logged and does not stop the next task. */
async function runAfterResponse(open: () => Promise<Db>, tasks: AfterResponse[]): Promise<void> {
  // Let the response leave first: the tasks start on a later turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  for (const task of tasks) {
    try {
      await task(await open());
    } catch (error) {
      console.error("after-response task failed", error);
    }
  }
}

/** The methods the app's routes answer at this request's path (middleware excluded). */
function allowedMethods(app: Hono<AppEnv>, c: Context): string[] {
  const methods = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const pattern = new URLPattern({ pathname: route.path });
    if (pattern.test({ pathname: c.req.path })) methods.add(route.method);
  }
  return [...methods];
}

/** The app on the environment's database: what the Netlify functions and the node server run. */
export const app = createApp();
