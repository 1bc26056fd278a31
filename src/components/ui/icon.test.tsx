import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { GET } from "~/pages/icons.svg";
import { ICON_SPRITE, Icon } from "./icon";
import { iconSet, spriteSvg } from "./icon-set";

const sprite = spriteSvg(iconSet);
/** The markup of one symbol in the sprite. */
const symbol = (name: string) =>
  new RegExp(`<symbol id="${name}" viewBox="0 0 24 24">(.*?)</symbol>`).exec(sprite)?.[1];

describe("the icon sprite", () => {
  test.each(Object.entries(iconSet))("%s: one symbol with Lucide's shapes, in Lucide's stroke", (name, node) => {
    const body = symbol(name);
    expect(body).toMatch(
      /^<g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">/,
    );
    expect(body?.match(/<(path|circle|rect|line|polyline|polygon|ellipse)\b/g)).toHaveLength(node.length);
    const [tag, attrs] = node[0]!;
    const first = Object.entries(attrs).map(([key, value]) => ` ${key}="${value}"`);
    expect(body).toContain(`<${tag}${first.join("")}/>`);
  });

  test("attribute values are escaped and missing ones left out", () => {
    const svg = spriteSvg({ odd: [["path", { d: 'M0 0"/><script>alert(1)</script>&', opacity: undefined }]] });
    expect(svg).toContain('<path d="M0 0&quot;/&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;"/>');
    expect(svg).not.toContain("opacity");
  });

  test("GET serves it as SVG", async () => {
    const response = await GET({} as Parameters<typeof GET>[0]);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await response.text()).toBe(sprite);
  });
});

describe("Icon", () => {
  test("points into the sprite's route, hidden from assistive technology, 16 px by default", () => {
    const html = renderToStaticMarkup(<Icon name="x" />);
    expect(html).toBe(
      `<svg data-slot="icon" aria-hidden="true" class="size-4 shrink-0"><use href="/icons.svg#x"></use></svg>`,
    );
    expect(Object.keys(import.meta.glob("/src/pages/**/*.svg.ts"))).toContain(`/src/pages${ICON_SPRITE}.ts`);
  });

  test("a class replaces the default size", () => {
    expect(renderToStaticMarkup(<Icon name="house" className="size-6" />)).toContain('class="size-6"');
  });
});
