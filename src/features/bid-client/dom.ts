/**
 * Building DOM from data without markup: every string becomes a text node, so nothing the client, the
 * sender or the document carries can ever be parsed as HTML.
 */

type Child = Node | string | null | undefined | false;

/** Attributes as strings; `style` as an object of properties; `class` as written. */
export interface Attrs {
  [name: string]: string | number | boolean | undefined | Partial<CSSStyleDeclaration>;
}

/** An element with its attributes and children; strings are appended as text nodes. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (name === "style" && typeof value === "object") Object.assign(node.style, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, ...children);
  return node;
}

/** Appends children, strings as text nodes. */
export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** The element with this id, or an error naming it (the page's markup and its script must agree). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`#${id} is missing from the page`);
  return node as T;
}
