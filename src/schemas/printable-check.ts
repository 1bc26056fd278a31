/** The schemas' check that a text holds only characters the signed PDF can print (see printable.ts). */
import { firstUnprintable, UNPRINTABLE_CODE, unprintableMessage } from "./printable";
import { z } from "./zod";

/** A check for a text field: refuses, naming the field and the character, a character the PDF cannot print. */
export const printableCheck = (label: string) =>
  z.superRefine<string>((value, ctx) => {
    const char = firstUnprintable(value);
    if (char === undefined) return;
    ctx.issues.push({
      code: "custom",
      input: value,
      message: unprintableMessage(label, char),
      params: { code: UNPRINTABLE_CODE, character: char },
    });
  });
