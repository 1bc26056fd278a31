/**
 * The sent proposal's body as DOM: the tree of allowed elements and text the API sends (`BodyNode`),
 * drawn with createElement and text nodes only. The tags the editor invents map to the markup
 * proposal.css styles, so the page looks as the editor and the PDF do.
 */
import type { BodyNode, BodyTag } from "~/schemas/bids";

/** The editor's text sizes (TEXT_SIZES in the proposal feature): small and large as `span[data-size]`. */
const SIZE: Partial<Record<BodyTag, string>> = { small: "1", large: "5" };
/** The two-column block as the editor writes it. */
const DATA_TYPE: Partial<Record<BodyTag, string>> = { columns: "columns", column: "column" };

/** The element one tree node becomes. */
function elementFor(tag: BodyTag): HTMLElement {
  if (SIZE[tag]) {
    const span = document.createElement("span");
    span.dataset.size = SIZE[tag];
    return span;
  }
  if (DATA_TYPE[tag]) {
    const div = document.createElement("div");
    div.dataset.type = DATA_TYPE[tag];
    return div;
  }
  return document.createElement(tag);
}

/** One node and its children; `depth` stops a tree deeper than any the API accepts. */
function renderNode(node: BodyNode, depth: number): Node {
  if (typeof node === "string") return document.createTextNode(node);
  const element = elementFor(node.tag);
  if (node.align) element.style.textAlign = node.align;
  if (node.tag === "ol" && node.start !== undefined) element.setAttribute("start", String(node.start));
  if (depth < MAX_DEPTH) for (const child of node.children) element.appendChild(renderNode(child, depth + 1));
  return element;
}

/** Deeper than BID_LIMITS.bodyDepth with room to spare: a guard against a runaway tree, not a rule. */
const MAX_DEPTH = 64;

/** The body's nodes as a fragment to put inside `.proposal-body`. */
export function renderBody(nodes: readonly BodyNode[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const node of nodes) fragment.appendChild(renderNode(node, 0));
  return fragment;
}
