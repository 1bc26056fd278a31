// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { BodyNode } from "~/schemas/bids";
import { renderBody } from "./body-render";

/** The fragment's markup, for comparing structure. */
function html(nodes: BodyNode[]): string {
  const host = document.createElement("div");
  host.appendChild(renderBody(nodes));
  return host.innerHTML;
}

describe("renderBody", () => {
  it("keeps markup in text as text: nothing in a string becomes an element", () => {
    const host = document.createElement("div");
    host.appendChild(
      renderBody([
        "<script>alert(1)</script>",
        { tag: "p", children: ['<img src=x onerror="alert(1)">', { tag: "strong", children: ["&amp;"] }] },
      ]),
    );
    expect(host.querySelector("script, img")).toBeNull();
    expect(host.firstChild?.nodeType).toBe(Node.TEXT_NODE);
    expect(host.firstChild?.textContent).toBe("<script>alert(1)</script>");
    expect(host.querySelector("p")?.textContent).toBe('<img src=x onerror="alert(1)">&amp;');
  });

  it.each<[string, BodyNode, string]>([
    ["plain tags as themselves", { tag: "h2", children: ["Scope"] }, "<h2>Scope</h2>"],
    ["a line break", { tag: "p", children: ["a", { tag: "br", children: [] }, "b"] }, "<p>a<br>b</p>"],
    ["small text", { tag: "small", children: ["fine print"] }, '<span data-size="1">fine print</span>'],
    ["large text", { tag: "large", children: ["Total"] }, '<span data-size="5">Total</span>'],
    [
      "the two-column block",
      {
        tag: "columns",
        children: [
          { tag: "column", children: ["In"] },
          { tag: "column", children: ["Out"] },
        ],
      },
      '<div data-type="columns"><div data-type="column">In</div><div data-type="column">Out</div></div>',
    ],
    ["alignment", { tag: "p", align: "center", children: ["x"] }, '<p style="text-align: center;">x</p>'],
    [
      "a numbered list's start",
      { tag: "ol", start: 3, children: [{ tag: "li", children: ["third"] }] },
      '<ol start="3"><li>third</li></ol>',
    ],
    ["start only on ordered lists", { tag: "ul", start: 3, children: [] }, "<ul></ul>"],
  ])("renders %s", (_, node, expected) => {
    expect(html([node])).toBe(expected);
  });

  it("renders nested formatting in order", () => {
    expect(html([{ tag: "p", children: ["a ", { tag: "em", children: [{ tag: "u", children: ["b"] }] }, " c"] }])).toBe(
      "<p>a <em><u>b</u></em> c</p>",
    );
  });
});
