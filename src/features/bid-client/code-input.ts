/** The e-mailed confirmation code as typed: digits only, exactly BID_CODE.digits of them. */
import { BID_CODE } from "~/schemas/bid-fields";
import { t } from "./language";

/** What was typed or pasted, reduced to its digits ("123 456", "123-456" → "123456"), at most the code's length. */
export function normaliseCode(input: string): string {
  return input.replace(/\D/g, "").slice(0, BID_CODE.digits);
}

/** The message for a code that cannot be right, or undefined when it has the code's shape. */
export function codeError(input: string): string | undefined {
  const code = normaliseCode(input);
  if (code.length !== BID_CODE.digits || input.replace(/[\s-]/g, "") !== code) return t().codeShape;
}
