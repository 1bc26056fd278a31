/**
 * The production-like local server: the last `npm run build` and the API on one port, as Netlify serves them.
 * Without DATABASE_URL it runs on a throw-away embedded database, migrated and seeded with the dev staff user.
 *
 * It sends the notification e-mails as Netlify's schedule does: the deliver-notifications job every minute
 * (`--notify-every <seconds>` to change that), through SMTP_URL when it is set.
 *
 * With `--tls-key` and `--tls-cert` (PEM files) it serves HTTPS and HTTP/2, as Netlify's CDN does.
 *
 * CLI: tsx scripts/serve-prod.ts [--port 4700] [--host 127.0.0.1] [--notify-every 60] [--tls-key k --tls-cert c]
 */
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { prepare } from "../src/integrations/dev-database";
import { startEmbeddedPostgres } from "../src/integrations/embedded-postgres";
import { startProductionServer } from "./lib/production-server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4700" },
    host: { type: "string", default: "127.0.0.1" },
    /** Seconds between runs of the deliver-notifications job (Netlify runs it every minute). */
    "notify-every": { type: "string", default: "60" },
    /** Where to write the server's database URL and token secret (for tests that sign tokens or add staff). */
    "info-file": { type: "string" },
    "tls-key": { type: "string" },
    "tls-cert": { type: "string" },
  },
});
const { "tls-key": tlsKey, "tls-cert": tlsCert } = values;

let stopDatabase = async () => {};
if (!process.env.DATABASE_URL) {
  const directory = await mkdtemp(join(tmpdir(), "anchor-line-db-"));
  const embedded = await startEmbeddedPostgres({ directory });
  await prepare(embedded.url, "migrations", { info: () => {} });
  process.env.DATABASE_URL = embedded.url;
  stopDatabase = async () => {
    await embedded.stop();
    await rm(directory, { recursive: true, force: true });
  };
}
// Tokens need not outlive a local run.
process.env.PORTAL_JWT_SECRET ||= randomBytes(48).toString("base64url");
// Local clients (e2e, load test) stand for many visitors: each names its address in X-Forwarded-For.
process.env.TRUST_PROXY_HEADERS ??= "1";

const server = await startProductionServer({
  port: Number(values.port),
  host: values.host,
  notificationJobEveryMs: Number(values["notify-every"]) * 1000,
  tls: tlsKey && tlsCert ? { key: await readFile(tlsKey, "utf8"), cert: await readFile(tlsCert, "utf8") } : undefined,
});
if (values["info-file"]) {
  const info = { url: server.url, databaseUrl: process.env.DATABASE_URL, jwtSecret: process.env.PORTAL_JWT_SECRET };
  await mkdir(dirname(values["info-file"]), { recursive: true });
  await writeFile(values["info-file"], JSON.stringify(info) + "\n", { mode: 0o600 });
}
console.log(`serve-prod: ${server.url}`);

const shutdown = async () => {
  await server.close();
  await stopDatabase();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
