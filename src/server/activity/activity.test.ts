import { beforeAll, expect, it } from "vitest";
import { ACTIVITY_PAGE_SIZE } from "~/schemas/activity";
import { answer, call, describeEachBackend, loginAs } from "../../../test/api";

const PASSWORD = "correct horse battery";

describeEachBackend("activity log", (db) => {
  let admin = "";
  let clerk = "";
  let clerkId = "";
  beforeAll(async () => {
    await db.createStaff("chief", PASSWORD);
    clerkId = await db.createStaff("clerk", PASSWORD);
    [admin, clerk] = [await loginAs("chief", PASSWORD), await loginAs("clerk", PASSWORD)];
  });

  const page = async (query: "" | `?${string}` = "") =>
    answer(await call("GET", `/api/portal/activity${query}`, { token: admin }), 200);

  it("lists sign-ins, message handling and template writes, newest first, each written with its change", async () => {
    const [message] = await db.query<{ id: string }>(
      `INSERT INTO contact_messages (first_name, email, project_type, message)
       VALUES ('Pat', 'pat@example.com', 'general', 'hello') RETURNING id`,
    );
    expect(
      (await call("PATCH", "/api/contacts/:id", { param: { id: message!.id }, token: clerk, json: { handled: true } }))
        .status,
    ).toBe(200);
    const created = await call("POST", "/api/portal/templates", {
      token: clerk,
      json: { title: "Deck", templateContent: "<p>x</p>", category: "residential" },
    });
    expect(created.status).toBe(201);
    const { entries } = await page();
    expect(entries.slice(0, 2).map((e) => [e.action, e.kind, e.username])).toEqual([
      ["template.create", "template", "clerk"],
      ["message.handled", "message", "clerk"],
    ]);
    expect(entries.find((e) => e.action === "login.success" && e.username === "clerk")).toMatchObject({
      kind: "sign-in",
      ip: expect.any(String),
    });
    const times = entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("pages by 50 and filters by person and by kind", async () => {
    await db.query(
      `INSERT INTO audit_log (action, user_id, username) SELECT 'template.update', $1, 'clerk' FROM generate_series(1, 60)`,
      [clerkId],
    );
    const first = await page(`?person=${clerkId}`);
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.total).toBeGreaterThan(60);
    const second = await page(`?person=${clerkId}&page=2`);
    expect(second.entries.length).toBe(first.total - ACTIVITY_PAGE_SIZE);
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(first.total);
    const signIns = await page("?kind=sign-in");
    expect(signIns.entries.length).toBeGreaterThan(0);
    expect(signIns.entries.every((e) => e.kind === "sign-in")).toBe(true);
    expect((await call("GET", "/api/portal/activity?kind=nonsense", { token: admin })).status).toBe(400);
    expect((await call("GET", "/api/portal/activity?page=0", { token: admin })).status).toBe(400);
  });

  it("downloads the filtered log as CSV, formulas defused", async () => {
    await db.query(
      "INSERT INTO audit_log (action, username, detail) VALUES ('account.update', 'clerk', '=HYPERLINK(\"x\")')",
    );
    const res = await call("GET", "/api/portal/activity.csv?kind=account", { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("at,kind,action,username,displayName,targetName,ip,userAgent,detail,count");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
