/**
 * Stored signature HTML made safe to render (issue 8): a template's htmlContent may come from any
 * client of the API, so it is passed through DOMPurify with an explicit allow-list of tags,
 * attributes and URL schemes, and every style attribute through the same CSS allow-list as the logo.
 * DOMPurify is loaded with a dynamic import, only when something is about to be rendered.
 */
import type { DOMPurify, UponSanitizeAttributeHook } from "dompurify";
import { SIGNATURE_HTML_ALLOW } from "~/config/signature";
import { sanitizeStyle } from "./css";

const sanitizeStyles: UponSanitizeAttributeHook = (_node, data) => {
  if (data.attrName === "style") data.attrValue = sanitizeStyle(data.attrValue, SIGNATURE_HTML_ALLOW.styleProperties);
  // DOMPurify lets any data: URI through on <img> regardless of ALLOWED_URI_REGEXP; only raster images may pass.
  if ((data.attrName === "src" || data.attrName === "href") && !SIGNATURE_HTML_ALLOW.uri.test(data.attrValue.trim()))
    data.keepAttr = false;
};

/** `html` with only the allowed markup left; scripts, handlers and unsafe URLs are gone. */
export function sanitizeSignatureHtml(purify: DOMPurify, html: string): string {
  purify.addHook("uponSanitizeAttribute", sanitizeStyles);
  try {
    return purify.sanitize(html, {
      ALLOWED_TAGS: [...SIGNATURE_HTML_ALLOW.tags],
      ALLOWED_ATTR: [...SIGNATURE_HTML_ALLOW.attributes],
      ALLOWED_URI_REGEXP: SIGNATURE_HTML_ALLOW.uri,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
    });
  } finally {
    purify.removeHook("uponSanitizeAttribute", sanitizeStyles);
  }
}

let loading: Promise<(html: string) => string> | undefined;

/** The browser's sanitiser, loaded on first use. */
export function loadSignatureSanitizer(): Promise<(html: string) => string> {
  loading ??= import("dompurify").then(
    ({ default: purify }) =>
      (html: string) =>
        sanitizeSignatureHtml(purify, html),
  );
  return loading;
}
