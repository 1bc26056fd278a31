import { createHash } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { SIGNATURE_IMAGE } from "~/schemas/signature";
import { SIGNATURE_IMAGE_SIZE } from "./images";
import { call, callUnchecked, describeEachBackend, loginAs, answer } from "../../../test/api";
import { png } from "../../../test/fixtures/png";

const upload = (token: string | undefined, bytes: Buffer) =>
  call("POST", "/api/portal/signature-images", {
    token,
    json: { png: `data:image/png;base64,${bytes.toString("base64")}` },
  });

describeEachBackend("signature images", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("carol", "correct horse battery");
    token = await loginAs("carol", "correct horse battery");
  });

  it("stores a card PNG under its SHA-256 and serves it publicly, immutable, byte for byte", async () => {
    const card = png(SIGNATURE_IMAGE_SIZE.width, SIGNATURE_IMAGE_SIZE.height);
    const sha256 = createHash("sha256").update(card).digest("hex");
    const res = await upload(token, card);
    const { url } = await answer(res, 201);
    expect(url).toBe(`${"/api/signature-images"}/${sha256}.png`);

    const served = await callUnchecked("GET", url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(card)).toBe(true);

    // The same image again is the same URL, stored once.
    expect((await answer(await upload(token, card), 201)).url).toBe(url);
    expect(await db.query("SELECT count(*)::int AS n FROM signature_images WHERE sha256 = $1", [sha256])).toEqual([
      { n: 1 },
    ]);
  });

  it.each([
    ["not a PNG", Buffer.from("<svg onload=alert(1)></svg>"), 400],
    ["a PNG of the wrong size", png(100, 40), 400],
    ["larger than the cap", Buffer.alloc(SIGNATURE_IMAGE.maxBytes + 1024), 413],
  ])("refuses %s", async (_name, bytes, status) => {
    expect((await upload(token, bytes)).status).toBe(status);
  });

  it.each([
    ["an SVG data URL", { png: "data:image/svg+xml;base64,PHN2Zz4=" }],
    ["raw text", { png: "iVBORw0KGgo=" }],
    ["no png field", {}],
  ])("400 for %s", async (_name, json) => {
    expect((await callUnchecked("POST", "/api/portal/signature-images", { token, json })).status).toBe(400);
  });

  it("415 for a raw image body", async () => {
    const res = await callUnchecked("POST", "/api/portal/signature-images", {
      token,
      raw: new Uint8Array(png(SIGNATURE_IMAGE_SIZE.width, SIGNATURE_IMAGE_SIZE.height)),
      headers: { "content-type": "image/png" },
    });
    expect(res.status).toBe(415);
  });

  it("needs a token to store; 404 for an unknown or malformed image name", async () => {
    expect((await upload(undefined, png(SIGNATURE_IMAGE_SIZE.width, SIGNATURE_IMAGE_SIZE.height, 7))).status).toBe(401);
    for (const file of [`${"0".repeat(64)}.png`, "..%2Fetc.png", `${"A".repeat(64)}.png`])
      expect((await call("GET", "/api/signature-images/:file", { param: { file } })).status, file).toBe(404);
  });
});
