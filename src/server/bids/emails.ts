/**
 * The bid e-mails as data for nodemailer, composed when the outbox sends them: plain text and simple HTML in
 * which everything a person typed (names, the message, a reason) is escaped text, never markup.
 */
import type { SendMailOptions } from "nodemailer";
import { company } from "~/config/company";
import { BID_PAGE_PATHS, VERIFY_PAGE_PATH, type BidLanguage } from "~/schemas/bid-fields";
import type { Queryable } from "~/server/db";
import { envelope, escapeHtml, headerText, type EmailContext } from "~/server/notifications/email";
import { registerMailKinds, type MailKind, type OutboxRow } from "~/server/notifications/mail-kinds";
import { BID_MAIL_KINDS, type BidMailKind, type UpdateFacts } from "./mail-queue";
import { signerMailEn, type SignerMailFacts, type SignerMailText } from "./email-text/en";
import { signerMailEs } from "./email-text/es";

/** An outbox row of a bid e-mail, as the outbox claimed it. */
export interface BidMailRow {
  kind: BidMailKind;
  bidVersionId: string;
  bidSignerId: string | null;
  facts: Record<string, string> | null;
}

interface VersionFacts {
  projectName: string;
  amount: string;
  expiresOn: string;
  sender: string;
  message: string;
  sentAt: Date;
  signer: string | null;
  /** The signer's language (null for the sender's e-mails). */
  language: BidLanguage | null;
  sealedPdf: Uint8Array | null;
  sealedSha256: string | null;
}

/** The long form of a calendar day in `locale` ("Friday, December 26, 2026"; "viernes, 26 de diciembre de 2026"). */
const longDay = (day: string, locale = "en-US") =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(locale, {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });

/** Each signer language's e-mail words. */
const SIGNER_MAIL: Record<BidLanguage, SignerMailText> = { en: signerMailEn, es: signerMailEs };

/** What each update tells the sender. */
const UPDATE_TEXT: Record<UpdateFacts["event"], (f: UpdateFacts) => string> = {
  viewed: (f) => `${f.signer} opened the proposal.`,
  signed: (f) => `${f.signer} signed the proposal.`,
  accepted: () => "Every signer signed: the proposal is accepted. The signed PDF follows once it is sealed.",
  declined: (f) => `${f.signer} declined the proposal.${f.reason ? ` Their reason: ${f.reason}` : ""}`,
  "renewal-asked": (f) => `${f.signer} asked for a new proposal: this one expired before they signed.`,
  "codes-spent": (f) =>
    `${f.signer}'s link has used up its wrong codes: it cannot sign or decline any more. If they did not mistype, someone else may hold their link. Re-issue the proposal from the sent bids to send them a new one.`,
};

/** A signer's personal link to their language's page: the secret travels in the fragment, which no server log or Referer sees. */
const signerLink = (facts: Record<string, string>, siteUrl: string, language: BidLanguage) =>
  new URL(`${BID_PAGE_PATHS[language]}#${facts.secret}`, siteUrl).href;

/** Subject and paragraphs of each kind, and the link it leads to: a signer's in their language, the sender's in English. */
function compose(kind: BidMailKind, v: VersionFacts, facts: Record<string, string>, siteUrl: string) {
  const language: BidLanguage = v.signer && v.language === "es" ? "es" : "en";
  const words = SIGNER_MAIL[language];
  const what = `${v.projectName} (${v.amount})`;
  const f: SignerMailFacts = {
    signer: v.signer ?? "",
    sender: v.sender,
    company: company.name,
    project: v.projectName,
    what,
    until: words.until(longDay(v.expiresOn, words.locale)),
    sent: v.sentAt.toLocaleDateString(words.locale, { timeZone: company.timeZone, dateStyle: "long" }),
  };
  switch (kind) {
    case "bid-link": {
      const message = v.message ? [words.link.messageFrom(v.sender), v.message] : [];
      return {
        subject: words.link.subject(f),
        lines: [words.link.intro(f), ...message],
        link: signerLink(facts, siteUrl, language),
      };
    }
    case "bid-code":
      return { subject: words.code.subject(f), lines: [words.code.text(facts.code!)] };
    case "bid-reminder":
    case "bid-expiry": {
      const lead = kind === "bid-expiry" ? words.reminder.expires(f) : words.reminder.waits(f);
      return {
        subject: words.reminder.subject(f),
        lines: [lead, f.until, words.reminder.how(f)],
        link: signerLink(facts, siteUrl, language),
      };
    }
    case "bid-update":
      return {
        subject: `Bid update: ${v.projectName}`,
        lines: [
          UPDATE_TEXT[facts.event as UpdateFacts["event"]](facts as unknown as UpdateFacts),
          `Proposal: ${what}.`,
        ],
        link: new URL("/portal/proposals", siteUrl).href,
      };
    case "bid-sealed":
      return {
        subject: words.sealed.subject(f),
        lines: [
          words.sealed.text(f),
          words.sealed.check(new URL(VERIFY_PAGE_PATH, siteUrl).href, v.sealedSha256 ?? ""),
        ],
      };
  }
}

