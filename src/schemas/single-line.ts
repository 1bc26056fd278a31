/**
 * Text rules for what prints on one line (names, the project's name and place, dates, amounts) and for
 * free text (messages, reasons): no control characters, no bidirectional embeddings, overrides or isolates
 * (they reorder what a reader sees), and on one line no line or paragraph separator of any kind. Zod-free:
 * the schemas use them as overwrites, the PDF applies them again to what was stored before the rule.
 */

/** Line ends and other breaking whitespace: a single-line field shows each as a space. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** Control characters (C0 but the line feed, DEL, C1) and the bidirectional formatting characters. */
const INVISIBLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The text on one line: breaks as single spaces, control and bidi formatting characters removed. */
export function oneLine(text: string): string {
  return text.replace(BREAKS, " ").replace(INVISIBLE, "");
}

/** Free text: line ends as line feeds, tabs as spaces, control and bidi formatting characters removed. */
export function plainText(text: string): string {
  return text
    .replace(/\r\n?|[\u0085\u2028\u2029\v\f]/g, "\n")
    .replaceAll("\t", " ")
    .replace(INVISIBLE, "");
}

/** How much of a device (browser) description the certificate prints; the event log keeps all of it. */
export const DEVICE_PRINT_CHARS = 100;

/** A device description as the certificate prints it: one line, at most DEVICE_PRINT_CHARS characters. */
export function shortDevice(userAgent: string): string {
  const line = oneLine(userAgent).trim();
  return line.length > DEVICE_PRINT_CHARS ? `${line.slice(0, DEVICE_PRINT_CHARS - 1).trimEnd()}…` : line;
}
