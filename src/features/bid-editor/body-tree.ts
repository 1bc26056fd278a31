/**
 * The proposal body as a sent bid carries it: the editor's sanitised HTML turned into a tree of allowed
 * elements and plain text (`BodyNode`), so the client's page and the PDF draw text as text and never parse
 * markup. Pure apart from the DOMParser it is given; the caller sanitises the HTML first.
 */
import { BID_LIMITS } from "~/schemas/bid-fields";
import { type BodyNode, type BodyTag } from "~/schemas/bids";

type BodyElement = Exclude<BodyNode, string>;

/** Tags that keep their name in the tree; b, i and the size marks are renamed below. */
const SAME_NAME: Record<string, BodyTag> = {
  p: "p",
  br: "br",
  h2: "h2",
  h3: "h3",
  strong: "strong",
  b: "strong",
  em: "em",
  i: "em",
  u: "u",
  ul: "ul",
  ol: "ol",
  li: "li",
};

/** Elements that stand as blocks: whitespace beside them is the serialiser's layout, not the writer's text. */
const BLOCKS = new Set(["P", "H2", "H3", "UL", "OL", "LI", "DIV"]);

/** Containers whose own text can only be layout whitespace: their content is blocks. */
const BLOCK_CONTAINERS = new Set(["UL", "OL"]);

/** The tree tag an element becomes, or null when it is unwrapped to its children. */
function tagOf(element: Element): BodyTag | null {
  const name = element.localName;
  if (name in SAME_NAME) return SAME_NAME[name]!;
  if (name === "span") {
    const size = element.getAttribute("data-size");
    return size === "1" ? "small" : size === "5" ? "large" : null;
  }
  if (name === "div") {
    const type = element.getAttribute("data-type");
    return type === "columns" || type === "column" ? type : null;
  }
  return null;
}

/** The alignment the editor wrote (`style="text-align: center"`), when it is one the tree knows. */
function alignOf(element: Element): BodyElement["align"] {
  const align = (element as HTMLElement).style?.textAlign;
  return align === "left" || align === "center" || align === "right" ? align : undefined;
}

/** A numbered list's first number, when it has a valid one. */
function startOf(element: Element): number | undefined {
  const start = element.getAttribute("start");
  if (start === null || !/^\d{1,5}$/.test(start)) return undefined;
  const value = Number(start);
  return value <= 10_000 ? value : undefined;
}

/** True for whitespace that only separates blocks (or sits inside a list between its items). */
function isLayoutWhitespace(text: Text): boolean {
  if (/\S/.test(text.data)) return false;
  const parent = text.parentElement;
  if (!parent || BLOCK_CONTAINERS.has(parent.nodeName) || parent.localName === "body") return true;
  const isBlock = (node: ChildNode | null) => node instanceof Element && BLOCKS.has(node.nodeName);
  return isBlock(text.previousSibling) || isBlock(text.nextSibling);
}

/** Appends `node`, joining it to a text before it (unwrapping leaves neighbouring texts apart). */
function push(out: BodyNode[], node: BodyNode): void {
  const last = out.at(-1);
  if (typeof node === "string" && typeof last === "string") out[out.length - 1] = last + node;
  else out.push(node);
}

/** The tree of `parent`'s children; `depth` is how deeply they already nest. */
function childrenOf(parent: Node, depth: number): BodyNode[] {
  const out: BodyNode[] = [];
  for (const child of parent.childNodes) {
    if (child.nodeType === 3) {
      if (!isLayoutWhitespace(child as Text)) push(out, (child as Text).data);
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = tagOf(child);
    if (!tag) {
      childrenOf(child, depth).forEach((node) => push(out, node));
      continue;
    }
    // Past the schema's depth the rest is kept as its text, so nothing the client wrote is lost.
    const children =
      depth + 1 >= BID_LIMITS.bodyDepth
        ? [child.textContent ?? ""].filter(Boolean)
        : tag === "br"
          ? []
          : childrenOf(child, depth + 1);
    const align = alignOf(child);
    const start = tag === "ol" ? startOf(child) : undefined;
    out.push({ tag, ...(align ? { align } : {}), ...(start !== undefined ? { start } : {}), children });
  }
  return out;
}

/** The body tree of the editor's (already sanitised) HTML. */
export function bodyTree(html: string, parser: DOMParser = new DOMParser()): BodyNode[] {
  const document = parser.parseFromString(`<!doctype html><body>${html}</body>`, "text/html");
  return childrenOf(document.body, 0);
}
