import { performance } from "node:perf_hooks";
import { beforeAll, expect, it } from "vitest";
import { call, describeEachBackend, loginAs } from "../../../test/api";

const PASSWORD = "correct horse battery staple";

/**
 * The Leads and Reports screens at the size the issue names: 5,000 leads and 1,000 proposals. The answers' sizes
 * are asserted; the times are printed (a shared test machine is no place to assert them) and held to a loose
 * ceiling that only a lost index or a per-row query would break.
 */
describeEachBackend("leads at volume: 5,000 leads, 1,000 proposals", (db) => {
  let admin = "";

  beforeAll(async () => {
    const id = await db.createStaff("volume-admin", PASSWORD);
    await db.query("UPDATE staff_users SET role = 'admin' WHERE id = $1", [id]);
    admin = await loginAs("volume-admin", PASSWORD);
    await db.query(
      `INSERT INTO contact_messages (first_name, last_name, email, project_type, message, created_at, reply_due_at,
         source, status, first_reply_at, first_reply_business_minutes, owner_id)
       SELECT 'Lead', i::text, 'v' || i || '@example.com', 'general', repeat('Project details, units and dates. ', 140),
         now() - make_interval(hours => i * 2), now() - make_interval(hours => i * 2) + interval '1 hour',
         (ARRAY['google', 'direct', 'facebook', 'news.example.org'])[1 + i % 4],
         CASE WHEN i % 5 = 0 THEN 'new' ELSE 'contacted' END,
         CASE WHEN i % 5 = 0 THEN NULL ELSE now() - make_interval(hours => i * 2) + interval '30 minutes' END,
         CASE WHEN i % 5 = 0 THEN NULL ELSE i % 240 END,
         CASE WHEN i % 3 = 0 THEN $1::uuid END
       FROM generate_series(1, 5000) AS i`,
      [id],
    );
    await db.query(
      `WITH made AS (
         INSERT INTO bids (lead_id) SELECT id FROM contact_messages WHERE first_name = 'Lead' AND last_name::int % 5 = 1
         RETURNING id)
       INSERT INTO bid_versions (bid_id, version, document, project_name, amount, message, expires_on, sent_by_name,
         pdf, sha256, accepted_at)
       SELECT id, 1, '{}', 'Roof', '$1.00', '', current_date + 30, 'Volume', '\\x00', repeat('b', 64),
         CASE WHEN random() < 0.3 THEN now() END
       FROM made`,
    );
    await db.query("ANALYZE contact_messages");
    await db.query("ANALYZE bids");
  });

  /** The median and slowest of `runs` calls, in ms, and the last answer's body. */
  async function timed(path: string, runs = 7) {
    const times: number[] = [];
    let body = "";
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const res = await call("GET", path, { token: admin });
      body = await res.text();
      times.push(performance.now() - start);
      expect(res.status, body.slice(0, 200)).toBe(200);
    }
    times.sort((a, b) => a - b);
    return { median: times[runs >> 1]!, slowest: times.at(-1)!, body };
  }

  it("a page of the list stays under 100 KB; the first pages and the reports answer quickly", async () => {
    const [{ n }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM bids")) as [{ n: number }];
    expect(n).toBe(1000);
    const list = await timed("/api/portal/leads");
    const filtered = await timed("/api/portal/leads?status=new&owner=unassigned");
    const report = await timed("/api/portal/reports/leads");
    console.info(
      `leads at volume: list ${list.median.toFixed(0)}/${list.slowest.toFixed(0)} ms (${list.body.length} bytes), ` +
        `filtered ${filtered.median.toFixed(0)}/${filtered.slowest.toFixed(0)} ms, ` +
        `report ${report.median.toFixed(0)}/${report.slowest.toFixed(0)} ms (median/slowest)`,
    );
    expect(list.body.length).toBeLessThan(100_000);
    expect(JSON.parse(list.body).items).toHaveLength(50);
    expect(list.median).toBeLessThan(1000);
    expect(report.median).toBeLessThan(500);
  });
});
