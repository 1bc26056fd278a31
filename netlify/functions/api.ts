import type { Config, Context } from "@netlify/functions";
import { app } from "../../src/server/app";

/** The API: every route of the one app, except those that need a function config of their own (beside this file). */
export default (req: Request, context: Context) => app.fetch(req, { context });

export const config: Config = {
  path: "/api/*",
  excludedPath: ["/api/portal/login", "/api/contact", "/api/contact/form"],
};
