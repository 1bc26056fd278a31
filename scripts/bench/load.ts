/**
 * npm run bench:load: many clients at once for 30 s of mixed reads and writes (template list, create and update,
 * contact form, inbox) on the production-like server: 200 connections on PostgreSQL, 50 on the embedded
 * database. Nothing may answer 5xx or go unanswered, and every acknowledged write must be in the database after.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { API } from "../../test/seed";
import { measureLatency, nextIp, onEachDatabase, report, type Figure } from "./harness";

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
/** Clients at once: the embedded database is one session for everyone. */
const CONNECTIONS = { embedded: 50, PostgreSQL: 200 } as const;
/** p95 goal on PostgreSQL; the embedded database (one session for everyone) is held to no 5xx only. */
const P95_TARGET_MS = 500;

const rows: Figure[] = [];
await onEachDatabase(async (database, server) => {
  const { headers } = server;
  const connections = CONNECTIONS[database];
  const id = await server.seed.template(server.token, { title: "seed", templateContent: "x" });
  const tag = randomUUID();
  const acked = { templates: 0, contacts: 0 };
  const latency = await measureLatency({
    url: server.url,
    connections,
    duration: SECONDS,
    requests: [
      { method: "GET", path: API.templateSummaries, headers },
      {
        method: "POST",
        path: API.templates,
        headers,
        body: JSON.stringify({ title: `load ${tag}`, templateContent: "load" }),
        onResponse: (status: number) => void (status === 201 && acked.templates++),
      },
      {
        method: "PUT",
        path: `${API.templates}/${id}`,
        headers,
        body: JSON.stringify({ title: "seed (updated)", templateContent: "y" }),
      },
      {
        method: "POST",
        path: API.contact,
        setupRequest: (req) => ({
          ...req,
          headers: { "content-type": "application/json", "x-forwarded-for": nextIp() },
          body: JSON.stringify({ firstName: tag, email: "load@example.com", message: "load test" }),
        }),
        onResponse: (status: number) => void (status === 201 && acked.contacts++),
      },
      { method: "GET", path: `${API.contacts}?limit=50`, headers },
    ],
  });
  const stored = await countRows(server.databaseUrl, tag);
  // Lost: acknowledged but not stored. Rows beyond the acknowledged ones are writes still in flight when the
  // run stopped listening (stored, their answer unread): counted, not lost.
  const lost = Math.max(0, acked.templates - stored.templates) + Math.max(0, acked.contacts - stored.contacts);
  const unread = stored.templates + stored.contacts - (acked.templates + acked.contacts) + lost;
  const fiveXx = latency.statuses["5xx"] ?? 0;
  const label = `${database}, ${connections} connections`;
  rows.push(
    { figure: `${label}: requests (${latency.perSecond}/s)`, value: latency.requests },
    { figure: `${label}: p50 / p99`, value: `${latency.p50} / ${latency.p99}`, unit: "ms" },
    {
      figure: `${label}: p95`,
      value: latency.p95,
      unit: "ms",
      ...(database === "PostgreSQL"
        ? { target: `< ${P95_TARGET_MS} ms (goal)`, pass: latency.p95 < P95_TARGET_MS }
        : {}),
    },
    { figure: `${label}: 5xx`, value: fiveXx, target: "0", pass: fiveXx === 0 },
    { figure: `${label}: unanswered`, value: latency.unanswered, target: "0", pass: latency.unanswered === 0 },
    {
      figure: `${label}: writes acknowledged / lost (stored with the answer unread: ${unread})`,
      value: `${acked.templates + acked.contacts} / ${lost}`,
      target: "0 lost",
      pass: lost === 0,
    },
  );
});
process.exitCode = (await report("load", rows)) ? 0 : 1;

/** Rows the run left, by its tag. */
async function countRows(url: string, tag: string): Promise<{ templates: number; contacts: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [templates, contacts] = await Promise.all([
      client.query<{ n: number }>("SELECT count(*)::int AS n FROM proposal_templates WHERE title = $1", [
        `load ${tag}`,
      ]),
      client.query<{ n: number }>("SELECT count(*)::int AS n FROM contact_messages WHERE first_name = $1", [tag]),
    ]);
    return { templates: templates.rows[0]!.n, contacts: contacts.rows[0]!.n };
  } finally {
    await client.end();
  }
}
