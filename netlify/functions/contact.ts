import type { Config, Context } from "@netlify/functions";
import { app } from "../../src/server/app";

/** The public contact form (JSON, and the no-JavaScript form post) in a function of its own for its edge rate limit. */
export default (req: Request, context: Context) => app.fetch(req, { context });

// Netlify counts this per client address before the function (and the database) is reached; the database's
// own limits stay the precise ones. Literals: Netlify reads this config without running it.
export const config: Config = {
  path: ["/api/contact", "/api/contact/form"],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
