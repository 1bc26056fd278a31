/**
 * The sent proposal's body as DOM: the tree of allowed elements and text the API sends (`BodyNode`),
 * drawn with createElement and text nodes only. The tags the editor invents map to the markup
 * proposal.css styles, so the page looks as the editor and the PDF do.
 */
import { normaliseBody, type BodyNode, type BodyTag } from "~/schemas/bid-body";

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

/** One node of the normalised tree and its children (at most BID_LIMITS.bodyDepth deep). */
function renderNode(node: BodyNode): Node {
  if (typeof node === "string") return document.createTextNode(node);
  const element = elementFor(node.tag);
  if (node.align) element.style.textAlign = node.align;
  if (node.tag === "ol" && node.start !== undefined) element.setAttribute("start", String(node.start));
  for (const child of node.children) element.appendChild(renderNode(child));
  return element;
}

/** The body's nodes as a fragment to put inside `.proposal-body`: the normalised tree the PDF draws too. */
export function renderBody(nodes: readonly BodyNode[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const node of normaliseBody(nodes)) fragment.appendChild(renderNode(node));
  return fragment;
}
