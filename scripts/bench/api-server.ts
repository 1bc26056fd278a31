// The server half of `npm run bench:api`, run as its own process so the load generator does not
// share its event loop: the real netlify/functions default exports behind a small Node HTTP
// server (converting to and from Web Request/Response, as Netlify's runtime does), on an
// in-memory PGlite on a worker thread (as the API tests use it), or with BENCH_DATABASE_URL on that
// (empty) PostgreSQL database through the production path, one connection per request. Migrated from
// migrations/ and seeded with a staff user, the templates and BENCH_CONTACTS contact messages (the
// inbox scenario). Listens on BENCH_PORT (0: a free port). Prints one JSON line, { port, token }, when
// ready; exits when stdin closes.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

process.env.PORTAL_JWT_SECRET = randomBytes(48).toString("base64url");
const databaseUrl = process.env.BENCH_DATABASE_URL;
for (const name of ["NETLIFY_DB_URL", "DEV_DATABASE_URL", "DB_DRIVER"]) delete process.env[name];
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
else delete process.env.DATABASE_URL;
// No platform here passes context.ip: the client sends its address as X-Forwarded-For (see bench-api.ts).
process.env.TRUST_PROXY_HEADERS = "1";

const { openDb, setDbFactory } = await import("../../src/server/db");
const { createThreadedDb } = await import("../../src/server/db/pglite-thread");
const { migrate } = await import("../../src/server/db/migrate");
const { createUser } = await import("../../src/server/auth/users");
const { createTemplate } = await import("../../src/server/templates");
const { handle, json } = await import("../../src/server/http");
const contact = (await import("../../netlify/functions/contact")).default;
const templates = (await import("../../netlify/functions/templates")).default;
const contacts = (await import("../../netlify/functions/contacts")).default;
const templateItem = (await import("../../netlify/functions/template-item")).default;
const login = (await import("../../netlify/functions/portal-login")).default;

const templateCount = Number(process.env.BENCH_TEMPLATES ?? 100);
const templateChars = Number(process.env.BENCH_TEMPLATE_CHARS ?? 2000);
const contactCount = Number(process.env.BENCH_CONTACTS ?? 0);
const unhandledCount = Number(process.env.BENCH_CONTACTS_UNHANDLED ?? 10);
/** Set to a file holding a templateContent to seed that instead (the proposal bench: a real document with a logo). */
const templateContentFile = process.env.BENCH_TEMPLATE_CONTENT_FILE;
const { readFile } = await import("node:fs/promises");
const seededContent = templateContentFile ? await readFile(templateContentFile, "utf8") : undefined;

/** The database the seeding (and, on PGlite, every request) uses; on PostgreSQL each request opens its own. */
const { db, close } = databaseUrl
  ? await openDb({ timeouts: false }).then((scriptDb) => ({ db: scriptDb, close: () => scriptDb.close() }))
  : await createThreadedDb();
await migrate(db);
if (!databaseUrl) setDbFactory(() => db);

const userId = await createUser(db, "bench", "bench-password");
for (let i = 0; i < templateCount; i++) {
  await createTemplate(
    db,
    {
      title: `Template ${i}`,
      description: "Benchmark template",
      category: "multifamily",
      templateContent: seededContent ?? `Scope of work ${i}: `.padEnd(templateChars, "x"),
    },
    { staff: { id: userId, username: "bench" }, ip: null, userAgent: null },
  );
}

// Inbox messages a minute apart, BENCH_CONTACTS_UNHANDLED of them unhandled and spread evenly from
// the newest to the oldest: every inbox size answers the same page, and in a large one the waiting
// messages sit among many handled ones, which only the partial index skips. ANALYZE stands in for autovacuum.
if (contactCount > 0) {
  await db.query(
    `INSERT INTO contact_messages (first_name, last_name, email, phone, project_type, message, handled, created_at)
     SELECT 'Bench', 'Sender ' || i, 'sender' || i || '@example.com', '713-555-0100', 'general',
            repeat('Repaint the clubhouse and 40 units. ', 8), i % $2 <> 0, now() - make_interval(mins => i)
     FROM generate_series(1, $1::int) AS i`,
    [contactCount, Math.max(1, Math.floor(contactCount / unhandledCount))],
  );
  await db.query("ANALYZE contact_messages");
}

/** The baseline: `SELECT 1` through the same wrapper, database handle and HTTP stack as the API. */
const selectOne = handle({
  async GET(scope) {
    await (await scope.db()).query("SELECT 1");
    return json({ ok: true });
  },
});

/**
 * The bare database round trip, no HTTP: `concurrency` loops of `SELECT 1` for `ms` milliseconds, on open
 * connections (PostgreSQL: one each, opened beforehand, outside the request pool; PGlite: the one shared handle).
 */
async function driverOnly(url: URL): Promise<Response> {
  const ms = Number(url.searchParams.get("ms") ?? 1000);
  const concurrency = Number(url.searchParams.get("concurrency") ?? 50);
  const connections = databaseUrl
    ? // Connections of their own (no time limits means no pool): the request pool would hold 50 loops to 8.
      await Promise.all(Array.from({ length: concurrency }, () => openDb({ timeouts: false })))
    : Array.from({ length: concurrency }, () => db);
  const latencies: number[] = [];
  try {
    // Connected before the clock starts: the round trip, not the connect, is the reference.
    await Promise.all(connections.map((c) => c.query("SELECT 1")));
    const stopAt = performance.now() + ms;
    await Promise.all(
      connections.map(async (connection) => {
        while (performance.now() < stopAt) {
          const t = performance.now();
          await connection.query("SELECT 1");
          latencies.push(performance.now() - t);
        }
      }),
    );
  } finally {
    if (databaseUrl) await Promise.all(connections.map((c) => c.close()));
  }
  return json({ latencies, seconds: ms / 1000 });
}

const routes: Record<string, (req: Request) => Promise<Response>> = {
  "/api/contact": contact,
  "/api/contacts": contacts,
  "/api/portal/templates": templates,
  "/api/portal/login": login,
  "/bench/select-1": selectOne,
};

async function toRequest(req: IncomingMessage, url: URL): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(url, { method: req.method, headers: req.headers as Record<string, string>, body });
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  const route = routes[url.pathname];
  const item = /^\/api\/portal\/templates\/([^/]+)$/.exec(url.pathname);
  const response = route
    ? await route(await toRequest(req, url))
    : item
      ? await templateItem(await toRequest(req, url), { params: { id: item[1] } })
      : url.pathname === "/bench/driver"
        ? await driverOnly(url)
        : json({ error: "Not found" }, 404);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  // Chunks as they are, rather than arrayBuffer(), which would copy a cached body once more.
  const chunks: Uint8Array[] = [];
  if (response.body) for await (const chunk of response.body) chunks.push(chunk);
  res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
});
server.listen(Number(process.env.BENCH_PORT ?? 0), "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const port = (server.address() as AddressInfo).port;

const signIn = await fetch(`http://127.0.0.1:${port}/api/portal/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "bench", password: "bench-password" }),
});
const { token } = (await signIn.json()) as { token: string };
console.log(JSON.stringify({ port, token }));

// The parent closes our stdin when it is done (or dies): let requests in flight finish, then close the database.
process.stdin.resume();
process.stdin.on("end", () => {
  server.close(() => void close().then(() => process.exit(0)));
  server.closeAllConnections();
});
