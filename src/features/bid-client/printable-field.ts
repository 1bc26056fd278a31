/**
 * A field of the client's page whose text ends up in the signed PDF (the typed name, the reason for
 * declining): a character no embedded font can print is named under the field as it is typed, and the form
 * is not sent with it.
 */
import { codePointName, firstUnprintable } from "~/schemas/printable";
import { t } from "./language";
import { showError } from "./screens";

/**
 * Watches `field` as it is typed, showing the problem in the element `errorId` in the page's language; the
 * returned check says whether the text can be sent, showing the problem again if not.
 */
export function watchPrintable(field: HTMLInputElement | HTMLTextAreaElement, errorId: string): () => boolean {
  const check = () => {
    const char = firstUnprintable(field.value);
    showError(errorId, char === undefined ? undefined : t().unprintable(char, codePointName(char)), field);
    return char === undefined;
  };
  field.addEventListener("input", check);
  return check;
}
