import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { logoMarkSvg } from "../../src/config/brand";
import { faviconMark } from "./brand-art";
import { icoPng } from "./ico";
import { artOutputs, renderOutput, type ArtOutput } from "./outputs";
import { renderScene } from "./scene";

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const output = (file: string) => artOutputs.find((o) => o.file === file)!;

/** Raw RGBA pixels of a PNG or JPEG. */
const pixels = (image: Buffer) => sharp(image).ensureAlpha().raw().toBuffer();

/** The outputs drawn from the brand module by a seeded scene (the others are SVG files). */
const scenes = artOutputs.flatMap((o) => (typeof o.scene === "string" ? [] : [{ ...o, scene: o.scene }]));

describe("art scenes", () => {
  it.each(scenes.map((o) => [o.file, o] as const))("%s: the same SVG on every run", (_file, o) => {
    expect(sha256(renderScene(o.scene))).toBe(sha256(renderScene(o.scene)));
  });

  it("draws each scene the same whatever was drawn before it", () => {
    const forwards = scenes.map((o) => renderScene(o.scene));
    const backwards = [...scenes].reverse().map((o) => renderScene(o.scene));
    expect(backwards.reverse()).toEqual(forwards);
  });

  it("a new seed for one scene changes that scene and no other", () => {
    const index = scenes.findIndex((o) => o.file === "public/og.png");
    const before = scenes.map((o) => renderScene(o.scene));
    const reseeded = scenes.map((o, i) => (i === index ? { ...o.scene, seed: o.scene.seed + 1 } : o.scene));
    const after = reseeded.map(renderScene);
    expect(after[index]).not.toBe(before[index]);
    expect(after.filter((_, i) => i !== index)).toEqual(before.filter((_, i) => i !== index));
  });

  it("writes every file once", () => {
    expect(new Set(artOutputs.map((o) => o.file)).size).toBe(artOutputs.length);
  });
});

describe("encoded art", () => {
  it.each(["public/og.png", "public/email/signature-background.jpg", "public/favicon.ico"])(
    "%s: identical bytes when rendered twice",
    async (file) => {
      const o: ArtOutput = output(file);
      expect(sha256(await renderOutput(o))).toBe(sha256(await renderOutput(o)));
    },
  );

  it("favicon.ico is drawn from the favicon's SVG, the brand module's mark", () => {
    expect(renderScene(faviconMark)).toBe(logoMarkSvg());
  });

  // The committed icons must show the brand module's mark (after changing src/config/brand.ts, run `npm run art`),
  // and each portfolio JPEG its SVG drawing (after editing one, the same).
  it.each([
    "public/favicon.ico",
    "public/apple-touch-icon.png",
    "public/portal/default-logo.png",
    ...artOutputs.filter((o) => typeof o.scene === "string").map((o) => o.file),
  ])("the committed %s matches a fresh render of its source", async (file) => {
    const decode = (bytes: Buffer) => pixels(file.endsWith(".ico") ? icoPng(bytes) : bytes);
    const [committed, fresh] = await Promise.all([decode(readFileSync(file)), renderOutput(output(file)).then(decode)]);
    expect(committed.length).toBe(fresh.length);
    // Anti-aliasing may move a little between sharp versions; a colour change moves every stroke pixel.
    let changed = 0;
    for (let i = 0; i < fresh.length; i++) if (Math.abs(committed[i]! - fresh[i]!) > 8) changed++;
    expect(changed / fresh.length).toBeLessThan(0.002);
  });
});
