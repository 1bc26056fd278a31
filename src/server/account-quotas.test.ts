import { createHash, randomBytes } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { ACCOUNT_QUOTAS } from "~/schemas/limits";
import { JOBS } from "./jobs";
import { collectImages, SIGNATURE_IMAGE_SIZE, signatureImagePath } from "~/server/signatures/images";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../test/fixtures/signature";
import { png } from "../../test/fixtures/png";
import { call, describeEachBackend, loginAs, answer } from "../../test/api";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A logo as the generator saves one: about 400 KB of inline image, and exported HTML carrying it again. */
const LOGO_BYTES = Buffer.concat([png(1, 1), randomBytes(290_000)]);
const LOGO = `data:image/png;base64,${LOGO_BYTES.toString("base64")}`;
/** Where the API keeps that logo: stored once, named by path. */
const LOGO_PATH = signatureImagePath(createHash("sha256").update(LOGO_BYTES).digest("hex"));
const signature = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: "Card",
  formData: JSON.stringify(sampleFormData),
  elements: JSON.stringify(sampleElements),
  globalSettings: JSON.stringify(sampleGlobalSettings),
  ...extra,
});
const withLogo = (name: string) =>
  signature(name, { logoUrl: LOGO, htmlContent: `<img src="${LOGO}">`, isCompanyTemplate: true });
const cardPng = (shade: number) =>
  `data:image/png;base64,${png(SIGNATURE_IMAGE_SIZE.width, SIGNATURE_IMAGE_SIZE.height, shade).toString("base64")}`;

