/**
 * The e-mails about a lead: the acknowledgement to its sender, a staff member's reply to them, and the overdue
 * notice to staff. Built when the outbox sends them, from the rows they name; nothing the sender typed reaches a
 * header unfolded or the HTML unescaped.
 */
import type { SendMailOptions } from "nodemailer";
import { company } from "~/config/company";
import { LEAD_ACK_SUBJECT, leadAcknowledgement } from "~/content/lead-acknowledgement";
import { LEAD_ACK_SUBJECT_ES, leadAcknowledgementEs } from "~/content/lead-acknowledgement-es";
import type { LeadLanguage } from "./language";
import type { Queryable } from "~/server/db";
import { envelope, escapeHtml, firstWords, headerText, type EmailContext } from "~/server/notifications/email";
import { registerMailKinds } from "~/server/notifications/mail-kinds";
import { greetedName } from "./stranger-text";

/** The outbox kinds of lead e-mail. */
export const LEAD_MAIL_KINDS = ["lead-ack", "lead-reply", "lead-overdue"] as const;
export type LeadMailKind = (typeof LEAD_MAIL_KINDS)[number];

/** Where staff open one lead in the portal. */
export const leadLink = (siteUrl: string, id: string) => new URL(`/portal/leads#lead-${id}`, siteUrl).href;

/** The subject of every reply from the portal. */
export const REPLY_SUBJECT = `Re: your message to ${company.name}`;

interface LeadFacts {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  createdAt: Date;
}

/** Paragraphs as text, and as HTML that shows them exactly as written. */
const bodies = (paragraphs: readonly string[]) => ({
  text: paragraphs.join("\n\n"),
  html: paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join("\n"),
});

const when = (at: Date) => new Date(at).toLocaleString("en-US", { timeZone: company.timeZone, timeZoneName: "short" });

/** The sender's name as one line. */
const nameOf = (lead: LeadFacts) => headerText(`${lead.firstName} ${lead.lastName}`) || "A visitor";

/** The automatic acknowledgement: from the company, answered to the company's address. */
export function leadAckEmail(lead: LeadFacts, context: EmailContext): SendMailOptions {
  return {
    ...envelope(context),
    subject: LEAD_ACK_SUBJECT,
    replyTo: { name: company.name, address: company.email },
    // Nothing a stranger wrote is quoted but a first name that looks like one.
    ...bodies(leadAcknowledgement(greetedName(lead.firstName))),
  };
}

/** The acknowledgement in each language: its subject and paragraphs, the greeting as the English one names it. */
const ACKNOWLEDGEMENTS: Record<
  LeadLanguage,
  { subject: string; paragraphs: (firstName: string | null) => readonly string[] }
> = {
  en: { subject: LEAD_ACK_SUBJECT, paragraphs: leadAcknowledgement },
  es: { subject: LEAD_ACK_SUBJECT_ES, paragraphs: leadAcknowledgementEs },
};

/**
 * The acknowledgement in the language the visitor's browser preferred: the English e-mail's envelope and
 * greeting rules, with the subject and paragraphs in that language.
 */
export function leadAckEmailIn(lead: LeadFacts, context: EmailContext, language: LeadLanguage): SendMailOptions {
  const english = leadAckEmail(lead, context);
  if (language === "en") return english;
  const { subject, paragraphs } = ACKNOWLEDGEMENTS[language];
  // The same rule as the English greeting: nothing a stranger wrote but a first name that looks like one.
  return { ...english, subject, ...bodies(paragraphs(greetedName(lead.firstName))) };
}

/** A reply written in the portal: from the company, Reply-To its author, the sender's message quoted below. */
export function leadReplyEmail(
  lead: LeadFacts,
  reply: { author: string; replyTo: string; body: string },
  context: EmailContext,
): SendMailOptions {
  const quoted = lead.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const { headers: _auto, ...envelopeOnly } = envelope(context);
  return {
    // A person wrote this one: it is not marked auto-generated, so the client's mail program treats it as mail.
    ...envelopeOnly,
    subject: REPLY_SUBJECT,
    replyTo: { name: headerText(reply.author), address: headerText(reply.replyTo) },
    ...bodies([reply.body, `${reply.author}\n${company.name}`, `On ${when(lead.createdAt)} you wrote:\n${quoted}`]),
  };
}

/** The notice that a lead waits past its business hour. */
export function leadOverdueEmail(lead: LeadFacts, context: EmailContext): SendMailOptions {
  const link = leadLink(context.siteUrl, lead.id);
  const name = nameOf(lead);
  const { text, html } = bodies([
    `${name} <${headerText(lead.email)}> wrote on ${when(lead.createdAt)} and has had no answer for a business hour.`,
    firstWords(lead.message, 40),
    `Answer in the portal: ${link}`,
  ]);
  return {
    ...envelope(context),
    subject: headerText(`Overdue lead: ${name} waits for an answer`),
    text,
    html: html.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`),
  };
}

/** The language an acknowledgement's row names (English for rows queued without one). */
function ackLanguage(facts: unknown): LeadLanguage {
  const parsed = typeof facts === "string" ? (JSON.parse(facts) as unknown) : facts;
  return (parsed as { language?: unknown } | null)?.language === "es" ? "es" : "en";
}

/** The e-mail an outbox row of a lead kind stands for; null when its lead or reply is gone. */
export async function leadEmail(
  db: Queryable,
  row: { kind: LeadMailKind; contactId: string | null; leadReplyId: string | null; facts?: unknown },
  context: EmailContext,
): Promise<SendMailOptions | null> {
  const [lead] = await db.query<LeadFacts>(
    `SELECT id, first_name AS "firstName", last_name AS "lastName", email, message, created_at AS "createdAt"
     FROM contact_messages WHERE id = $1`,
    [row.contactId],
  );
  if (!lead) return null;
  if (row.kind === "lead-ack") return leadAckEmailIn(lead, context, ackLanguage(row.facts));
  if (row.kind === "lead-overdue") return leadOverdueEmail(lead, context);
  const [reply] = await db.query<{ author: string; replyTo: string; body: string }>(
    `SELECT author, reply_to AS "replyTo", body FROM lead_replies WHERE id = $1`,
    [row.leadReplyId],
  );
  return reply ? leadReplyEmail(lead, reply, context) : null;
}

const renderLead = (
  db: Queryable,
  row: { kind: string; contactId: string | null; leadReplyId: string | null; facts?: unknown },
  context: EmailContext,
) => leadEmail(db, { ...row, kind: row.kind as LeadMailKind }, context);

registerMailKinds(Object.fromEntries(LEAD_MAIL_KINDS.map((kind) => [kind, { render: renderLead }])));
