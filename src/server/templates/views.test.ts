import { beforeAll, expect, it } from "vitest";
import { call, describeEachBackend, loginAs, type JsonOf, answer } from "../../../test/api";

/** A proposal-sized template: ~280 KB of content, like a saved proposal with a logo. */
const big = (title: string): JsonOf<"POST", "/api/portal/templates"> => ({
  title,
  description: "With a logo",
  templateContent: JSON.stringify({ logo: `data:image/webp;base64,${"A".repeat(280_000)}` }),
  category: "multifamily",
});

describeEachBackend("proposal templates: the summary list and one template", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("loader", "correct horse battery");
    token = await loginAs("loader", "correct horse battery");
  });

  it("lists summaries without templateContent, and serves one template whole by id", async () => {
    const created = await answer(await call("POST", "/api/portal/templates", { token, json: big("Logo bid") }), 201);
    const summaries = await call("GET", "/api/portal/templates?view=summary", { token });
    const rows = await answer(summaries, 200);
    expect(rows.find((r) => r.id === created.id)).toEqual({
      id: created.id,
      title: "Logo bid",
      description: "With a logo",
      category: "multifamily",
      createdAt: expect.any(String),
    });

    const one = await call("GET", "/api/portal/templates/:id", { param: { id: created.id }, token });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: created.id, templateContent: created.templateContent });

    // The full list keeps every field for callers other than the portal's screens.
    const full = await answer(await call("GET", "/api/portal/templates", { token }), 200);
    expect(full.find((r) => r.id === created.id)).toHaveProperty("templateContent", created.templateContent);
  });

  it("shows a new template in both views at once", async () => {
    await call("GET", "/api/portal/templates", { token });
    await call("GET", "/api/portal/templates?view=summary", { token });
    await call("POST", "/api/portal/templates", { token, json: big("Newer") });
    const summary = await answer(await call("GET", "/api/portal/templates?view=summary", { token }), 200);
    const full = await answer(await call("GET", "/api/portal/templates", { token }), 200);
    expect(summary[0]).toEqual(expect.objectContaining({ title: "Newer" }));
    expect(summary[0]).not.toHaveProperty("templateContent");
    expect(full[0]).toEqual(expect.objectContaining({ title: "Newer", templateContent: expect.any(String) }));
  });

  it("answers 404 for an unknown or malformed id and 401 without a token", async () => {
    expect(
      (await call("GET", "/api/portal/templates/:id", { param: { id: "7d1e5a8e-0000-4000-8000-000000000000" }, token }))
        .status,
    ).toBe(404);
    expect((await call("GET", "/api/portal/templates/:id", { param: { id: "not-a-uuid" }, token })).status).toBe(404);
    expect(
      (await call("GET", "/api/portal/templates/:id", { param: { id: "7d1e5a8e-0000-4000-8000-000000000000" } }))
        .status,
    ).toBe(401);
    expect((await call("GET", "/api/portal/templates?view=summary")).status).toBe(401);
  });

  it("keeps 200 proposals with logos far under the 6 MB function response limit in the summary list", async () => {
    for (let i = 0; i < 20; i += 1) await call("POST", "/api/portal/templates", { token, json: big(`Bulk ${i}`) });
    const text = await (await call("GET", "/api/portal/templates?view=summary", { token })).text();
    const rows = (JSON.parse(text) as unknown[]).length;
    // Per-row size measured here, extrapolated to 200 rows.
    expect((text.length / rows) * 200).toBeLessThan(100_000);
  });
});
