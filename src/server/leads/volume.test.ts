import { beforeAll, expect, it } from "vitest";
import { LEAD_LIMITS } from "~/schemas/lead-fields";
import { leadListQuerySchema } from "~/schemas/leads";
import type { Queryable } from "~/server/db";
import { listLeads } from "~/server/leads/queries/leads";
import { callUnchecked, describeEachBackend, loginAs } from "../../../test/api";

const PASSWORD = "correct horse battery staple";

/** One node of an `EXPLAIN (ANALYZE, VERBOSE, FORMAT JSON)` plan, with the parts read here. */
interface PlanNode {
  /** Rows per run, and runs: a node inside a subplan runs once per row the subplan is computed for. */
  "Actual Rows": number;
  "Actual Loops": number;
  "Index Name"?: string;
  /** The columns the node computes or passes on. */
  Output?: string[];
  Plans?: PlanNode[];
}

/** Every node of `plan`, its subplans included. */
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

/** The list's costly columns as a plan shows them: the excerpt, and the proposals' verdict (a subplan). */
const COSTLY_COLUMN = /regexp_replace|SubPlan/;

/**
 * The Leads and Reports screens at the size the issue names: 5,000 leads and 1,000 proposals. The answers' sizes
 * are asserted, and the list's plan is held to the rule that keeps it quick at any size. Its times are measured by
 * `npm run bench:leads`: a shared test machine is no place to assert them.
 */
describeEachBackend("leads at volume: 5,000 leads, 1,000 proposals", (db) => {
  let adminId = "";
  let admin = "";

  beforeAll(async () => {
    adminId = await db.createStaff("volume-admin", PASSWORD);
    await db.query("UPDATE staff_users SET role = 'admin' WHERE id = $1", [adminId]);
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
      [adminId],
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

  /** The body of a GET that must answer 200. */
  async function get(path: string): Promise<string> {
    const res = await callUnchecked("GET", path, { token: admin });
    const body = await res.text();
    expect(res.status, body.slice(0, 200)).toBe(200);
    return body;
  }

  it("a page of the list stays under 100 KB; the filtered list and the reports answer", async () => {
    const [{ n }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM bids")) as [{ n: number }];
    expect(n).toBe(1000);
    const list = await get("/api/portal/leads");
    expect(list.length).toBeLessThan(100_000);
    expect(JSON.parse(list).items).toHaveLength(LEAD_LIMITS.page.defaultLimit);
    await get("/api/portal/leads?status=new&owner=unassigned");
    await get("/api/portal/reports/leads");
  });

  // The list sorts on whether each lead is overdue now, which no index holds, so it reads every lead; what keeps
  // it quick is that the costly columns (the excerpt, and the verdict from each lead's proposals, read through
  // bids' lead index) are computed for the page it returns only. Counted from the plan, not timed.
  it.each([
    ["every lead", {}],
    ["new and unassigned", { status: "new", owner: "unassigned" }],
  ])("the list of %s computes its costly columns for the page's leads only", async (_name, filter) => {
    const statements: { sql: string; params: unknown[] | undefined }[] = [];
    const recording: Queryable = {
      query: (sql, params) => {
        statements.push({ sql, params });
        return db.query(sql, params);
      },
    };
    await listLeads(recording, leadListQuerySchema.parse(filter), adminId);
    // One statement for the page, not one per lead.
    expect(statements).toHaveLength(1);
    const { sql, params } = statements[0]!;
    const [row] = await db.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, VERBOSE, FORMAT JSON) ${sql}`,
      params,
    );
    const nodes = nodesOf(row!["QUERY PLAN"][0].Plan);
    // The page and one more lead, which says whether a next page exists.
    const page = LEAD_LIMITS.page.defaultLimit + 1;
    const costly = nodes.filter((node) => node.Output?.some((column) => COSTLY_COLUMN.test(column)));
    expect(costly).not.toEqual([]);
    for (const node of costly) expect(node["Actual Rows"] * node["Actual Loops"]).toBeLessThanOrEqual(page);
    expect(Math.max(...nodes.map((node) => node["Actual Loops"]))).toBeLessThanOrEqual(page);
    expect(nodes.map((node) => node["Index Name"])).toContain("bids_lead_idx");
  });
});
