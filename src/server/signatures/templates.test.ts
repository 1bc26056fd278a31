import { beforeAll, expect, it } from "vitest";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../../test/fixtures/signature";
import { call, callUnchecked, describeEachBackend, loginAs, answer } from "../../../test/api";

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Marcus default",
  description: "Dark card",
  formData: JSON.stringify(sampleFormData),
  elements: JSON.stringify(sampleElements),
  globalSettings: JSON.stringify(sampleGlobalSettings),
  ...overrides,
});

describeEachBackend("signature templates", (db) => {
  let alice = "";
  let bob = "";
  beforeAll(async () => {
    await db.createStaff("alice", "correct horse battery");
    await db.createStaff("bob", "correct horse battery");
    // Both are staff members: an admin may also remove others' company templates (staff-accounts.test.ts).
    await db.query("UPDATE staff_users SET role = 'staff'");
    [alice, bob] = await Promise.all([
      loginAs("alice", "correct horse battery"),
      loginAs("bob", "correct horse battery"),
    ]);
  });

  it("saves the JSON strings re-serialised from their parsed values, unknown keys dropped, with every field", async () => {
    const sent = body({
      formData: `{ "name": "Spaced",  "title": "", "phone": "", "email": "", "location": "", "quote": "", "evil": "<img src=x onerror=alert(1)>" }`,
    });
    const normalised = { name: "Spaced", title: "", phone: "", email: "", location: "", quote: "" };
    const res = await call("POST", "/api/portal/signature-templates", { token: alice, json: sent });
    const saved = await answer(res, 201);
    expect(saved).toMatchObject({
      ...sent,
      formData: expect.any(String),
      htmlContent: null,
      logoUrl: null,
      isCompanyTemplate: false,
    });
    expect(JSON.parse(saved.formData as string)).toEqual(normalised);
    expect(saved.formData).not.toContain("evil");
    const list = await answer(await call("GET", "/api/portal/signature-templates", { token: alice }), 200);
    expect(list).toContainEqual(saved);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        "createdAt",
        "description",
        "elements",
        "formData",
        "globalSettings",
        "htmlContent",
        "id",
        "isCompanyTemplate",
        "logoUrl",
        "name",
      ].sort(),
    );
    expect(list[0]!.formData).toBe(JSON.stringify(normalised));
  });

  it("lists only the caller's own templates; company templates are visible to all staff", async () => {
    const company = await call("POST", "/api/portal/signature-templates", {
      token: bob,
      json: body({
        name: "Company card",
        isCompanyTemplate: true,
        htmlContent: '<div style="color:gold">Logo</div>',
        logoUrl: "https://example.com/logo.png",
      }),
    });
    const saved = await answer(company, 201);
    const aliceOwn = await answer(await call("GET", "/api/portal/signature-templates", { token: alice }), 200);
    expect(aliceOwn.map((t) => t.id)).not.toContain(saved.id);
    const bobOwn = await answer(await call("GET", "/api/portal/signature-templates", { token: bob }), 200);
    expect(bobOwn.map((t) => t.id)).toContain(saved.id);
    const shared = await call("GET", "/api/company-signature-templates", { token: alice });
    const companyList = await answer(shared, 200);
    expect(companyList.map((t) => t.id)).toEqual([saved.id]);
    expect(companyList[0]).toMatchObject({
      isCompanyTemplate: true,
      logoUrl: "https://example.com/logo.png",
      htmlContent: '<div style="color:gold">Logo</div>',
    });
  });

  it.each([
    ["a blank name", { name: "  " }, "name"],
    ["formData that is not JSON", { formData: "{name:" }, "formData"],
    ["formData missing a field", { formData: JSON.stringify({ name: "x" }) }, "formData.title"],
    ["elements not an array", { elements: JSON.stringify({ id: "mobile" }) }, "elements"],
    ["an unknown element id", { elements: JSON.stringify([{ ...sampleElements[0], id: "fax" }]) }, "elements.0.id"],
    ["a duplicated element", { elements: JSON.stringify([sampleElements[0], sampleElements[0]]) }, "elements"],
    [
      "an element scale out of range",
      { elements: JSON.stringify([{ ...sampleElements[0], scale: 9 }]) },
      "elements.0.scale",
    ],
    [
      "globalSettings with a string scale",
      { globalSettings: JSON.stringify({ ...sampleGlobalSettings, globalScale: "1" }) },
      "globalSettings.globalScale",
    ],
    ["elements given as an object, not a string", { elements: sampleElements }, "elements"],
    ["isCompanyTemplate not a boolean", { isCompanyTemplate: "true" }, "isCompanyTemplate"],
  ])("400 for %s", async (_name, overrides, path) => {
    const res = await call("POST", "/api/portal/signature-templates", { token: alice, json: body(overrides) });
    const { issues } = await answer(res, 400);
    expect(issues?.map((i) => i.path.join("."))).toContain(path);
  });

  it.each([
    ["javascript:", "javascript:alert(1)"],
    ["data:text/html", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["SVG", "data:image/svg+xml;base64,PHN2Zy8+"],
    ["plain http", "http://example.com/logo.png"],
    ["a relative path", "/portal/default-logo.png"],
    ["an https URL with a quote", "https://example.com/a'onerror='x.png"],
  ])("400 for a logoUrl that is %s", async (_name, logoUrl) => {
    const res = await call("POST", "/api/portal/signature-templates", { token: alice, json: body({ logoUrl }) });
    const { issues } = await answer(res, 400);
    expect(issues?.map((i) => i.path.join("."))).toEqual(["logoUrl"]);
  });

  it.each([
    ["an https URL", "https://cdn.example.com/logo.png"],
    ["a PNG data URL", "data:image/png;base64,iVBORw0KGgo="],
    ["a WebP data URL", "data:image/webp;base64,UklGRhoAAABXRUJQVlA4IA=="],
    ["an image stored on this site", `/api/signature-images/${"ab".repeat(32)}.webp`],
  ])("accepts a logoUrl that is %s", async (_name, logoUrl) => {
    const res = await call("POST", "/api/portal/signature-templates", { token: alice, json: body({ logoUrl }) });
    // An inline image is stored and named by its path; a URL is kept as it is.
    const saved = (await answer(res, 201)).logoUrl;
    expect(saved).toMatch(
      logoUrl.startsWith("data:") ? /^\/api\/signature-images\/[0-9a-f]{64}\.(png|webp)$/ : logoUrl,
    );
  });

  it("deletes only the caller's own templates, company ones included; 404 for anyone else's", async () => {
    const create = async (token: string, extra: Record<string, unknown> = {}) =>
      (await answer(await call("POST", "/api/portal/signature-templates", { token, json: body(extra) }), 201)).id;
    const own = await create(alice);
    const company = await create(bob, { name: "Bob's company card", isCompanyTemplate: true });
    const remove = (id: string, token?: string) =>
      call("DELETE", "/api/portal/signature-templates/:id", { param: { id }, token });

    expect((await remove(own, bob)).status).toBe(404);
    expect((await remove(company, alice)).status).toBe(404);
    expect((await remove("not-a-uuid", alice)).status).toBe(404);
    expect((await remove(own)).status).toBe(401);

    expect(await answer(await remove(own, alice), 200)).toEqual({ id: own });
    expect((await remove(own, alice)).status).toBe(404);
    expect((await remove(company, bob)).status).toBe(200);
    const shared = await answer(await call("GET", "/api/company-signature-templates", { token: alice }), 200);
    expect(shared.map((t) => t.id)).not.toContain(company);
    const rows = await db.query("SELECT action, username FROM audit_log WHERE target_id = $1", [company]);
    expect(rows).toEqual([
      { action: "signature-template.create", username: "bob" },
      { action: "signature-template.delete", username: "bob" },
    ]);
  });

  it("audits saves with the acting user", async () => {
    const res = await call("POST", "/api/portal/signature-templates", { token: bob, json: body({ name: "Audited" }) });
    const { id } = await answer(res, 201);
    const rows = await db.query("SELECT action, username FROM audit_log WHERE target_id = $1", [id]);
    expect(rows).toEqual([{ action: "signature-template.create", username: "bob" }]);
  });

  it("401 without a token, 405 with Allow for other methods, 415 for non-JSON", async () => {
    expect((await call("GET", "/api/portal/signature-templates")).status).toBe(401);
    expect((await call("POST", "/api/portal/signature-templates", { json: body() })).status).toBe(401);
    expect((await call("GET", "/api/company-signature-templates")).status).toBe(401);
    const put = await callUnchecked("PUT", "/api/portal/signature-templates", { token: alice, json: body() });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
    expect(
      (await callUnchecked("POST", "/api/company-signature-templates", { token: alice, json: body() })).headers.get(
        "allow",
      ),
    ).toBe("GET");
    expect(
      (
        await callUnchecked("POST", "/api/portal/signature-templates", {
          token: alice,
          raw: "x",
          headers: { "content-type": "text/html" },
        })
      ).status,
    ).toBe(415);
  });
});
