// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { BID_LIMITS } from "~/schemas/bid-fields";
import { bodyNodeSchema, type BodyNode } from "~/schemas/bids";
import { z } from "~/schemas/zod";
import { bodyTree } from "./body-tree";
import { SAMPLE_BODY_HTML } from "./sample-body";

const el = (tag: string, children: BodyNode[], extra: object = {}): BodyNode =>
  ({ tag, ...extra, children }) as BodyNode;

describe("bodyTree", () => {
  it.each<[string, string, BodyNode[]]>([
    ["a paragraph", "<p>Walls</p>", [el("p", ["Walls"])]],
    ["an empty paragraph", "<p></p>", [el("p", [])]],
    ["a line break", "<p>a<br>b</p>", [el("p", ["a", el("br", []), "b"])]],
    ["headings", "<h2>Scope</h2><h3>Inclusions</h3>", [el("h2", ["Scope"]), el("h3", ["Inclusions"])]],
    ["strong and b", "<p><strong>x</strong><b>y</b></p>", [el("p", [el("strong", ["x"]), el("strong", ["y"])])]],
    ["em and i", "<p><em>x</em><i>y</i></p>", [el("p", [el("em", ["x"]), el("em", ["y"])])]],
    ["underline", "<p><u>x</u></p>", [el("p", [el("u", ["x"])])]],
    ["a bullet list", "<ul><li><p>a</p></li></ul>", [el("ul", [el("li", [el("p", ["a"])])])]],
    ["a numbered list's start", '<ol start="3"><li>c</li></ol>', [el("ol", [el("li", ["c"])], { start: 3 })]],
    ["a start out of range is left out", '<ol start="99999"><li>c</li></ol>', [el("ol", [el("li", ["c"])])]],
    ["start only on ol", '<ul start="3"><li>c</li></ul>', [el("ul", [el("li", ["c"])])]],
    ["small text", '<p><span data-size="1">fine print</span></p>', [el("p", [el("small", ["fine print"])])]],
    ["large text", '<p><span data-size="5">Total</span></p>', [el("p", [el("large", ["Total"])])]],
    ["a plain span is unwrapped and its text joined", "<p>a<span>b</span>c</p>", [el("p", ["abc"])]],
    [
      "the two columns",
      '<div data-type="columns"><div data-type="column"><h3>In</h3></div><div data-type="column"><h3>Out</h3></div></div>',
      [el("columns", [el("column", [el("h3", ["In"])]), el("column", [el("h3", ["Out"])])])],
    ],
    ["a plain div is unwrapped", "<div><p>x</p></div>", [el("p", ["x"])]],
    ["unknown elements keep their text", "<p><a>link</a> and <code>code</code></p>", [el("p", ["link and code"])]],
    [
      "alignment",
      '<p style="text-align: center">c</p><h2 style="text-align: right">r</h2>',
      [el("p", ["c"], { align: "center" }), el("h2", ["r"], { align: "right" })],
    ],
    ["an alignment the tree does not know is dropped", '<p style="text-align: justify">j</p>', [el("p", ["j"])]],
    [
      "whitespace between blocks is dropped",
      "<h2>A</h2>\n  <ul>\n <li><p>b</p></li>\n</ul>\n",
      [el("h2", ["A"]), el("ul", [el("li", [el("p", ["b"])])])],
    ],
    [
      "whitespace between words stays",
      "<p><strong>a</strong> <em>b</em></p>",
      [el("p", [el("strong", ["a"]), " ", el("em", ["b"])])],
    ],
    ["markup in text stays text", "<p>&lt;script&gt;x&lt;/script&gt;</p>", [el("p", ["<script>x</script>"])]],
    ["comments are dropped", "<p>a<!-- note -->b</p>", [el("p", ["ab"])]],
  ])("%s", (_, html, tree) => {
    expect(bodyTree(html)).toEqual(tree);
  });

  it("keeps text past the depth limit as the deepest element's text", () => {
    const depth = BID_LIMITS.bodyDepth + 3;
    const html = "<ul><li>".repeat(depth) + "deep" + "</li></ul>".repeat(depth);
    const tree = bodyTree(html);
    const depthOf = (node: BodyNode): number =>
      typeof node === "string" ? 0 : 1 + Math.max(0, ...node.children.map(depthOf));
    expect(depthOf(tree[0]!)).toBe(BID_LIMITS.bodyDepth);
    expect(JSON.stringify(tree)).toContain('"deep"');
  });

  it("turns the sample body into a tree the contract accepts", () => {
    const tree = bodyTree(SAMPLE_BODY_HTML);
    expect(z.array(bodyNodeSchema).safeParse(tree).success).toBe(true);
    expect(tree[0]).toEqual(el("h2", ["Scope of Work"]));
    expect(tree.some((node) => typeof node !== "string" && node.tag === "columns")).toBe(true);
    expect(tree.every((node) => typeof node !== "string")).toBe(true);
  });
});
