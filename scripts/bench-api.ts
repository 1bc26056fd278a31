// npm run bench:api: load-tests the API handlers at 50 connections against the embedded database.
//
// The handlers are the real netlify/functions default exports, served by a small Node HTTP
// server in this process (no dev-server worker per request, which would measure Netlify's
// emulator rather than our code), on an in-memory PGlite migrated from migrations/.
// Baseline: GET /bench/select-1 runs `SELECT 1` through the same wrapper, driver and HTTP stack.
// The contact limit (5 per IP per 10 min) stays on: like `astro dev`, this server passes no
// context.ip, so the API falls back to X-Forwarded-For, and each contact request carries a fresh
// address. Every request still runs the throttle query and insert, on the real threshold.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";

process.env.PORTAL_JWT_SECRET = randomBytes(48).toString("base64url");

const { setDbFactory } = await import("../src/server/db");
const { createMemoryDb } = await import("../src/server/db/pglite-db");
const { migrate } = await import("../src/server/db/migrate");
const { createUser } = await import("../src/server/auth/users");
const { createTemplate } = await import("../src/server/templates");
const { handle, json } = await import("../src/server/http");
const contact = (await import("../netlify/functions/contact")).default;
const templates = (await import("../netlify/functions/templates")).default;
const login = (await import("../netlify/functions/portal-login")).default;

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TEMPLATE_COUNT = 100;
/** Characters of templateContent per seeded template: 100 x 2 KB = a ~200 KB list response. */
const TEMPLATE_CHARS = Number(process.env.BENCH_TEMPLATE_CHARS ?? 2000);

const { db, pg } = await createMemoryDb();
await migrate(db);
setDbFactory(() => db);

const userId = await createUser(db, "bench", "bench-password");
for (let i = 0; i < TEMPLATE_COUNT; i++) {
  await createTemplate(
    db,
    { title: `Template ${i}`, description: "Benchmark template", category: "multifamily", templateContent: `Scope of work ${i}: `.padEnd(TEMPLATE_CHARS, "x") },
    { staff: { id: userId, username: "bench" }, ip: null, userAgent: null },
  );
}

const selectOne = handle({
  async GET(scope) {
    await (await scope.db()).query("SELECT 1");
    return json({ ok: true });
  },
});

const routes: Record<string, (req: Request) => Promise<Response>> = {
  "/api/contact": contact,
  "/api/portal/templates": templates,
  "/api/portal/login": login,
  "/bench/select-1": selectOne,
};

async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(`http://localhost${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body });
}

const server = createServer(async (req, res) => {
  const route = routes[new URL(req.url ?? "/", "http://localhost").pathname];
  const response = route
    ? await route(await toRequest(req))
    : json({ error: "Not found" }, 404);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const loginRes = await fetch(`${base}/api/portal/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "bench", password: "bench-password" }),
});
const { token } = (await loginRes.json()) as { token: string };

interface Result {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

type RunOptions = {
  path: string;
  duration?: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  requests?: autocannon.Request[];
};

async function run(name: string, { path, ...options }: RunOptions): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  // autocannon reports p97.5 but not p95, so every response time is kept and ranked here.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION, ...options }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status >= 300) errors++;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    rps: latencies.length / (result.duration || DURATION),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.timeouts,
  };
}

let ipCounter = 0;
const nextIp = () => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

const contactBody = JSON.stringify({ firstName: "Bench", lastName: "Mark", email: "bench@example.com", projectType: "general", message: "Load test message" });

// Warm-up, so JIT and PGlite caches do not count against the first scenario.
await run("warm-up", { path: "/bench/select-1", duration: 2 });

const baseline = await run("SELECT 1 (same stack)", { path: "/bench/select-1" });
const results = [
  baseline,
  await run(`GET /api/portal/templates (${TEMPLATE_COUNT} rows)`, { path: "/api/portal/templates", headers: { authorization: `Bearer ${token}` } }),
  await run("POST /api/contact", {
    path: "/api/contact",
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: contactBody,
        // A new client address per message (10.x.y.z), so the 5-per-IP limit is never the answer.
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": nextIp() } }),
      },
    ],
  }),
];

// The driver alone, without HTTP: 50 concurrent SELECT 1 loops for a second.
const driverLatencies: number[] = [];
const stopAt = Date.now() + 1000;
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < stopAt) {
      const t = performance.now();
      await db.query("SELECT 1");
      driverLatencies.push(performance.now() - t);
    }
  }),
);
driverLatencies.sort((a, b) => a - b);

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : "-");
console.log(`\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION} s per scenario, ${TEMPLATE_COUNT} templates of ${TEMPLATE_CHARS} chars, in-process PGlite (embedded), Node ${process.version}\n`);
console.log("| scenario | req/s | p50 ms | p95 ms | p99 ms | non-2xx/errors | p95 / SELECT 1 p95 |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const r of results) {
  console.log(`| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${(r.p95 / baseline.p95).toFixed(2)}x |`);
}
console.log(
  `\nDriver only (no HTTP), ${CONNECTIONS} concurrent SELECT 1: ${driverLatencies.length} queries/s, p50 ${driverLatencies[Math.floor(driverLatencies.length / 2)]!.toFixed(2)} ms, p95 ${percentile(driverLatencies, 95).toFixed(2)} ms`,
);
const worst = results.slice(1);
const pass = worst.every((r) => r.p95 <= 25 && r.p95 <= 3 * baseline.p95 && r.errors === 0);
console.log(`Target (p95 <= 25 ms and <= 3x SELECT 1, no errors): ${pass ? "met" : "NOT met"}`);

// Let requests still in flight when autocannon stopped finish before the database closes.
await new Promise((resolve) => server.close(resolve));
await pg.close();
