import { beforeAll, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "~/schemas/limits";
import { randomUUID } from "node:crypto";
import { auditedWrite } from "~/server/activity/audit";
import { answer, call, callUnchecked, describeEachBackend, loginAs, type JsonOf } from "../../../test/api";

const valid: JsonOf<"POST", "/api/portal/templates"> = {
  title: "Garden apartments",
  description: "Three-story walk-up",
  templateContent: "Scope of work...",
  category: "multifamily",
};

describeEachBackend("proposal templates", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("estimator", "correct horse battery");
    token = await loginAs("estimator", "correct horse battery");
  });

  it("writes a change and its audit row as one statement: if the audit row fails, the change is not kept", async () => {
    const title = `atomic ${randomUUID()}`;
    const insert = `INSERT INTO proposal_templates (title, template_content, category) VALUES ($1, 'x', 'residential') RETURNING id`;
    // audit_log.action is NOT NULL: the audit half fails while the insert half alone would succeed.
    await expect(auditedWrite(db, insert, [title], { action: null as never })).rejects.toThrow();
    expect(await db.query("SELECT 1 FROM proposal_templates WHERE title = $1", [title])).toHaveLength(0);

    const [row] = await auditedWrite(db, insert, [title], { action: "template.create", username: "estimator" });
    expect(await db.query("SELECT action, username FROM audit_log WHERE target_id = $1", [row!.id])).toEqual([
      { action: "template.create", username: "estimator" },
    ]);
    expect(
      await auditedWrite(db, "DELETE FROM proposal_templates WHERE id = $1 RETURNING id", [randomUUID()], {
        action: "template.delete",
      }),
    ).toEqual([]);
  });

  it("creates, lists, updates and deletes a template, answering the documented shapes", async () => {
    const created = await callUnchecked("POST", "/api/portal/templates", {
      token,
      json: { ...valid, id: "ignored", createdAt: "1999-01-01T00:00:00Z" },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(created.headers.get("x-content-type-options")).toBe("nosniff");
    expect(created.headers.get("cache-control")).toBe("no-store");
    const template = (await created.json()) as Record<string, string>;
    expect(template).toMatchObject(valid);
    expect(template.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(template.createdAt!).toISOString()).toBe(template.createdAt);
    expect(template.createdAt!.startsWith("1999")).toBe(false);

    const list = await answer(await call("GET", "/api/portal/templates", { token }), 200);
    expect(list.find((t) => t.id === template.id)).toEqual(template);

    const updated = await callUnchecked("PUT", "/api/portal/templates/:id", {
      param: { id: template.id },
      token,
      json: { ...valid, id: template.id, title: "Renamed", category: "commercial" },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: template.id,
      title: "Renamed",
      category: "commercial",
      createdAt: template.createdAt,
    });

    const deleted = await call("DELETE", "/api/portal/templates/:id", { param: { id: template.id }, token });
    expect(await answer(deleted, 200)).toEqual({ id: template.id });
    expect((await call("DELETE", "/api/portal/templates/:id", { param: { id: template.id }, token })).status).toBe(404);

    const actions = await db.query<{ action: string; username: string }>(
      "SELECT action, username FROM audit_log WHERE target_id = $1 ORDER BY id",
      [template.id],
    );
    expect(actions).toEqual([
      { action: "template.create", username: "estimator" },
      { action: "template.update", username: "estimator" },
      { action: "template.delete", username: "estimator" },
    ]);
  });

  it("defaults the category to residential and keeps a missing description null", async () => {
    const res = await call("POST", "/api/portal/templates", { token, json: { title: "Bare", templateContent: "x" } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ category: "residential", description: null });
  });

  it("lists newest first", async () => {
    for (const title of ["first", "second"])
      await call("POST", "/api/portal/templates", { token, json: { ...valid, title } });
    const list = await answer(await call("GET", "/api/portal/templates", { token }), 200);
    const times = list.map((t) => t.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("the list shows writes made outside the API at once", async () => {
    const list = async () => answer(await call("GET", "/api/portal/templates", { token }), 200);
    await call("POST", "/api/portal/templates", { token, json: { ...valid, title: "cached" } });
    const first = await list();
    expect(await list()).toEqual(first);

    // Plain SQL, as the CLI or an operator would write it: nothing in the app hears of it.
    const [row] = await db.query<{ id: string }>(
      "INSERT INTO proposal_templates (title, template_content, category) VALUES ('from elsewhere', 'x', 'commercial') RETURNING id",
    );
    expect((await list()).map((t) => t.id)).toContain(row!.id);
    await db.query("UPDATE proposal_templates SET title = 'renamed elsewhere' WHERE id = $1", [row!.id]);
    expect((await list()).find((t) => t.id === row!.id)?.title).toBe("renamed elsewhere");
    await db.query("DELETE FROM proposal_templates WHERE id = $1", [row!.id]);
    expect((await list()).map((t) => t.id)).not.toContain(row!.id);
    expect(await list()).toEqual(first);
  });

  it("an emptied table lists []", async () => {
    await call("POST", "/api/portal/templates", { token, json: valid });
    expect((await answer(await call("GET", "/api/portal/templates", { token }), 200)).length).toBeGreaterThan(0);
    const saved = await db.query("SELECT * FROM proposal_templates");
    await db.query("TRUNCATE proposal_templates CASCADE");
    const empty = await call("GET", "/api/portal/templates", { token });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);
    // Put the rows back for the tests that follow.
    await db.query(
      `INSERT INTO proposal_templates SELECT * FROM json_populate_recordset(null::proposal_templates, $1::json)`,
      [JSON.stringify(saved)],
    );
  });

  it("gives 50 rows for 50 parallel creates", async () => {
    const before = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM proposal_templates"))[0]!.n;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call("POST", "/api/portal/templates", { token, json: { ...valid, title: `parallel ${i}` } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const after = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM proposal_templates"))[0]!.n;
    expect(after - before).toBe(50);
  });

  it.each([
    ["missing title", { ...valid, title: "" }, "title"],
    ["blank title", { ...valid, title: "   " }, "title"],
    ["missing content", { ...valid, templateContent: undefined }, "templateContent"],
    ["unknown category", { ...valid, category: "industrial" }, "category"],
    ["title too long", { ...valid, title: "x".repeat(201) }, "title"],
    ["not an object", [1, 2], ""],
  ])("400 with zod issues for %s", async (_name, body, path) => {
    const res = await callUnchecked("POST", "/api/portal/templates", { token, json: body });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: string; issues: Array<{ path: string[] }> };
    expect(answer.issues.some((i) => i.path.join(".") === path)).toBe(true);
  });

  it("400 for malformed JSON, 415 for other bodies, 413 above 1 MB", async () => {
    const malformed = await callUnchecked("POST", "/api/portal/templates", {
      token,
      raw: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Malformed JSON in request body", code: "invalid_request" });
    const text = await callUnchecked("POST", "/api/portal/templates", {
      token,
      raw: "title=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    const huge = await call("POST", "/api/portal/templates", {
      token,
      json: { ...valid, templateContent: "x".repeat(MAX_BODY_BYTES) },
    });
    expect(huge.status).toBe(413);
    expect(huge.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it.each(["PUT", "DELETE"] as const)("%s: 404 for unknown and non-UUID ids", async (method) => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1%27%20OR%201=1"]) {
      const refusal =
        method === "PUT"
          ? await answer(await call("PUT", "/api/portal/templates/:id", { param: { id }, token, json: valid }), 404)
          : await answer(await call("DELETE", "/api/portal/templates/:id", { param: { id }, token }), 404);
      expect(refusal).toEqual({ error: "Template not found", code: "not_found" });
    }
  });

  it.each([
    ["PATCH", "/api/portal/templates", "GET, POST"],
    ["DELETE", "/api/portal/templates", "GET, POST"],
    ["PATCH", "/api/portal/templates/00000000-0000-4000-8000-000000000000", "GET, PUT, DELETE"],
  ])("405 with Allow for %s %s", async (method, path, allow) => {
    const res = await callUnchecked(method, path, { token });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  const someId = "00000000-0000-4000-8000-000000000000";
  it.each<[string, () => Promise<Response>]>([
    ["GET /api/portal/templates", () => call("GET", "/api/portal/templates")],
    ["POST /api/portal/templates", () => call("POST", "/api/portal/templates", { json: valid })],
    [
      "PUT /api/portal/templates/:id",
      () => call("PUT", "/api/portal/templates/:id", { param: { id: someId }, json: valid }),
    ],
    ["DELETE /api/portal/templates/:id", () => call("DELETE", "/api/portal/templates/:id", { param: { id: someId } })],
  ])("401 JSON for %s without a token", async (_route, send) => {
    const res = await send();
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.json()).toHaveProperty("error");
  });
});