/** The kinds whose row carries a secret (a link or a code) until it is sent. */
export const WIPED_ONCE_SENT: readonly BidMailKind[] = ["bid-link", "bid-code", "bid-reminder", "bid-expiry"];

const VERSION_SQL = `SELECT v.project_name AS "projectName", v.amount, v.expires_on::text AS "expiresOn",
    v.sent_by_name AS sender, v.message, v.sent_at AS "sentAt", s.name AS signer, s.language,
    CASE WHEN $3 THEN v.sealed_pdf END AS "sealedPdf", v.sealed_sha256 AS "sealedSha256"
  FROM bid_versions v LEFT JOIN bid_signers s ON s.id = $2 WHERE v.id = $1`;

/** The e-mail an outbox row of a bid stands for; null when it can no longer say anything true. */
export async function bidEmail(db: Queryable, row: BidMailRow, context: EmailContext): Promise<SendMailOptions | null> {
  const sealed = row.kind === "bid-sealed";
  const [v] = await db.query<VersionFacts>(VERSION_SQL, [row.bidVersionId, row.bidSignerId, sealed]);
  // A row with a link or a code is wiped once sent (nothing is sent twice); a sealed e-mail needs its PDF.
  if (!v || (WIPED_ONCE_SENT.includes(row.kind) && !row.facts?.secret && !row.facts?.code)) return null;
  if (sealed && !v.sealedPdf) return null;
  const { subject, lines, link } = compose(
    row.kind,
    { ...v, sentAt: new Date(v.sentAt) },
    row.facts ?? {},
    context.siteUrl,
  );
  const text = [...lines, ...(link ? ["", link] : [])].join("\n\n");
  const html = `${lines.map((l) => `<p style="white-space:pre-wrap">${escapeHtml(l)}</p>`).join("\n")}${
    link ? `\n<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : ""
  }`;
  const attachments = sealed
    ? [
        {
          filename: pdfFileName(v.projectName, "signed"),
          content: Buffer.from(v.sealedPdf!),
          contentType: "application/pdf",
        },
      ]
    : undefined;
  return { ...envelope(context), subject: headerText(subject), text, html, ...(attachments ? { attachments } : {}) };
}

/** A file name safe in any header and file system: the project's name in plain letters, then what it is. */
export function pdfFileName(projectName: string, what: string): string {
  const base = projectName
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "proposal"}-${what}.pdf`;
}

/** A bid's timeline notes the e-mails that carry its documents: the signer's link and the sealed PDF. */
const TIMELINE_NOTES: Partial<Record<BidMailKind, string>> = { "bid-link": "link", "bid-sealed": "signed PDF" };

/** The outbox's row as a bid e-mail: its facts parsed (a driver may hand jsonb back as text). */
const bidRow = (row: OutboxRow): BidMailRow => ({
  kind: row.kind as BidMailKind,
  bidVersionId: row.bidVersionId!,
  bidSignerId: row.bidSignerId,
  facts: (typeof row.facts === "string" ? JSON.parse(row.facts) : row.facts) as BidMailRow["facts"],
});

registerMailKinds(
  Object.fromEntries(
    BID_MAIL_KINDS.map((kind): [BidMailKind, MailKind] => [
      kind,
      {
        render: (db, row, context) => bidEmail(db, bidRow(row), context),
        secretFacts: WIPED_ONCE_SENT.includes(kind),
        timelineNote: (row) => {
          const what = TIMELINE_NOTES[kind];
          return what && row.bidVersionId ? `${what} to ${row.recipient}` : null;
        },
      },
    ]),
  ),
);
