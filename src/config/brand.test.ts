import { describe, expect, it } from "vitest";
import logoMarkComponent from "~/components/LogoMark.astro?raw";
import { GET as favicon } from "~/pages/favicon.svg.ts";
import globalCss from "~/styles/base.css?raw";
import { brandColors, logoMark, logoMarkShapes, logoMarkSvg } from "./brand";

/** The `--color-<hue>-<shade>: #hex` declarations of the stylesheet's @theme block, keyed "hue-shade". */
function themeColors(css: string): Record<string, string> {
  const theme = /@theme\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
  return Object.fromEntries(
    [...theme.matchAll(/--color-([a-z]+-\d+):\s*(#[0-9a-f]+);/gi)].map(([, name, hex]) => [name, hex!.toLowerCase()]),
  );
}

const moduleColors = Object.fromEntries(
  Object.entries(brandColors).flatMap(([hue, shades]) =>
    Object.entries(shades).map(([shade, hex]) => [`${hue}-${shade}`, hex]),
  ),
);

describe("brand colours", () => {
  it("the Tailwind theme in src/styles/base.css declares exactly the module's colours", () => {
    expect(themeColors(globalCss)).toEqual(moduleColors);
  });

  it.each(Object.entries(moduleColors))("%s (%s) is a lower-case #rrggbb", (_name, hex) => {
    expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe("logo mark", () => {
  it("the favicon endpoint serves the module's mark as SVG", async () => {
    const response = await favicon({} as Parameters<typeof favicon>[0]);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await response.text()).toBe(logoMarkSvg());
  });

  it("the favicon draws the mark's geometry in the header's colours", () => {
    const svg = logoMarkSvg();
    expect(svg).toContain(`viewBox="${logoMark.viewBox}"`);
    expect(svg).toContain(`fill="${brandColors.navy[800]}"`);
    expect(svg).toContain(`stroke="${brandColors.gold[400]}"`);
    expect(svg).toContain(`d="${logoMark.anchorPath}"`);
    expect(svg).toBe(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${logoMarkShapes()}</svg>\n`);
  });

  it("the dark variant keeps the geometry and changes only the colours", () => {
    const recoloured = logoMarkShapes(logoMark.onDark)
      .replaceAll(logoMark.onDark.tile, logoMark.colors.tile)
      .replaceAll(logoMark.onDark.anchor, logoMark.colors.anchor);
    expect(recoloured).toBe(logoMarkShapes());
  });

  it("the header's LogoMark.astro takes its viewBox and shapes from the module and draws none of its own", () => {
    expect(logoMarkComponent).toContain("viewBox={logoMark.viewBox}");
    expect(logoMarkComponent).toContain("set:html={logoMarkShapes()}");
    expect(logoMarkComponent).not.toMatch(/#[0-9a-f]{3,8}\b|<(rect|circle|path|g)\b/i);
  });
});
