/**
 * Every security e-mail's words in one place: what happened, when and from where, and what to do if it was not
 * the reader. Pure: `security.ts` decides who gets which, the outbox sends them.
 */
import type { SendMailOptions } from "nodemailer";
import { company } from "~/config/company";
import { envelope, escapeHtml, headerText, type EmailContext } from "./email";

/** Where the portal's account screen is, for "check your account" links. */
export const ACCOUNT_PAGE = "/portal/account";
/** Where the link that confirms a notification address opens; its secret rides in the fragment. */
export const CONFIRM_ADDRESS_PAGE = "/portal/confirm-address";

/** What a security e-mail names besides its kind; all optional, never a secret except a confirmation link. */
export interface NoticeFacts {
  /** When it happened (ISO 8601). */
  at: string;
  ip?: string | null;
  userAgent?: string | null;
  /** A passkey's name, or the person an admin notice is about. */
  detail?: string | null;
  /** The new notification address (address-changed), or the address being confirmed. */
  address?: string | null;
  /** The confirmation link (address-confirm only). */
  link?: string;
}

/** Each notice's subject and first paragraph. */
export const SECURITY_NOTICES = {
  "password-changed": {
    subject: "Your portal password was changed",
    lead: () => "The password of your portal account was changed, and your other sessions were signed out.",
  },
  "totp-added": {
    subject: "An authenticator app was added to your portal account",
    lead: () => "An authenticator app now gives the second step of your sign-ins, with new recovery codes.",
  },
  "recovery-codes-replaced": {
    subject: "New recovery codes were made for your portal account",
    lead: () => "Your portal account has ten new recovery codes; the earlier ones no longer work.",
  },
  "totp-removed": {
    subject: "The authenticator app was removed from your portal account",
    lead: () =>
      "Your account no longer asks for a code from an authenticator app, and its recovery codes stopped working.",
  },
  "passkey-added": {
    subject: "A passkey was added to your portal account",
    lead: (f: NoticeFacts) => `A passkey named "${f.detail ?? "Passkey"}" can now sign in to your account.`,
  },
  "passkey-removed": {
    subject: "A passkey was removed from your portal account",
    lead: (f: NoticeFacts) => `The passkey named "${f.detail ?? "Passkey"}" can no longer sign in to your account.`,
  },
  "new-device": {
    subject: "New sign-in to your portal account",
    lead: () => "Your account was signed in to from a browser or device that had not signed in to it before.",
  },
  "address-changed": {
    subject: "Your portal notifications go to a new address",
    lead: (f: NoticeFacts) =>
      `Portal e-mails for your account now go to ${f.address ?? "another address"}, no longer to this one.`,
  },
  "address-removed": {
    subject: "Your portal notifications no longer come to this address",
    lead: () => "The notification address of your account was removed: portal e-mails no longer come here.",
  },
  "account-stopped": {
    subject: "Sign-ins with your portal password are stopped",
    lead: () =>
      "There were many wrong passwords for your account, so it stopped taking passwords for 24 hours (or until an admin re-enables it). A browser you signed in with before still signs in with your right password, and passkeys still work.",
  },
  "account-stopped-admin": {
    subject: "A portal account stopped taking passwords",
    lead: (f: NoticeFacts) =>
      `There were many wrong passwords for the account "${f.detail ?? ""}", so it stopped taking passwords for 24 hours. Re-enable it on the staff screen if its owner needs it sooner.`,
  },
  "address-confirm": {
    subject: "Confirm your portal notification address",
    lead: (f: NoticeFacts) =>
      `Open this link within 24 hours to receive portal e-mails at ${f.address ?? "this address"}: ${f.link ?? ""}`,
  },
} as const;
export type SecurityNotice = keyof typeof SECURITY_NOTICES;

/** What a notice not made by the reader asks of them. */
const NOT_YOU =
  "If this was not you, change your password on the account screen and tell an admin, who can reset your account.";

/** The lines naming when and from where. */
function whenAndWhere(facts: NoticeFacts): string[] {
  const when = new Date(facts.at).toLocaleString("en-US", { timeZone: company.timeZone, timeZoneName: "short" });
  return [
    `When: ${when}`,
    ...(facts.ip ? [`Address: ${facts.ip}`] : []),
    ...(facts.userAgent ? [`Browser: ${headerText(facts.userAgent).slice(0, 200)}`] : []),
  ];
}

/** The e-mail of one security notice (or an address confirmation). */
export function securityEmail(notice: SecurityNotice, facts: NoticeFacts, context: EmailContext): SendMailOptions {
  const { subject, lead } = SECURITY_NOTICES[notice];
  const confirm = notice === "address-confirm";
  const account = new URL(ACCOUNT_PAGE, context.siteUrl).href;
  const paragraphs = confirm
    ? [lead(facts), "If you did not ask for this, ignore this e-mail: nothing is sent here unless the link is opened."]
    : [lead(facts), whenAndWhere(facts).join("\n"), `${NOT_YOU} ${account}`];
  const html = paragraphs
    .map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join("\n")
    .replace(escapeHtml(account), `<a href="${escapeHtml(account)}">${escapeHtml(account)}</a>`);
  const linked = facts.link
    ? html.replace(escapeHtml(facts.link), `<a href="${escapeHtml(facts.link)}">${escapeHtml(facts.link)}</a>`)
    : html;
  return { ...envelope(context), subject: `${company.name}: ${subject}`, text: paragraphs.join("\n\n"), html: linked };
}
