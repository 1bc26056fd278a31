/**
 * What the company's own e-mails may take from a stranger's contact form: a first name only when it looks like
 * one, and the mailbox an address reaches, so one person gets one acknowledgement a day however it is spelt.
 */

/** The longest first name the acknowledgement quotes. */
export const GREETED_NAME_MAX = 40;

/** Letters of any script (with their marks), single spaces, hyphens and apostrophes: what a first name holds. */
const NAME = /^\p{L}[\p{L}\p{M}]*(?:[ '’-]\p{L}[\p{L}\p{M}]*)*$/u;

/** The first name to greet with, or null to greet without one (a sentence, a link, digits, anything long). */
export function greetedName(firstName: string): string | null {
  const name = firstName.normalize("NFC").trim();
  return name.length <= GREETED_NAME_MAX && NAME.test(name) ? name : null;
}

/** Providers whose mailboxes ignore dots in the local part, and the domain each one's addresses share. */
const DOTLESS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address reaches: lower case, without a `+tag`, and for providers that ignore them without the
 * local part's dots ("First.Last+x@GoogleMail.com" and "firstlast@gmail.com" are one mailbox).
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at).split("+")[0]!;
  let domain = address.slice(at + 1);
  if (DOTLESS[domain]) {
    local = local.replaceAll(".", "");
    domain = DOTLESS[domain]!;
  }
  return `${local}@${domain}`;
}
