import type { Config, Context } from "@netlify/functions";
import { app } from "../../src/server/app";

/** Staff sign-in: the same app as every route, in a function of its own for its edge rate limit. */
export default (req: Request, context: Context) => app.fetch(req, { context });

// Netlify counts this per client address before the function (and the database) is reached; the database's
// own limits stay the precise ones. Literals: Netlify reads this config without running it.
export const config: Config = {
  path: "/api/portal/login",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
