/**
 * What the signed PDF can print: a character is printable when one of the fonts the PDF embeds has a glyph
 * for it (printable-ranges.ts, generated from those fonts). Every text that ends up in the PDF is checked
 * where it is typed and again by the API, so a character is refused with a message naming it instead of
 * being printed as "?" or as another letter. No zod here: the client's page checks what is typed with this
 * alone (printable-check.ts is the schemas' check).
 */
import type { ErrorCode } from "./error-codes";
import { PRINTABLE_RANGES } from "./printable-ranges";

/** The error code of a refused character (error-codes.ts lists it). */
export const UNPRINTABLE_CODE = "unprintable_character" satisfies ErrorCode;

let table: { starts: number[]; ends: number[] } | undefined;

/** The ranges as sorted [start, end) pairs, decoded on first use. */
function ranges() {
  if (table) return table;
  const starts: number[] = [];
  const ends: number[] = [];
  let end = 0;
  for (const pair of PRINTABLE_RANGES.split(";")) {
    const [gap, length] = pair.split(",").map((n) => parseInt(n, 36));
    starts.push(end + gap!);
    end = end + gap! + length!;
    ends.push(end);
  }
  table = { starts, ends };
  return table;
}

/** Whether the embedded fonts draw this code point. */
export function isPrintable(code: number): boolean {
  const { starts, ends } = ranges();
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (code < starts[mid]!) high = mid - 1;
    else if (code >= ends[mid]!) low = mid + 1;
    else return true;
  }
  return false;
}

/** The first character of `text` the PDF cannot print, or undefined when it can print them all. */
export function firstUnprintable(text: string): string | undefined {
  for (const char of text) if (!isPrintable(char.codePointAt(0)!)) return char;
  return undefined;
}

/** "U+1F600": how a character is named beside itself, since it may show as nothing or a box. */
export const codePointName = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** The message for a refused character in the field called `label`. */
export function unprintableMessage(label: string, char: string): string {
  return `${label}: “${char}” (${codePointName(char)}) can’t be printed in the signed document. Remove it or type it another way.`;
}

/** An issue as zod reports one: a union's failure holds each branch's issues. */
export interface IssueLike {
  code: string;
  message: string;
  params?: { code?: string };
  errors?: IssueLike[][];
}

/** The first issue, in a union's branches too, that refuses a character the PDF cannot print. */
export function unprintableIssue(issues: readonly IssueLike[]): IssueLike | undefined {
  for (const issue of issues) {
    if (issue.code === "custom" && issue.params?.code === UNPRINTABLE_CODE) return issue;
    for (const branch of issue.errors ?? []) {
      const found = unprintableIssue(branch);
      if (found) return found;
    }
  }
  return undefined;
}
