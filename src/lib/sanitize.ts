/**
 * The one sanitiser for HTML and CSS that reaches a page from storage, the API, the clipboard or an
 * uploaded file. Each use has a named profile: an explicit allow-list of tags, attributes and CSS
 * properties, and nothing else. HTML goes through DOMPurify; CSS is read by the browser's own parser
 * (never by pattern matching), so what is checked is exactly what the browser would apply.
 *
 * Only types come from DOMPurify here: callers hand it over (see `htmlSanitizer`) from the chunks
 * they load on demand, and the style profiles need only the DOM.
 */
import type { Config, DOMPurify, WindowLike } from "dompurify";
import { SAFE_IMAGE_URL, STORED_IMAGE_PATH } from "~/schemas/limits";

/** What one use of inline CSS may keep. */
interface StyleRules {
  /** Properties kept; a shorthand keeps all its parts, as the browser defines them. */
  properties: readonly string[];
  /** Properties whose value must be one of these keywords. */
  keywords?: Readonly<Record<string, readonly string[]>>;
  /** Whether url() may name an image (https, or an inline raster image); without it any url() is dropped. */
  images: boolean;
}

/** What the uploaded HTML logo may style: layout, size, colour, background, border and radius. */
const LOGO_PROPERTIES = [
  "position",
  "top",
  "right",
  "bottom",
  "left",
  "display",
  "box-sizing",
  "overflow",
  "width",
  "height",
  "min-width",
  "min-height",
  "max-width",
  "max-height",
  "margin",
  "padding",
  "color",
  "opacity",
  "background",
  "border",
  "border-radius",
] as const;

/** Fixed or sticky positioning would let a logo or a stored signature cover the page around it. */
const POSITIONS = ["absolute", "relative", "static"] as const;

/** Each use of inline CSS, and what it keeps. */
export const STYLE_PROFILES = {
  /** The uploaded HTML logo's inline style, drawn on the card, saved and exported. */
  logo: { properties: LOGO_PROPERTIES, keywords: { position: POSITIONS }, images: true },
  /** Style attributes in a stored signature's HTML: the logo's properties plus the exports' text and gold-gradient ones. */
  signature: {
    properties: [
      ...LOGO_PROPERTIES,
      "font",
      "white-space",
      "text-align",
      "text-decoration",
      "letter-spacing",
      "vertical-align",
      "border-collapse",
      "transform",
      "transform-origin",
      "-webkit-transform",
      "-webkit-transform-origin",
      "-webkit-background-clip",
      "-webkit-text-fill-color",
    ],
    keywords: { position: POSITIONS },
    images: true,
  },
  /** Style attributes in the proposal body: the editor writes only its paragraph and heading alignment. */
  body: { properties: ["text-align"], keywords: { "text-align": ["left", "center", "right"] }, images: false },
} as const satisfies Record<string, StyleRules>;

export type StyleProfile = keyof typeof STYLE_PROFILES;

/** What one use of stored HTML may keep. */
interface HtmlRules {
  tags: readonly string[];
  attributes: readonly string[];
  /** Attributes that hold no URL; DOMPurify would otherwise test their values against `urls`. */
  plainAttributes: readonly string[];
  /** What src and href may hold. */
  urls: RegExp;
  /** What style attributes keep. */
  style: StyleProfile;
  /** A further check of an attribute's value on an element (nodeName in capitals). */
  attribute?: (tag: string, name: string, value: string) => boolean;
}

/**
 * Which value each of the proposal editor's own attributes may hold: its text-size mark (small 1,
 * large 5: TEXT_SIZES in features/bid-editor/constants.ts), its two-column block and a numbered list's start.
 */
