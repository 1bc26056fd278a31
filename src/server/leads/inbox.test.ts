import { beforeAll, beforeEach, expect, it } from "vitest";
import { INBOX_PAGE } from "~/schemas/limits";
import { contactRecordSchema, NEXT_BEFORE_HEADER, type ContactRecord } from "~/schemas/contact-record";
import { contactListSql } from "./queries/contacts";
import { call, callUnchecked, describeEachBackend, loginAs, type TestDb, answer } from "../../../test/api";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Stores `count` messages with plain SQL (the POST endpoint is throttled). Message i arrives at
 * second floor(i / tie): runs of `tie` messages share one created_at, so page edges fall inside ties.
 */
async function seed(db: TestDb, count: number, { tie = 5, handledEvery = 0 } = {}): Promise<void> {
  await db.query(
    `INSERT INTO contact_messages (first_name, email, project_type, message, handled, created_at)
     SELECT 'Sender ' || i, 'sender' || i || '@example.com', 'general', 'Message ' || i,
            $3 > 0 AND i % $3 = 0, timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => i / $2)
     FROM generate_series(1, $1::int) AS i`,
    [count, tie, handledEvery],
  );
}

/** Newest first, ties broken by id descending: the order the API promises, computed here independently. */
const newestFirst = (a: ContactRecord, b: ContactRecord) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

describeEachBackend("staff inbox: GET /api/contacts paging and filter", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("inbox", "correct horse battery");
    token = await loginAs("inbox", "correct horse battery");
  });
  beforeEach(() => db.query("DELETE FROM contact_messages"));

  const list = async (query: "" | `?${string}`) => {
    const res = await call("GET", `/api/contacts${query}`, { token });
    return { records: await answer(res, 200), next: res.headers.get(NEXT_BEFORE_HEADER) };
  };

  it("the plain call still answers an array of every message, newest first, with no next-page header", async () => {
    await seed(db, 120);
    const { records, next } = await list("");
    expect(records).toHaveLength(120);
    expect(records.map((r) => contactRecordSchema.parse(r))).toEqual(records);
    expect([...records].sort(newestFirst)).toEqual(records);
    expect(next).toBeNull();
  });

  it("pages 120 messages as 50/50/20 in one order, with no duplicate or gap across timestamp ties", async () => {
    await seed(db, 120);
    const all = (await list("")).records;
    const pages: ContactRecord[][] = [];
    let before: string | null = null;
    do {
      const query: `?${string}` = `?limit=50${before ? `&before=${before}` : ""}`;
      const { records, next } = await list(query);
      pages.push(records);
      expect(next).toBe(records.length === 50 ? records.at(-1)!.id : null);
      before = next;
    } while (before);
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
    expect(pages.flat()).toEqual(all);
    // The edges really are inside ties, so the id tie-break is what keeps them apart.
    expect(all[49]!.createdAt).toBe(all[50]!.createdAt);
    expect(all[99]!.createdAt).toBe(all[100]!.createdAt);
  });

  it("a page that ends exactly at the last message still carries the header; the page after it is empty", async () => {
    await seed(db, 100);
    const { records, next } = await list("?limit=100");
    expect(records).toHaveLength(100);
    expect(next).toBe(records.at(-1)!.id);
    expect(await list(`?limit=50&before=${next}`)).toEqual({ records: [], next: null });
    expect((await list(`?limit=100&before=${records[98]!.id}`)).records).toEqual([records[99]]);
  });

  it("every message sharing one timestamp still pages without loss", async () => {
    await seed(db, 30, { tie: 1000 });
    const all = (await list("")).records;
    const first = await list("?limit=7");
    const rest = await list(`?before=${first.next}`);
    expect([...first.records, ...rest.records]).toEqual(all);
    expect(new Set(all.map((r) => r.createdAt)).size).toBe(1);
  });

  it("filters on handled, alone and while paging", async () => {
    await seed(db, 60, { handledEvery: 3 });
    const all = (await list("")).records;
    const unhandled = (await list("?handled=false")).records;
    const handled = (await list("?handled=true")).records;
    expect(unhandled).toEqual(all.filter((r) => !r.handled));
    expect(handled).toEqual(all.filter((r) => r.handled));
    expect(unhandled).toHaveLength(40);
    const first = await list("?limit=25&handled=false");
    const second = await list(`?limit=25&handled=false&before=${first.next}`);
    expect([...first.records, ...second.records]).toEqual(unhandled);
    expect(second.next).toBeNull();
  });

  it("pages on from a message that was marked handled since it was listed (the inbox keeps showing it)", async () => {
    await seed(db, 10);
    const first = await list("?limit=4&handled=false");
    expect(
      (
        await call("PATCH", "/api/contacts/:id", {
          param: { id: String(first.next) },
          token,
          json: { handled: true },
        })
      ).status,
    ).toBe(200);
    const second = await list(`?limit=4&handled=false&before=${first.next}`);
    const all = (await list("")).records;
    expect(second.records).toEqual(all.slice(4, 8));
  });

  it.each([
    ["limit=0", "limit"],
    [`limit=${INBOX_PAGE.maxLimit + 1}`, "limit"],
    ["limit=-1", "limit"],
    ["limit=1.5", "limit"],
    ["limit=ten", "limit"],
    ["limit=", "limit"],
    ["before=not-a-uuid", "before"],
    ["before=", "before"],
    ["handled=yes", "handled"],
    ["handled=1", "handled"],
    ["handled=", "handled"],
  ])("400 naming the parameter for ?%s", async (query, param) => {
    const res = await call("GET", `/api/contacts?${query}`, { token });
    const body = await answer(res, 400);
    expect(body.error).toContain(param);
    expect(body.issues?.map((i) => i.path.join("."))).toEqual([param]);
  });

  it("400 for a before that names no message, even when the list is empty", async () => {
    const res = await call("GET", `/api/contacts?limit=50&before=${UNKNOWN_ID}`, { token });
    expect((await answer(res, 400)).error).toBe(
      `before must be the id of a contact message: none has the id ${UNKNOWN_ID}`,
    );
  });

  it("accepts the inbox's own page size and the maximum", async () => {
    await seed(db, INBOX_PAGE.maxLimit + 1);
    expect((await list(`?limit=${INBOX_PAGE.defaultLimit}`)).records).toHaveLength(INBOX_PAGE.defaultLimit);
    expect((await list(`?limit=${INBOX_PAGE.maxLimit}`)).records).toHaveLength(INBOX_PAGE.maxLimit);
  });

  it.each([
    ["no token", {}],
    ["a malformed token", { token: "not.a.token" }],
  ])("401 with WWW-Authenticate for %s, before the query is even read", async (_name, options) => {
    const res = await call("GET", "/api/contacts?limit=0", options);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await res.json()).toHaveProperty("error");
  });
});