describeEachBackend("signature lists, quotas and stored images", (db) => {
  let owner = "";
  let ownerId = "";
  let other = "";
  beforeAll(async () => {
    ownerId = await db.createStaff("owner", "correct horse battery");
    await db.createStaff("other", "correct horse battery");
    owner = await loginAs("owner", "correct horse battery");
    other = await loginAs("other", "correct horse battery");
  });

  it("keeps the light lists small with 10 company templates with logos, and serves one template in full", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call("POST", "/api/portal/signature-templates", { token: other, json: withLogo(`Co ${i}`) });
      ids.push((await answer(res, 201)).id);
    }
    const company = await call("GET", "/api/company-signature-templates?view=summary", { token: owner });
    const text = await company.text();
    expect(text.length).toBeLessThan(100 * 1024);
    const rows = JSON.parse(text) as Record<string, unknown>[];
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ name: "Co 9", isCompanyTemplate: true, hasLogo: true });
    expect(rows[0]).not.toHaveProperty("logoUrl");
    expect(rows[0]).not.toHaveProperty("htmlContent");
    const own = await answer(await call("GET", "/api/portal/signature-templates?view=summary", { token: other }), 200);
    expect(own.every((r) => !("logoUrl" in r) && "hasLogo" in r && r.hasLogo === true)).toBe(true);

    // The full list keeps every field for other callers.
    const full = await answer(await call("GET", "/api/company-signature-templates", { token: owner }), 200);
    expect(full[0]).toMatchObject({ logoUrl: LOGO_PATH });

    // One template in full: a company one for anyone, a personal one for its owner only.
    const one = await call("GET", "/api/portal/signature-templates/:id", { param: { id: ids[0] }, token: owner });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: ids[0], logoUrl: LOGO_PATH, htmlContent: `<img src="${LOGO_PATH}">` });
    const personal = await call("POST", "/api/portal/signature-templates", { token: other, json: signature("Mine") });
    const personalId = (await answer(personal, 201)).id;
    expect(
      (await call("GET", "/api/portal/signature-templates/:id", { param: { id: personalId }, token: other })).status,
    ).toBe(200);
    expect(
      (await call("GET", "/api/portal/signature-templates/:id", { param: { id: personalId }, token: owner })).status,
    ).toBe(404);
  });

  it(`refuses the ${ACCOUNT_QUOTAS.signatureTemplates + 1}th signature template of an account with a 409 that says why`, async () => {
    await db.query(
      `INSERT INTO signature_templates (owner_id, name, form_data, elements, global_settings)
       SELECT $1, 'seed ' || n, '{}', '[]', '{}' FROM generate_series(1, $2::int) n`,
      [ownerId, ACCOUNT_QUOTAS.signatureTemplates - 1],
    );
    const last = await call("POST", "/api/portal/signature-templates", { token: owner, json: signature("100th") });
    expect(last.status).toBe(201);
    const refused = await call("POST", "/api/portal/signature-templates", { token: owner, json: signature("101st") });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: expect.stringContaining(`${ACCOUNT_QUOTAS.signatureTemplates}`),
      code: "quota_exceeded",
    });
    // Another account is not affected.
    expect(
      (await call("POST", "/api/portal/signature-templates", { token: other, json: signature("fine") })).status,
    ).toBe(201);
  });

  it(`refuses the ${ACCOUNT_QUOTAS.proposalTemplates + 1}th proposal template of an account, the Trash counted`, async () => {
    await db.query(
      `INSERT INTO proposal_templates (title, template_content, category, created_by, deleted_at)
       SELECT 'seed ' || n, 'x', 'residential', $1, CASE WHEN n = 1 THEN now() END FROM generate_series(1, $2::int) n`,
      [ownerId, ACCOUNT_QUOTAS.proposalTemplates - 1],
    );
    const json = { title: "Bid", templateContent: "x" };
    expect((await call("POST", "/api/portal/templates", { token: owner, json })).status).toBe(201);
    const refused = await call("POST", "/api/portal/templates", { token: owner, json });
    expect((await answer(refused, 409)).error).toMatch(/Quota reached/);
  });

  it(`accepts ${ACCOUNT_QUOTAS.imageUploadsPerHour} image uploads an hour, then answers 429 with Retry-After`, async () => {
    const token = await loginAs("owner", "correct horse battery");
    for (let i = 0; i < ACCOUNT_QUOTAS.imageUploadsPerHour; i++) {
      const res = await call("POST", "/api/portal/signature-images", { token, json: { png: cardPng(100) } });
      expect(res.status).toBe(201);
    }
    const refused = await call("POST", "/api/portal/signature-images", { token, json: { png: cardPng(100) } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await answer(refused, 429)).error).toMatch(/at most 20 an hour/);
    // Stored once, whatever the number of exports.
    expect(await db.query("SELECT 1 FROM signature_images WHERE created_by = $1", [ownerId])).toHaveLength(1);
  });

  it("refuses a new image once the account's stored images would pass 50 MB", async () => {
    const otherId = (await db.query<{ id: string }>("SELECT id FROM staff_users WHERE username = 'other'"))[0]!.id;
    const filler = randomBytes(32).toString("hex");
    await db.query(
      `INSERT INTO signature_images (sha256, bytes, created_by) VALUES ($1, convert_to(repeat('x', $2::int), 'UTF8'), $3)`,
      [filler, ACCOUNT_QUOTAS.storedBytes - 1000, otherId],
    );
    const refused = await call("POST", "/api/portal/signature-images", { token: other, json: { png: cardPng(7) } });
    expect(refused.status).toBe(409);
    expect((await answer(refused, 409)).error).toMatch(/50 MB/);
    await db.query("DELETE FROM signature_images WHERE sha256 = $1", [filler]);
    expect(
      (await call("POST", "/api/portal/signature-images", { token: other, json: { png: cardPng(7) } })).status,
    ).toBe(201);
  });

  it("never collects an image a template names or that was exported in the last two years; collects others after 30 days", async () => {
    const hash = () => createHash("sha256").update(randomBytes(16)).digest("hex");
    const [referenced, inProposal, recentExport, unused, young] = [hash(), hash(), hash(), hash(), hash()];
    const add = (sha: string, createdDaysAgo: number, exportedDaysAgo: number) =>
      db.query(
        `INSERT INTO signature_images (sha256, bytes, created_at, last_exported_at)
         VALUES ($1, '\\x00', now() - make_interval(days => $2), now() - make_interval(days => $3))`,
        [sha, createdDaysAgo, exportedDaysAgo],
      );
    await add(referenced, 1000, 1000);
    await add(inProposal, 1000, 1000);
    await add(recentExport, 1000, 300);
    await add(unused, 1000, 1000);
    await add(young, 10, 10);
    await db.query(
      `INSERT INTO signature_templates (owner_id, name, form_data, elements, global_settings, logo_url)
       VALUES ($1, 'uses it', '{}', '[]', '{}', $2)`,
      [ownerId, `https://example.com/api/signature-images/${referenced}.png`],
    );
    await db.query(
      `INSERT INTO proposal_templates (title, template_content, category) VALUES ('logo', $1, 'residential')`,
      [`{"logoFile":"/api/signature-images/${inProposal}.png"}`],
    );
    const left = async () =>
      (await db.query<{ sha256: string }>("SELECT sha256 FROM signature_images")).map((r) => r.sha256);

    expect(await JOBS["purge-deleted"](db)).toMatchObject({ images: 1 });
    expect(await left()).not.toContain(unused);
    expect(await left()).toEqual(expect.arrayContaining([referenced, inProposal, recentExport, young]));
    // 25 days on, the young one (35 days old, exported 35 days ago) is still within two years of its export.
    expect(await collectImages(db, new Date(Date.now() + 25 * DAY_MS))).toBe(0);
  });
});
