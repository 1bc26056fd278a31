/**
 * The one CSV writer of the API's downloads (the activity log, the leads reports): every cell quoted, and a
 * cell a spreadsheet could read as a formula defused.
 */

/**
 * What a spreadsheet may take as the start of a formula (OWASP's CSV injection guidance): = + - @, a tab, a
 * carriage return or line feed, a space before any of them, and the full-width forms ＝ ＋ － ＠ some read as such.
 */
const FORMULA_START = /^[=+\-@\t\r\n \uff1d\uff0b\uff0d\uff20]/;

/** A CSV cell: quoted, quotes doubled, and text starting as a formula might prefixed with ' so it stays text. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Rows as CSV: cells through csvCell, CRLF after every row. */
export function csvRows(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
