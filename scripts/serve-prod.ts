/**
 * The production-like local server: the built site and functions on one port, as Netlify serves them.
 * Run `npm run build` first. Without DATABASE_URL it starts a throw-away embedded database.
 *
 * CLI: tsx scripts/serve-prod.ts [--port 4700] [--host 127.0.0.1] [--log]
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startEmbeddedDatabase, ephemeralSecret } from "./prod-server/database";
import { startProductionServer } from "./prod-server/server";
import { FUNCTIONS_BUNDLE } from "./lib/deploy-paths";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4700" },
    host: { type: "string", default: "127.0.0.1" },
    log: { type: "boolean", default: false },
  },
});

const root = process.cwd();
const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedDatabase(join(root, "migrations"));
if (embedded) process.env.DATABASE_URL = embedded.url;
process.env.PORTAL_JWT_SECRET ||= ephemeralSecret();
// Local clients (e2e, load test) stand for many visitors: each names its address in X-Forwarded-For.
process.env.TRUST_PROXY_HEADERS ??= "1";

const server = await startProductionServer({
  functionsBundle: join(root, FUNCTIONS_BUNDLE),
  projectRoot: root,
  port: Number(values.port),
  host: values.host,
  log: values.log,
});
console.log(`serve-prod: ${server.url} (database: ${embedded ? "embedded" : "DATABASE_URL"})`);

const shutdown = async () => {
  await server.close();
  await embedded?.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
