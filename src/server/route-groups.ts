import { Hono, type MiddlewareHandler } from "hono";
import { adminOnly, openDuringSetUp, staffOnly } from "~/server/auth/middleware";
import type { AppEnv } from "~/server/http";
import { GROUP, type Who } from "~/server/contract";

/**
 * `routes` behind `guards`: each of its routes runs them first, and no other route does. (A sub-app's
 * `use("*", …)` would not do: mounted at "/", it becomes middleware of every request of the app, public sign-in
 * and contact form included.) Patterns that overlap in the group (`sessions/others` and `sessions/:id`) still
 * run the guards once per request.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the group answers with its routes' own types
function guarded<T extends Hono<AppEnv, any, "/">>(routes: T, guards: MiddlewareHandler<AppEnv>[], who: Who): T {
  const ran = new WeakSet<object>();
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (ran.has(c)) return next();
    ran.add(c);
    const run = async (i: number): Promise<void> => {
      if (i === guards.length) return next();
      await guards[i]!(c, () => run(i + 1));
    };
    await run(0);
  };
  Object.assign(guard, { [GROUP]: who });
  const group = new Hono<AppEnv>();
  const seen = new Set<string>();
  for (const { method, path } of routes.routes) {
    if (seen.has(`${method} ${path}`)) continue;
    seen.add(`${method} ${path}`);
    group.on(method, path, guard);
  }
  return group.route("/", routes) as unknown as T;
}

/** Routes for signed-in staff: a valid token of a live session (`staffOnly`), else 401. */
export const staffGroup = <T extends Parameters<typeof guarded>[0]>(routes: T) => guarded(routes, [staffOnly], "staff");

/**
 * Routes for signed-in staff that a session which must still set up a second factor may call too: who am I, sign
 * out, confirming who they are, and the set-up itself. Any other staff route answers it 403
 * `second_factor_required`.
 */
export const setUpGroup = <T extends Parameters<typeof guarded>[0]>(routes: T) =>
  guarded(routes, [openDuringSetUp, staffOnly], "staff, during set-up too");

/** Routes for administrators: `staffOnly`, then `adminOnly` (403 for anyone else). */
export const adminGroup = <T extends Parameters<typeof guarded>[0]>(routes: T) =>
  guarded(routes, [staffOnly, adminOnly], "admin");
