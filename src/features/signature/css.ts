/**
 * A CSS declaration-list sanitiser for the uploaded logo and stored signature HTML (issue 8): only
 * allow-listed properties survive, URLs only as SAFE_IMAGE_URL, and nothing that could run, load
 * another resource or break out of the card (escapes, comments, at-rules, unknown functions, fixed positioning).
 */
import { SAFE_IMAGE_URL } from "~/config/signature";

/** Functions a kept value may call; url() is checked separately. */
const FUNCTIONS =
  /^(?:url|rgba?|hsla?|calc|linear-gradient|radial-gradient|repeating-linear-gradient|scale|translatey?|translatex)$/i;

/** Splits on `separator` outside quotes and parentheses (a data URL holds ';' and ','). */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** True when every url() in `value` is a safe image URL and every other function is allowed. */
function safeValue(property: string, value: string): boolean {
  if (/[\\<>{}@]|\/\*|expression|javascript:|!important/i.test(value)) return false;
  if (property === "position" && !/^(?:absolute|relative|static)$/i.test(value)) return false;
  for (const call of value.matchAll(/([a-z-]+)\s*\(/gi)) if (!FUNCTIONS.test(call[1]!)) return false;
  for (const url of value.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gi)) if (!SAFE_IMAGE_URL.test(url[2]!)) return false;
  // A url( that the pattern above could not read (unbalanced quotes) is refused too.
  return (value.match(/url\(/gi) ?? []).length === [...value.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gi)].length;
}

/** The declarations of `style` whose property is in `allowed` and whose value is safe, as "prop:value;..."; "" if none. */
export function sanitizeStyle(style: string, allowed: readonly string[]): string {
  const keep = new Set(allowed);
  return splitTopLevel(style, ";")
    .map((declaration) => {
      const [name, ...rest] = splitTopLevel(declaration, ":");
      const property = (name ?? "").trim().toLowerCase();
      const value = rest.join(":").trim();
      return keep.has(property) && value && safeValue(property, value) ? `${property}:${value}` : "";
    })
    .filter(Boolean)
    .join(";");
}

/** The value of `property` in a (sanitised) declaration list, or undefined. */
export function styleValue(style: string, property: string): string | undefined {
  for (const declaration of splitTopLevel(style, ";")) {
    const [name, ...rest] = splitTopLevel(declaration, ":");
    if ((name ?? "").trim().toLowerCase() === property) return rest.join(":").trim();
  }
  return undefined;
}

/** The first url(...) in a value, unquoted, or null. */
export function firstUrl(value: string | undefined): string | null {
  return /url\(\s*(["']?)(.*?)\1\s*\)/i.exec(value ?? "")?.[2]?.trim() || null;
}
