/**
 * The proposal body a sent bid carries, as one tree both renderings walk: the client's page (DOM) and the PDF
 * (react-pdf) each draw `normaliseBody`'s output and nothing else, so neither can show text the other leaves
 * out. Zod-free: the client's page imports it without loading zod.
 */
import { BID_LIMITS } from "./bid-fields";

/** The elements a body may hold: the editor's own formatting, nothing else. */
export const BODY_TAGS = [
  "p",
  "br",
  "h2",
  "h3",
  "strong",
  "em",
  "u",
  "ul",
  "ol",
  "li",
  "small",
  "large",
  "columns",
  "column",
] as const;
export type BodyTag = (typeof BODY_TAGS)[number];

export type BodyNode =
  string | { tag: BodyTag; align?: "left" | "center" | "right"; start?: number; children: BodyNode[] };

type BodyElement = Exclude<BodyNode, string>;

/**
 * How many elements deep `value` nests (0 for text alone), counting any object with a `children` array as an
 * element: a check that runs before the body's schema, without recursion, so any JSON is safe to give it.
 */
export function bodyDepthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = Array.isArray(value) ? value.map((node) => [node, 1]) : [];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    const children = (node as { children?: unknown } | null)?.children;
    if (typeof node !== "object" || !Array.isArray(children)) continue;
    deepest = Math.max(deepest, depth);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Why a (well-formed, depth-limited) body is refused, or null: more elements and texts than
 * `BID_LIMITS.bodyNodes`, or more characters of text than `BID_LIMITS.bodyChars`. Walks without recursion.
 */
export function bodyProblem(nodes: readonly BodyNode[]): string | null {
  let count = 0;
  let chars = 0;
  const stack: BodyNode[] = [...nodes];
  while (stack.length) {
    const node = stack.pop()!;
    count++;
    if (typeof node === "string") chars += node.length;
    else stack.push(...node.children);
  }
  if (count > BID_LIMITS.bodyNodes)
    return `The proposal body has ${count} elements and texts; at most ${BID_LIMITS.bodyNodes} can be sent`;
  if (chars > BID_LIMITS.bodyChars)
    return `The proposal body has ${chars} characters of text; at most ${BID_LIMITS.bodyChars} can be sent`;
  return null;
}

/**
 * Characters that would draw differently, or invisibly, in the browser and the PDF: control characters
 * other than the line feed, and the bidirectional embeddings, overrides and isolates that reorder text.
 */
const INVISIBLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Line ends of every kind become one line feed: the body keeps its line breaks (white-space: break-spaces). */
const LINE_ENDS = /\r\n?|[\u000b\u000c\u0085\u2028\u2029]/g;

/** A text as both renderings draw it: tabs as spaces, line ends as line feeds, invisible characters removed. */
export function bodyText(text: string): string {
  return text.replace(LINE_ENDS, "\n").replaceAll("\t", " ").replace(INVISIBLE, "");
}

/** All the text under a node, without recursion (a stored tree may predate the depth limit). */
function textOf(node: BodyNode): string {
  let out = "";
  const stack: BodyNode[] = [node];
  while (stack.length) {
    const next = stack.pop()!;
    if (typeof next === "string") out += next;
    else for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!);
  }
  return out;
}

/** Appends `node`, joining it to a text before it; an empty text is dropped. */
function push(out: BodyNode[], node: BodyNode): void {
  if (node === "") return;
  const last = out.at(-1);
  if (typeof node === "string" && typeof last === "string") out[out.length - 1] = last + node;
  else out.push(node);
}

/** An element with the attributes its tag may carry. */
function element(tag: BodyTag, from: BodyElement, children: BodyNode[]): BodyElement {
  const node: BodyElement = { tag, children };
  if (from.align) node.align = from.align;
  if (tag === "ol" && from.start !== undefined) node.start = from.start;
  return node;
}

/** Tags whose children must be elements of one kind: list items, columns. */
const ONLY_CHILD: Partial<Record<BodyTag, BodyTag>> = { ul: "li", ol: "li", columns: "column" };

/** Elements that hold a line's content only: a block inside one is drawn as its content (a PDF text run). */
const INLINE_ONLY = new Set<BodyTag>(["h2", "h3", "strong", "em", "u", "small", "large"]);
/** Elements that start their own block. */
const BLOCK = new Set<BodyTag>(["p", "h2", "h3", "ul", "ol", "li", "columns", "column"]);

/** `nodes` normalised as children of an element tagged `parent` ("" at the top), themselves at `depth`. */
function normalise(nodes: readonly BodyNode[], parent: BodyTag | "", depth: number): BodyNode[] {
  const out: BodyNode[] = [];
  const only = parent ? ONLY_CHILD[parent] : undefined;
  for (const original of nodes) {
    // A list holds items only (each gets its marker in both renderings), a column block columns only.
    const node: BodyNode =
      only && (typeof original === "string" || original.tag !== only) ? { tag: only, children: [original] } : original;
    if (typeof node === "string") {
      push(out, bodyText(node));
      continue;
    }
    // Past the depth limit an element is its text: drawn the same by both, lost by neither.
    if (depth >= BID_LIMITS.bodyDepth) {
      push(out, bodyText(textOf(node)));
      continue;
    }
    // A block inside a heading or a mark gives way to its content, at the same depth.
    if (parent && INLINE_ONLY.has(parent) && BLOCK.has(node.tag)) {
      for (const child of normalise(node.children, parent, depth)) push(out, child);
      continue;
    }
    // An item outside a list is a paragraph; so is a list or column block too deep to hold its items.
    const deepest = depth + 1 >= BID_LIMITS.bodyDepth;
    const tag =
      (node.tag === "li" && parent !== "ul" && parent !== "ol") || (ONLY_CHILD[node.tag] && deepest) ? "p" : node.tag;
    out.push(element(tag, node, tag === "br" ? [] : normalise(node.children, tag, depth + 1)));
  }
  return out;
}

/**
 * The body as both renderings draw it: texts without control or bidi-override characters and joined when
 * adjacent, no element past `BID_LIMITS.bodyDepth` (its text instead), list children as items, column-block
 * children as columns, no block inside a heading or a mark, line breaks empty, `start` on numbered lists only.
 */
export function normaliseBody(nodes: readonly BodyNode[]): BodyNode[] {
  return normalise(nodes, "", 0);
}
