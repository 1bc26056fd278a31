import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { AstroIntegration } from "astro";
import { isRunnableDevEnvironment, type ViteDevServer } from "vite";
import { devDatabaseReady } from "./dev-database";
import { headerRules, headersFor } from "./netlify-headers";

/** The Vite environment the API's modules run in under `astro dev`: a graph of its own, apart from the pages'. */
export const API_ENVIRONMENT = "api";
/** The one app every route lives in; the Netlify functions and the production-like server serve the same. */
const APP_MODULE = "/src/server/app.ts";
/** The module the API and the jobs read their settings through. */
const ENV_MODULE = "/src/server/env.ts";
const API_PREFIX = "/api/";

type AppModule = typeof import("~/server/app");

/**
 * `astro dev` serves the API itself: the Hono app, loaded through Vite's module runner, answers every /api
 * request inside the dev server's process, on the embedded database the dev-database integration started.
 * An edit to a server file reaches the next request with no restart: Vite's watcher invalidates the runner's
 * modules, which load again, once, on the next import.
 *
 * Not the Netlify adapter's function emulation (astro.config.mjs turns it off): it bundles the function again
 * into a new `.netlify/functions-serve` folder for each change it sees and starts a worker per call, seconds a
 * call, and its copies can lack `pg`. Pages get netlify.toml's header rules here; API answers carry their own,
 * as on Netlify, where the rules do not reach functions.
 */
export default function devApi(): AstroIntegration {
  return {
    name: "dev-api",
    hooks: {
      "astro:config:setup"({ command, updateConfig }) {
        if (command !== "dev") return;
        // `dev: {}` is all a runnable server environment needs; packages stay external (Node loads them once).
        updateConfig({ vite: { environments: { [API_ENVIRONMENT]: { consumer: "server", dev: {} } } } });
      },
      async "astro:server:setup"({ server, logger }) {
        // The links in the e-mails `npm run dev` writes to .data/mail (a client's bid, an address to confirm) open
        // this server, unless SITE_URL names another.
        server.httpServer?.once("listening", () => {
          const address = server.httpServer?.address();
          if (process.env.SITE_URL || !address || typeof address !== "object") return;
          process.env.SITE_URL = `http://localhost:${address.port}`;
          // A job that started before this (the every-minute one fires on the minute, start-up or not) has the
          // settings parsed without it; the API's modules read them again, so no link names www.example.com.
          const environment = server.environments[API_ENVIRONMENT];
          if (environment && isRunnableDevEnvironment(environment))
            void environment.runner
              .import<typeof import("~/server/env")>(ENV_MODULE)
              .then(({ resetEnv }) => resetEnv())
              .catch((error: unknown) => logger.error(`SITE_URL could not reach the API: ${String(error)}`));
        });
        const rules = await headerRules(server.config.root);
        const api = apiHandler(server);
        server.middlewares.use((req, res, next) => {
          const path = new URL(req.url ?? "/", "http://localhost").pathname;
          if (path.startsWith(API_PREFIX)) {
            api(req, res).catch((error: unknown) => {
              logger.error(`API request failed before the app answered: ${String(error)}`);
              if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
              res.end(JSON.stringify({ error: "Internal server error" }));
            });
            return;
          }
          for (const [name, value] of Object.entries(headersFor(rules, path))) res.setHeader(name, value);
          next();
        });
      },
    },
  };
}

/** A Node request handler that hands each request to the app as the runner has it now. */
function apiHandler(server: ViteDevServer): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const environment = server.environments[API_ENVIRONMENT];
  if (!environment || !isRunnableDevEnvironment(environment))
    throw new Error(`The "${API_ENVIRONMENT}" Vite environment is missing or cannot run modules`);
  return getRequestListener(async (request, { incoming }) => {
    await devDatabaseReady();
    const { app } = await environment.runner.import<AppModule>(APP_MODULE);
    // The platform's client address, as Netlify's context.ip gives it; TRUST_PROXY_HEADERS (set by the
    // dev-database integration) lets a test name another in X-Forwarded-For.
    return app.fetch(request, { context: { ip: incoming.socket.remoteAddress } });
  }) as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}
