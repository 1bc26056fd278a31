/**
 * What the client signs is what they saw: hostile bodies rendered both ways, the client's page (its DOM, in
 * jsdom) and the PDF (read back with pdftotext), must show the same words in the same order.
 */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { renderDocument } from "~/features/bid-client/document-render";
import { BID_LIMITS } from "~/schemas/bid-fields";
import type { BodyNode, SentDocument } from "~/schemas/bids";
import { defaultSentDocument } from "../../../../test/fixtures/bid-document";
import { pdfRawText } from "../../../../test/pdf";
import { renderBidPdf, validUntil } from "./render";

const expiresOn = "2026-12-26";

/** `inner` inside `depth` nested elements of `tag`. */
const nested = (depth: number, inner: BodyNode, tag: "strong" | "ul" | "li" | "p" = "strong"): BodyNode => {
  let node = inner;
  for (let i = 0; i < depth; i++) node = { tag, children: [node] };
  return node;
};

/** Lists nested `depth` deep, each item naming its level. */
const deepList = (depth: number): BodyNode => {
  let node: BodyNode = { tag: "ul", children: [{ tag: "li", children: [`level${depth}`] }] };
  for (let level = depth - 1; level > 0; level--)
    node = { tag: "ul", children: [{ tag: "li", children: [`level${level}`, node] }] };
  return node;
};

const HOSTILE: [string, BodyNode[]][] = [
  ["text 100 elements deep", ["before ", nested(100, "deep"), " after"]],
  ["lists past the depth limit", [deepList(BID_LIMITS.bodyDepth + 4)]],
  ["paragraphs past the depth limit", [nested(BID_LIMITS.bodyDepth + 2, "bottom", "p")]],
  [
    "line ends, tabs, controls and bidi overrides",
    [{ tag: "p", children: ["one\r\ntwo\rthree\u2028four\u2029five\ttab\u0007bell \u202eevil\u202c end\u0000"] }],
  ],
  [
    "list children that are not items, items outside lists",
    [
      { tag: "ul", children: ["loose", { tag: "p", children: ["para"] }, { tag: "li", children: ["item"] }] },
      { tag: "li", children: ["stray item"] },
      {
        tag: "ol",
        start: 7,
        children: [
          { tag: "h3", children: ["heading"] },
          { tag: "li", children: ["eighth"] },
        ],
      },
    ],
  ],
  [
    "blocks inside headings and marks",
    [
      { tag: "h2", children: ["Title ", { tag: "ul", children: [{ tag: "li", children: ["hidden bullet"] }] }] },
      {
        tag: "strong",
        children: [
          { tag: "p", children: ["bold para"] },
          { tag: "ol", children: ["x"] },
        ],
      },
    ],
  ],
  [
    "columns holding anything, line breaks holding text",
    [
      { tag: "columns", children: ["left text", { tag: "p", children: ["right para"] }] },
      { tag: "p", children: ["a", { tag: "br", children: ["secret"] }, "b"] },
      { tag: "column", children: ["lone column"] },
    ],
  ],
  [
    "empty and blank nodes",
    [{ tag: "p", children: [] }, "   ", { tag: "ul", children: [] }, { tag: "p", children: [""] }],
  ],
];

/**
 * The words the client's page shows in its body: its text as the DOM holds it, with each list item's marker
 * (the bullet or number the browser draws) and headings in capitals, as proposal.css draws them.
 */
function pageWords(body: BodyNode[]): string[] {
  const dom = new JSDOM("<!doctype html><body></body>");
  const global = globalThis as { document?: Document };
  const saved = global.document;
  global.document = dom.window.document;
  try {
    const page = renderDocument({ ...defaultSentDocument(), body }, expiresOn);
    const shown = (node: Node, upper: boolean): string => {
      if (node.nodeType === 3) return upper ? node.textContent!.toUpperCase() : node.textContent!;
      const element = node as Element;
      if (element.localName === "br") return " ";
      let marker = "";
      const list = element.parentElement;
      if (element.localName === "li" && list?.localName === "ul") marker = "\u2022 ";
      if (element.localName === "li" && list?.localName === "ol")
        marker = `${Number(list.getAttribute("start") ?? 1) + [...list.children].indexOf(element)}. `;
      const inner = [...node.childNodes].map((child) => shown(child, upper || element.localName === "h2")).join("");
      return ` ${marker}${inner} `;
    };
    return shown(page.querySelector(".proposal-body")!, false).split(/\s+/).filter(Boolean);
  } finally {
    global.document = saved;
  }
}

/** The words the PDF shows after the bid box's validity line: its body. */
async function pdfBodyWords(body: BodyNode[]): Promise<string[]> {
  const pdf = await renderBidPdf({ document: { ...defaultSentDocument(), body }, documentId: "x", expiresOn });
  const text = await pdfRawText(pdf);
  const validity = validUntil(expiresOn);
  expect(text).toContain(validity);
  return text
    .slice(text.indexOf(validity) + validity.length)
    .split(/\s+/)
    .filter(Boolean);
}

describe("the client's page and the PDF draw the same body", () => {
  it.each(HOSTILE)("%s", async (_, body) => {
    const page = pageWords(body);
    expect(await pdfBodyWords(body)).toEqual(page);
  });

  it("text past the depth limit is shown by both, not dropped by one", async () => {
    const body = [nested(100, "deep")];
    expect(pageWords(body)).toEqual(["deep"]);
    expect(await pdfBodyWords(body)).toEqual(["deep"]);
  });

  it("a body sent with its own sample text reads the same both ways", async () => {
    const { body } = defaultSentDocument() as SentDocument;
    expect(await pdfBodyWords(body)).toEqual(pageWords(body));
  });
});
