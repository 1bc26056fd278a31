/**
 * DOMPurify profiles for HTML that reaches the page from storage, the API or the clipboard
 * (issue 9, "No foreign script"). Browser-only (DOMPurify needs a DOM) and loaded on demand with the
 * editor. The body profile is an explicit allow-list of what the editor's schema writes; the
 * attribute rules are pure functions, tested on their own.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from "dompurify";

/**
 * Exactly what the body editor serialises: paragraphs and headings (aligned), bold, italic,
 * underline, the two lists, the text-size mark and the Inclusions/Exclusions columns. No links, no
 * images, no SVG or MathML, no classes, no ids.
 */
const BODY_CONFIG: Config = {
  ALLOWED_TAGS: ["p", "br", "h2", "h3", "strong", "b", "em", "i", "u", "ul", "ol", "li", "span", "div"],
  ALLOWED_ATTR: ["style", "data-size", "data-type", "start"],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: /^$/,
  // The values are checked by the hook below; DOMPurify would otherwise test them as URIs.
  ADD_URI_SAFE_ATTR: ["data-size", "data-type", "start"],
  RETURN_TRUSTED_TYPE: false,
};

/** A stored signature's HTML, drawn on the logo card: inline-styled markup, no <style> (it would restyle the page). */
const SIGNATURE_CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ["style", "form", "input", "button", "select", "textarea", "a"],
  FORBID_ATTR: ["srcset", "href"],
  ALLOW_DATA_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

const ALIGNMENTS = new Set(["left", "center", "right"]);

/** Keeps only `text-align` (left, center or right) from a style attribute; everything else is dropped. */
export function keepAlignment(style: string): string {
  const align = style
    .split(";")
    .map((declaration) => declaration.split(":").map((part) => part.trim().toLowerCase()))
    .findLast(([property, value]) => property === "text-align" && value !== undefined && ALIGNMENTS.has(value));
  return align ? `text-align: ${align[1]};` : "";
}

/** Which value each data attribute may hold, per element (the editor's text-size mark and columns). */
export function allowedAttribute(tag: string, name: string, value: string): boolean {
  switch (name) {
    case "data-size":
      return tag === "SPAN" && (value === "1" || value === "5");
    case "data-type":
      return tag === "DIV" && (value === "columns" || value === "column");
    case "start":
      return tag === "OL" && /^\d{1,4}$/.test(value);
    default:
      return true;
  }
}

let body: Purifier | undefined;
let signature: Purifier | undefined;

/** The body purifier: its own instance, so its attribute hook never touches the signature profile. */
function bodyPurifier(): Purifier {
  if (!body) {
    body = DOMPurify(window);
    body.addHook("uponSanitizeAttribute", (node, data) => {
      if (data.attrName === "style") {
        data.attrValue = keepAlignment(data.attrValue);
        data.keepAttr = data.attrValue !== "";
      } else if (!allowedAttribute(node.nodeName, data.attrName, data.attrValue)) {
        data.keepAttr = false;
      }
    });
  }
  return body;
}

/** The proposal body's HTML with only the editor's formatting left: no scripts, handlers, URLs or foreign styles. */
export function sanitizeEditorHtml(html: string): string {
  return bodyPurifier().sanitize(html, BODY_CONFIG) as string;
}

/** A signature template's stored HTML, safe to place on the off-screen logo card. */
export function sanitizeSignatureHtml(html: string): string {
  if (!signature) {
    signature = DOMPurify(window);
    // Inline styles stay (the card is drawn from them) but may not fetch anything: url() and image-set() go.
    signature.addHook("uponSanitizeAttribute", (_node, data) => {
      if (data.attrName === "style" && /url\s*\(|image-set|expression|@import/i.test(data.attrValue))
        data.keepAttr = false;
    });
  }
  return signature.sanitize(html, SIGNATURE_CONFIG) as string;
}