function bodyAttribute(tag: string, name: string, value: string): boolean {
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

/** Each use of stored HTML, and what it keeps. */
export const HTML_PROFILES = {
  /**
   * A signature template's stored htmlContent (any API client may have written it), shown in the
   * Load dialog's thumbnails and drawn on the proposal editor's logo card: the tags and attributes
   * of the signature exports. Links may call or mail; images must be https or inline raster images.
   */
  signature: {
    tags: ["table", "tbody", "thead", "tr", "td", "th", "div", "span", "p", "a", "img", "br", "b", "strong", "i", "em"],
    attributes: [
      "style",
      "href",
      "src",
      "alt",
      "title",
      "width",
      "height",
      "cellpadding",
      "cellspacing",
      "border",
      "role",
      "valign",
      "align",
    ],
    plainAttributes: ["width", "height", "cellpadding", "cellspacing", "border", "valign", "align"],
    urls: new RegExp(
      String.raw`^(?:https:|mailto:|tel:|data:image\/(?:png|jpeg|webp|gif);base64,|${STORED_IMAGE_PATH}$)`,
      "i",
    ),
    style: "signature",
  },
  /**
   * The proposal body, exactly as its editor serialises it: paragraphs and headings (aligned), bold,
   * italic, underline, the two lists, the text-size mark and the Inclusions/Exclusions columns. No
   * links, no images, no classes, no ids.
   */
  body: {
    tags: ["p", "br", "h2", "h3", "strong", "b", "em", "i", "u", "ul", "ol", "li", "span", "div"],
    attributes: ["style", "data-size", "data-type", "start"],
    plainAttributes: ["data-size", "data-type", "start"],
    urls: /^$/,
    style: "body",
    attribute: bodyAttribute,
  },
} as const satisfies Record<string, HtmlRules>;

export type HtmlProfile = keyof typeof HTML_PROFILES;

/** Sanitises `html` by a profile's rules; returns the markup that is left. */
export type SanitizeHtml = (profile: HtmlProfile, html: string) => string;

/** Functions a kept CSS value may call, url() among them (its address is checked too); never var(), image-set() or the like. */
const CSS_FUNCTIONS = new Set([
  "rgb",
  "rgba",
  "hsl",
  "hsla",
  "calc",
  "linear-gradient",
  "radial-gradient",
  "repeating-linear-gradient",
  "scale",
  "translate",
  "translatex",
  "translatey",
  "url",
]);

/** Characters and words no kept value needs, refused even if the browser accepted them. */
const CSS_FORBIDDEN = /[\\<>{}@]|javascript:|expression/i;

const URL_TOKEN = /url\(\s*(["']?)(.*?)\1\s*\)/gi;

let inertDocument: Document | undefined;

/**
 * `css` as the browser parses it, on an element of a document that has no window: nothing in it is
 * ever fetched or applied while it is checked.
 */
export function parseStyle(css: string): CSSStyleDeclaration {
  inertDocument ??= document.implementation.createHTMLDocument("");
  const element = inertDocument.createElement("div");
  element.style.cssText = css;
  return element.style;
}

/** The URLs of the url() calls in a CSS value as the browser serialises it, unquoted. */
export function cssUrls(value: string): string[] {
  return [...value.matchAll(URL_TOKEN)].map((match) => match[2]!.trim());
}

/** The properties set in a parsed declaration block: longhands, as the browser expands shorthands. */
function propertiesOf(style: CSSStyleDeclaration): string[] {
  return Array.from({ length: style.length }, (_, i) => style.item(i));
}

const partsByProfile = new Map<StyleProfile, string[][]>();

/**
 * Each listed property with the longhands it sets, as the browser itself expands shorthands
 * (`margin` sets margin-top, margin-right...); a longhand is listed alone.
 */
function listedParts(profile: StyleProfile): string[][] {
  let parts = partsByProfile.get(profile);
  if (!parts) {
    parts = STYLE_PROFILES[profile].properties.map((property) => [
      property,
      ...propertiesOf(parseStyle(`${property}: initial`)),
    ]);
    partsByProfile.set(profile, parts);
  }
  return parts;
}

/** True when `value` calls only allowed functions and every url() in it names a safe image (if the profile allows any). */
function safeValue(rules: StyleRules, value: string): boolean {
  if (CSS_FORBIDDEN.test(value)) return false;
  for (const [, name] of value.matchAll(/([a-z-]+)\(/gi)) if (!CSS_FUNCTIONS.has(name!.toLowerCase())) return false;
  const calls = value.match(/url\(/gi)?.length ?? 0;
  if (calls === 0) return true;
  const urls = cssUrls(value);
  // A url( the pattern could not read is refused too.
  return rules.images && urls.length === calls && urls.every((url) => SAFE_IMAGE_URL.test(url));
}

/**
 * `css` (a style attribute's text) with only what the profile allows, as the browser serialises it;
 * "" when nothing is left. Important declarations go too: nothing stored may override the page.
 */
export function sanitizeStyle(profile: StyleProfile, css: string): string {
  const rules: StyleRules = STYLE_PROFILES[profile];
  const parts = listedParts(profile);
  const allowed = new Set(parts.flat());
  const style = parseStyle(css);
  // Keyword limits are read as the property is listed: an engine may hold it as a shorthand of its own.
  for (const [property, keywords] of Object.entries(rules.keywords ?? {})) {
    const value = style.getPropertyValue(property).toLowerCase();
    if (value && !keywords.includes(value)) style.removeProperty(property);
  }
  const unsafe = propertiesOf(style).filter(
    (property) => style.getPropertyPriority(property) !== "" || !safeValue(rules, style.getPropertyValue(property)),
  );
  // An unsafe part takes its whole shorthand with it (a background whose image may not load goes entirely).
  const refused = new Set(
    parts
      .filter((group) => group.some((p) => unsafe.includes(p)))
      .flat()
      .concat(unsafe),
  );
  for (const property of propertiesOf(style))
    if (!allowed.has(property) || refused.has(property)) style.removeProperty(property);
  return style.cssText;
}

/** DOMPurify's configuration for a profile. */
function purifyConfig(rules: HtmlRules): Config {
  return {
    ALLOWED_TAGS: [...rules.tags],
    ALLOWED_ATTR: [...rules.attributes],
    ADD_URI_SAFE_ATTR: [...rules.plainAttributes],
    ALLOWED_URI_REGEXP: rules.urls,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_TRUSTED_TYPE: false,
  };
}

/** One DOMPurify instance per profile, so a profile's attribute rules never run under another's. */
function profilePurifier(createPurifier: (root: WindowLike) => DOMPurify, rules: HtmlRules): (html: string) => string {
  const purifier = createPurifier(window);
  purifier.addHook("uponSanitizeAttribute", (node, data) => {
    const { attrName: name, attrValue: value } = data;
    if (name === "style") {
      data.attrValue = sanitizeStyle(rules.style, value);
      data.keepAttr = data.attrValue !== "";
    } else if (name === "src" || name === "href") {
      // DOMPurify lets any data: URI through on <img> whatever ALLOWED_URI_REGEXP says.
      data.keepAttr = rules.urls.test(value.trim());
    } else if (rules.attribute && !rules.attribute(node.nodeName, name, value)) {
      data.keepAttr = false;
    }
  });
  const config = purifyConfig(rules);
  return (html) => purifier.sanitize(html, config) as string;
}

/**
 * The HTML sanitiser for every profile, on the DOMPurify its caller imported: the proposal editor's
 * on-demand chunks import it, the signature screen fetches it when a stored template is previewed,
 * so no screen carries it in its first download.
 */
export function htmlSanitizer(createPurifier: (root: WindowLike) => DOMPurify): SanitizeHtml {
  const sanitizers = new Map<HtmlProfile, (html: string) => string>();
  return (profile, html) => {
    let sanitize = sanitizers.get(profile);
    if (!sanitize) {
      sanitize = profilePurifier(createPurifier, HTML_PROFILES[profile]);
      sanitizers.set(profile, sanitize);
    }
    return sanitize(html);
  };
}
