/** The schemas' check that a text holds only characters the signed PDF can print (see printable.ts). */
import { firstUnprintable, UNPRINTABLE_CODE, unprintableMessage } from "./printable";
import { z } from "./zod";

/**
 * A check for a text field: refuses, naming the field and the character, a character the PDF cannot print.
 * `drawn` gives the text as the renderings draw it, when they first remove or replace characters (the body's
 * invisible characters), so that only what would be printed is checked.
 */
export const printableCheck = (label: string, drawn: (value: string) => string = (value) => value) =>
  z.superRefine<string>((value, ctx) => {
    const char = firstUnprintable(drawn(value));
    if (char === undefined) return;
    ctx.issues.push({
      code: "custom",
      input: value,
      message: unprintableMessage(label, char),
      params: { code: UNPRINTABLE_CODE, character: char },
    });
  });
