/**
 * npm run bench:attention: the dashboard's "Needs you now" (GET /api/portal/attention) with 5,000 leads and 1,000
 * proposals (scripts/bench/lead-seed.ts) plus what the list looks for in quantity (recent views and decisions,
 * failed seals, bids about to expire, held messages, failed e-mails), asked by an administrator (the whole
 * company's list, the largest), one request at a time, on the production-like server: the embedded database, and
 * PostgreSQL when BENCH_PG_URL or TEST_DATABASE_URL names one.
 */
import pg from "pg";
import { API } from "../../test/seed";
import { seedLeads } from "./lead-seed";
import { measureLatency, onEachDatabase, report, type Figure } from "./harness";

const LEADS = 5000;
const BIDS = 1000;
const REQUESTS = Number(process.env.BENCH_ATTENTION_REQUESTS ?? 200);
const TARGET_P95_MS = 100;
const ATTENTION = `${API.base}/portal/attention`;

/** The things the list finds, on top of the leads bench's data: a few dozen of each kind, recent. */
async function addWaitingWork(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`UPDATE contact_messages SET held = true WHERE status = 'contacted'
      AND id IN (SELECT id FROM contact_messages WHERE status = 'contacted' ORDER BY created_at DESC LIMIT 30)`);
    // The newest open bids: viewed again this week; some expire tomorrow (the guard allows no change to a sent
    // version's expiry, so it is off for this one statement, inside the transaction).
    await client.query("BEGIN");
    await client.query("ALTER TABLE bid_versions DISABLE TRIGGER bid_versions_guard");
    await client.query(`UPDATE bid_versions SET expires_on = current_date + 1 WHERE id IN (
      SELECT id FROM bid_versions WHERE accepted_at IS NULL AND declined_at IS NULL ORDER BY sent_at DESC LIMIT 40)`);
    await client.query("ALTER TABLE bid_versions ENABLE TRIGGER bid_versions_guard");
    await client.query("COMMIT");
    await client.query(`INSERT INTO bid_events (version_id, signer_id, kind, at)
      SELECT v.id, s.id, 'viewed', now() - make_interval(hours => (row_number() OVER ())::int)
      FROM bid_versions v JOIN bid_signers s ON s.version_id = v.id ORDER BY v.sent_at DESC LIMIT 200`);
    await client.query(`INSERT INTO notification_outbox (kind, bid_version_id, bid_signer_id, recipient, message_id,
        status, attempts, last_error)
      SELECT 'bid-reminder', v.id, s.id, s.email, 'bench-failed-' || v.id || '@example.com', 'failed', 5, 'refused'
      FROM bid_versions v JOIN bid_signers s ON s.version_id = v.id ORDER BY v.sent_at DESC LIMIT 60`);
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
}

const rows: Figure[] = [];
await onEachDatabase(
  async (database, bench) => {
    await seedLeads(bench.databaseUrl, LEADS, BIDS);
    await addWaitingWork(bench.databaseUrl);
    const latency = await measureLatency({
      url: bench.url + ATTENTION,
      headers: bench.headers,
      connections: 1,
      amount: REQUESTS,
    });
    const errors = latency.requests - (latency.statuses["2xx"] ?? 0);
    rows.push({
      figure: `${database}: GET ${ATTENTION} as an administrator, ${LEADS} leads and ${BIDS} proposals, p95 of ${latency.requests} (p50 ${latency.p50} ms, ${errors} errors)`,
      value: latency.p95,
      unit: "ms",
      target: `< ${TARGET_P95_MS} ms`,
      pass: latency.p95 < TARGET_P95_MS && errors === 0,
    });
  },
  { args: ["--notify-every", "3600"] },
);
process.exitCode = (await report("attention", rows)) ? 0 : 1;