describeEachBackend("staff inbox: PATCH /api/contacts/:id", (db) => {
  let token = "";
  let id = "";
  beforeAll(async () => {
    await db.createStaff("handler", "correct horse battery");
    token = await loginAs("handler", "correct horse battery");
    await seed(db, 1);
    id = (await db.query<{ id: string }>("SELECT id FROM contact_messages"))[0]!.id;
  });

  it("answers 200 with the whole record and toggles handled both ways", async () => {
    for (const handled of [true, false, true, false]) {
      const res = await call("PATCH", "/api/contacts/:id", { param: { id }, token, json: { handled } });
      expect(res.status).toBe(200);
      const record = contactRecordSchema.parse(await res.json());
      expect(record).toMatchObject({ id, handled, firstName: "Sender 1", email: "sender1@example.com" });
      const [row] = await db.query<{ handled: boolean }>("SELECT handled FROM contact_messages WHERE id = $1", [id]);
      expect(row!.handled).toBe(handled);
    }
  });

  it("404 for an unknown id", async () => {
    const res = await call("PATCH", "/api/contacts/:id", { param: { id: UNKNOWN_ID }, token, json: { handled: true } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Contact message not found", code: "not_found" });
  });

  it.each([
    ["a string flag", { json: { handled: "yes" } }, 400],
    ["a null flag", { json: { handled: null } }, 400],
    ["malformed JSON", { raw: "{", headers: { "content-type": "application/json" } }, 400],
    ["a form body", { raw: "handled=true", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415],
  ])("%s is refused and changes nothing", async (_name, options, status) => {
    const [before] = await db.query("SELECT handled FROM contact_messages WHERE id = $1", [id]);
    expect((await callUnchecked("PATCH", "/api/contacts/:id", { param: { id }, token, ...options })).status).toBe(
      status,
    );
    expect(await db.query("SELECT handled FROM contact_messages WHERE id = $1", [id])).toEqual([before]);
  });

  it("401 without a token", async () => {
    const res = await call("PATCH", "/api/contacts/:id", { param: { id }, json: { handled: true } });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});

describeEachBackend("staff inbox: 10,000 messages are read through the indexes", (db) => {
  const plan = async (query: Parameters<typeof contactListSql>[0]) => {
    const { sql, params } = contactListSql(query);
    const rows = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  };

  beforeAll(async () => {
    // A realistic inbox: most messages handled long ago, a few waiting.
    await seed(db, 10_000, { tie: 3, handledEvery: 1 });
    await db.query("UPDATE contact_messages SET handled = false WHERE email LIKE 'sender99%'");
    await db.query("ANALYZE contact_messages");
  });

  it.each([
    ["every message", {}, "contact_messages_newest_idx"],
    ["unhandled", { handled: false }, "contact_messages_unhandled_idx"],
    ["handled", { handled: true }, "contact_messages_newest_idx"],
  ])("a page of %s walks an index from the top, with no sort", async (_name, filter, index) => {
    const first = await plan({ ...filter, limit: 50 });
    expect(first).toContain(`Index Scan using ${index}`);
    expect(first).not.toMatch(/\bSort\b/);
    const [anchor] = await db.query<{ id: string }>(
      "SELECT id FROM contact_messages ORDER BY created_at DESC, id DESC OFFSET 5000 LIMIT 1",
    );
    const later = await plan({ ...filter, limit: 50, before: anchor!.id });
    expect(later).toContain(`Index Scan using ${index}`);
    expect(later).toMatch(/Index Cond: \(ROW\(created_at, id\) < ROW\(/);
    expect(later).not.toMatch(/\bSort\b/);
  });

  it("the unhandled count reads the partial index", async () => {
    const rows = await db.query<{ "QUERY PLAN": string }>(
      "EXPLAIN SELECT count(*)::int AS n FROM contact_messages WHERE NOT handled",
    );
    expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("contact_messages_unhandled_idx");
  });
});
