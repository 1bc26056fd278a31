/**
 * Text as the embedded fonts can draw it. The forms and the API refuse a character no embedded font has
 * (~/schemas/printable), so every text sent from now on passes unchanged; only a text stored before that
 * rule can hold one, and it is drawn by its base letter or "?" rather than as a missing glyph's box. Tabs
 * become spaces, which is how the browser shows them in the proposal. The stored text stays exact.
 */
import { isPrintable } from "~/schemas/printable";

const drawable = (char: string) => char !== "\t" && isPrintable(char.codePointAt(0)!);

/** The text with every character the embedded fonts cannot draw replaced by its base letter or "?". */
export function printable(text: string): string {
  let out = "";
  for (const char of text) {
    if (drawable(char)) out += char;
    else if (char === "\t") out += " ";
    else {
      const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base && [...base].every(drawable) ? base : "?";
    }
  }
  return out;
}
