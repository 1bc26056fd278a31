import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { beforeAll, expect, it } from "vitest";
import { ACCOUNT_QUOTAS, SAFE_IMAGE_URL } from "~/schemas/limits";
import { collectImages, signatureImagePath } from "./images";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../../test/fixtures/signature";
import { png } from "../../../test/fixtures/png";
import { call, callUnchecked, describeEachBackend, loginAs, answer } from "../../../test/api";

const DAY_MS = 24 * 60 * 60 * 1000;
const TEMPLATES = "/api/portal/signature-templates";
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;
/** A JPEG's leading bytes and noise: what the magic-byte check reads. */
const jpeg = () => Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), randomBytes(2000)]);
/** A template as the generator saves one: the logo as logoUrl and again inside the exported HTML. */
const withLogo = (name: string, logo: string) => ({
  name,
  formData: JSON.stringify(sampleFormData),
  elements: JSON.stringify(sampleElements),
  globalSettings: JSON.stringify(sampleGlobalSettings),
  logoUrl: logo,
  htmlContent: `<table><tr><td><div style="background-image:url(&quot;${logo}&quot;)"></div></td></tr></table>`,
});

describeEachBackend("signature template logos, stored once by hash", (db) => {
  let token = "";
  let other = "";
  let ownerId = "";
  beforeAll(async () => {
    ownerId = await db.createStaff("logo-owner", "correct horse battery");
    await db.createStaff("logo-other", "correct horse battery");
    token = await loginAs("logo-owner", "correct horse battery");
    other = await loginAs("logo-other", "correct horse battery");
  });
  const images = async (hash: string) =>
    db.query<{ type: string; createdBy: string; n: number }>(
      `SELECT content_type AS type, created_by AS "createdBy", octet_length(bytes) AS n
       FROM signature_images WHERE sha256 = $1`,
      [hash],
    );

  it("stores a data-URL logo as one image and names it by path in logoUrl and htmlContent", async () => {
    const logo = png(40, 20, 11);
    const path = signatureImagePath(sha(logo));
    const saved = await call("POST", TEMPLATES, {
      token,
      json: withLogo("Logo card", dataUrl("image/png", logo)),
    });
    const { id, logoUrl, htmlContent } = await answer(saved, 201);
    expect(logoUrl).toBe(path);
    expect(SAFE_IMAGE_URL.test(path)).toBe(true);
    expect(htmlContent).toBe(
      `<table><tr><td><div style="background-image:url(&quot;${path}&quot;)"></div></td></tr></table>`,
    );
    expect(await images(sha(logo))).toEqual([{ type: "image/png", createdBy: ownerId, n: logo.byteLength }]);

    // Read back: one template in full, and the full list, carry the path, never the bytes.
    const one = await answer(await call("GET", "/api/portal/signature-templates/:id", { param: { id }, token }), 200);
    expect(one).toMatchObject({ logoUrl: path, htmlContent });
    const list = await (await call("GET", TEMPLATES, { token })).text();
    expect(list).toContain(path);
    expect(list).not.toContain("data:image");
  });

  it("stores a logo two templates (and two accounts) carry once, and serves it with its own type", async () => {
    const logo = jpeg();
    for (const [who, name] of [
      [token, "First"],
      [token, "Second"],
      [other, "Theirs"],
    ] as const)
      expect(
        (await call("POST", TEMPLATES, { token: who, json: withLogo(name, dataUrl("image/jpeg", logo)) })).status,
      ).toBe(201);
    expect(await images(sha(logo))).toEqual([{ type: "image/jpeg", createdBy: ownerId, n: logo.byteLength }]);

    const path = signatureImagePath(sha(logo), "image/jpeg");
    expect(path).toMatch(/\.jpg$/);
    const served = await callUnchecked("GET", path);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);
    // One URL per image: the same hash under another extension is not served.
    expect((await callUnchecked("GET", path.replace(/\.jpg$/, ".png"))).status).toBe(404);
  });

  it.each([
    ["an SVG behind a PNG data URL", dataUrl("image/png", Buffer.from("<svg onload=alert(1)></svg>")), 400],
    ["text behind a GIF data URL", dataUrl("image/gif", Buffer.from("hello, not an image")), 400],
  ])("refuses %s with a 400 and stores nothing", async (_name, logo, status) => {
    const before = await db.query("SELECT sha256 FROM signature_images");
    const res = await call("POST", TEMPLATES, { token, json: withLogo("Bad", logo) });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({
      error: expect.stringMatching(/PNG, JPEG, WebP or GIF/),
      code: "invalid_request",
    });
    expect(await db.query("SELECT sha256 FROM signature_images")).toHaveLength(before.length);
  });

  it("charges a new logo to the account's stored-images quota (409) and its hourly uploads (429), a stored one to neither", async () => {
    const filler = randomBytes(32).toString("hex");
    await db.query(
      `INSERT INTO signature_images (sha256, bytes, created_by) VALUES ($1, convert_to(repeat('x', $2::int), 'UTF8'), $3)`,
      [filler, ACCOUNT_QUOTAS.storedBytes - 1000, ownerId],
    );
    const refused = await call("POST", TEMPLATES, {
      token,
      json: withLogo("Over", dataUrl("image/jpeg", jpeg())),
    });
    expect((await answer(refused, 409)).error).toMatch(/50 MB/);
    await db.query("DELETE FROM signature_images WHERE sha256 = $1", [filler]);

    // Uploads already made this hour (the first tests' logos) count, card exports and logos alike.
    const [{ n: made } = { n: 0 }] = await db.query<{ n: number }>(
      "SELECT cardinality(hits) AS n FROM rate_limits WHERE bucket = 'image-upload' AND key = $1",
      [ownerId],
    );
    for (let i = made; i < ACCOUNT_QUOTAS.imageUploadsPerHour; i++)
      expect(
        (
          await call("POST", TEMPLATES, {
            token,
            json: withLogo(`Logo ${i}`, dataUrl("image/png", png(8, 8, i))),
          })
        ).status,
      ).toBe(201);
    const limited = await call("POST", TEMPLATES, {
      token,
      json: withLogo("21st", dataUrl("image/png", png(8, 8, 250))),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await images(sha(png(8, 8, 250)))).toEqual([]);
    // A logo stored already is no upload: saving it again still works.
    const stored = png(8, 8, ACCOUNT_QUOTAS.imageUploadsPerHour - 1);
    const again = await call("POST", TEMPLATES, {
      token,
      json: withLogo("Again", dataUrl("image/png", stored)),
    });
    expect(again.status).toBe(201);
  });

  it("never collects a logo a template names; collects one no template names after 30 days", async () => {
    const kept = png(30, 30, 1);
    const dropped = png(30, 30, 2);
    for (const [name, logo] of [
      ["Kept", kept],
      ["Dropped", dropped],
    ] as const)
      await call("POST", TEMPLATES, { token: other, json: withLogo(name, dataUrl("image/png", logo)) });
    const [gone] = await db.query<{ id: string }>("SELECT id FROM signature_templates WHERE name = 'Dropped'");
    expect(
      (await call("DELETE", "/api/portal/signature-templates/:id", { param: { id: gone!.id }, token: other })).status,
    ).toBe(200);

    expect(await collectImages(db)).toBe(0);
    await collectImages(db, new Date(Date.now() + 31 * DAY_MS));
    expect(await images(sha(dropped))).toEqual([]);
    expect(await images(sha(kept))).toHaveLength(1);
  });

  it("migration 011 moves inline logos of existing templates into stored images", async () => {
    const logo = png(12, 12, 77);
    const inHtml = jpeg();
    await db.query(
      `INSERT INTO signature_templates (owner_id, name, form_data, elements, global_settings, logo_url, html_content)
       VALUES ($1, 'Old inline', '{}', '[]', '{}', $2, $3)`,
      [
        ownerId,
        dataUrl("image/png", logo),
        `<div style="background:url('${dataUrl("image/png", logo)}')"><img src="${dataUrl("image/jpeg", inHtml)}"></div>`,
      ],
    );
    const sql = await readFile("migrations/011_logos_out_of_templates.sql", "utf8");
    await db.transaction((tx) => tx.exec(sql));

    const [row] = await db.query<{ logoUrl: string; html: string }>(
      `SELECT logo_url AS "logoUrl", html_content AS html FROM signature_templates WHERE name = 'Old inline'`,
    );
    const path = signatureImagePath(sha(logo));
    expect(row).toEqual({
      logoUrl: path,
      html: `<div style="background:url('${path}')"><img src="${signatureImagePath(sha(inHtml), "image/jpeg")}"></div>`,
    });
    expect(await images(sha(logo))).toEqual([{ type: "image/png", createdBy: ownerId, n: logo.byteLength }]);
    expect(await images(sha(inHtml))).toEqual([{ type: "image/jpeg", createdBy: ownerId, n: inHtml.byteLength }]);
    expect(
      await db.query(
        "SELECT 1 FROM signature_templates WHERE logo_url LIKE 'data:%' OR html_content LIKE '%data:image%'",
      ),
    ).toEqual([]);
    expect((await callUnchecked("GET", path)).headers.get("content-type")).toBe("image/png");
  });
});
