/**
 * npm run bench:api: request latency of the API's everyday calls at 50 connections, on the production-like server
 * with the embedded database and with PostgreSQL (BENCH_PG_URL or TEST_DATABASE_URL, a scratch database). The
 * baseline is the lightest call that still reaches the database (an image nobody stored: one indexed SELECT).
 * The template list is also timed at this company's real scale, as plain queries serve it: 1,000 templates read
 * 10 times a second.
 */
import { API } from "../../test/seed";
import { measureLatency, nextIp, onEachDatabase, report, type Figure } from "./harness";

const CONNECTIONS = 50;
const TEMPLATES = 1000;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
/** p95 of a call, and at most this many times the baseline's. */
const TARGET = { p95Ms: 25, timesBaseline: 3 };

const rows: Figure[] = [];
await onEachDatabase(async (database, server) => {
  const { headers, token } = server;
  const seed = (from: number, to: number) =>
    Promise.all(
      Array.from({ length: to - from }, (_, i) =>
        server.seed.tryTemplate(token, {
          title: `Bench ${from + i}`,
          templateContent: "Scope of work",
          category: "multifamily",
        }),
      ),
    );
  await seed(0, 20);
  const calls: [string, Parameters<typeof measureLatency>[0]][] = [
    ["baseline: GET an unknown signature image", { url: `${server.url}${API.signatureImages}/${"0".repeat(64)}.png` }],
    [`GET ${API.templateSummaries}`, { url: server.url + API.templateSummaries, headers }],
    [`GET ${API.session}`, { url: server.url + API.session, headers }],
    [
      `POST ${API.contact}`,
      {
        url: server.url + API.contact,
        method: "POST",
        // A new address per message: the per-address limit is not what is measured.
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { "content-type": "application/json", "x-forwarded-for": nextIp() },
              body: JSON.stringify({ firstName: "Bench", email: "bench@example.com", message: "Latency" }),
            }),
          },
        ],
      },
    ],
  ];
  let baseline = 0;
  for (const [name, options] of calls) {
    const latency = await measureLatency({ connections: CONNECTIONS, duration: SECONDS, ...options });
    const errors =
      latency.requests -
      (latency.statuses["2xx"] ?? 0) -
      (name.startsWith("baseline") ? (latency.statuses["4xx"] ?? 0) : 0);
    if (name.startsWith("baseline")) baseline = latency.p95;
    const limit = name.startsWith("baseline") ? TARGET.p95Ms : Math.max(TARGET.p95Ms, baseline * TARGET.timesBaseline);
    rows.push({
      figure: `${database}: ${name} p95 (p50 ${latency.p50} ms, ${latency.perSecond}/s, ${errors} errors)`,
      value: latency.p95,
      unit: "ms",
      target: name.startsWith("baseline")
        ? `≤ ${TARGET.p95Ms} ms`
        : `≤ ${TARGET.p95Ms} ms or ≤ ${TARGET.timesBaseline}× baseline`,
      pass: latency.p95 <= limit && errors === 0,
    });
  }
  // The company's real scale: the list of 1,000 templates, read 10 times a second.
  for (let from = 20; from < TEMPLATES; from += 50) await seed(from, Math.min(TEMPLATES, from + 50));
  const everyday = await measureLatency({
    url: server.url + API.templateSummaries,
    headers,
    connections: 10,
    overallRate: 10,
    duration: SECONDS,
  });
  rows.push({
    figure: `${database}: template list of ${TEMPLATES} at 10 requests/s, p95 (p50 ${everyday.p50} ms)`,
    value: everyday.p95,
    unit: "ms",
    target: `≤ ${TARGET.p95Ms} ms`,
    pass: everyday.p95 <= TARGET.p95Ms,
  });
});
process.exitCode = (await report("api", rows)) ? 0 : 1;
