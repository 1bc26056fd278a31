/**
 * The e-mails that tell staff about contact messages, as data for nodemailer: plain text and simple HTML (no
 * remote images, no tracking), the visitor as Reply-To so staff answer from their mail client, and a link to the
 * message in the portal. Pure: the outbox decides who gets what and when.
 */
import type { SendMailOptions } from "nodemailer";
import { company } from "~/config/company";
import type { ContactFacts } from "~/schemas/contact-record";

/** What every notification needs besides its content. */
export interface EmailContext {
  /** The site's origin (SITE_URL), for the link to the portal. */
  siteUrl: string;
  /** The sender, e.g. `Anchor Line Portal <portal@example.com>`. */
  from: string;
  to: string;
  /** The stable Message-ID of this e-mail, without angle brackets. */
  messageId: string;
}

/** How many words of the message the subject carries. */
const SUBJECT_WORDS = 8;

/**
 * Text for a header: every line break and control character becomes a space, so nothing a visitor typed can end
 * a header line and start another (a Bcc, a second body). nodemailer encodes what is left.
 */
export function headerText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The visitor's name as one line. */
const senderName = (m: ContactFacts) => headerText(`${m.firstName} ${m.lastName}`) || "A visitor";

/** The first words of a message, for a subject or a digest line. */
export function firstWords(text: string, words = SUBJECT_WORDS): string {
  const all = headerText(text).split(" ").filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(" ")}…` : all.join(" ");
}

/** Where staff read one message in the portal. */
export const messageLink = (siteUrl: string, id: string) => new URL(`/portal/messages#message-${id}`, siteUrl).href;

/** The facts of a message, as label and value lines. */
function facts(m: ContactFacts): [string, string][] {
  return [
    ["From", senderName(m)],
    ["E-mail", m.email],
    ["Phone", m.phone || "no phone"],
    ["Received", new Date(m.createdAt).toLocaleString("en-US", { timeZone: company.timeZone, timeZoneName: "short" })],
  ];
}

/** The e-mail announcing one new contact message. */
export function messageEmail(m: ContactFacts, context: EmailContext): SendMailOptions {
  const link = messageLink(context.siteUrl, m.id);
  const name = senderName(m);
  const text = [
    ...facts(m).map(([label, value]) => `${label}: ${value}`),
    "",
    m.message,
    "",
    `Open it in the portal: ${link}`,
    `Reply to this e-mail to answer ${name}.`,
  ].join("\n");
  const html = `<p>${facts(m)
    .map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`)
    .join("<br>")}</p>
<p style="white-space:pre-wrap">${escapeHtml(m.message)}</p>
<p><a href="${escapeHtml(link)}">Open it in the portal</a>. Reply to this e-mail to answer ${escapeHtml(name)}.</p>`;
  return {
    ...envelope(context),
    subject: headerText(`New message from ${name}: ${firstWords(m.message)}`),
    replyTo: { name, address: headerText(m.email) },
    text,
    html,
  };
}

/** The daily digest: every message of the day before, newest first, then the leads still waiting past their hour. */
export function digestEmail(
  messages: ContactFacts[],
  day: string,
  context: EmailContext,
  overdue: ContactFacts[] = [],
): SendMailOptions {
  const lines = (list: ContactFacts[]) =>
    list.map((m) => ({
      summary: `${senderName(m)} <${m.email}>: ${firstWords(m.message, 20)}`,
      link: messageLink(context.siteUrl, m.id),
    }));
  const count = `${messages.length} new message${messages.length === 1 ? "" : "s"}`;
  const sections = [
    { title: `${count} for ${day}:`, lines: lines(messages) },
    ...(overdue.length
      ? [
          {
            title: `${overdue.length} overdue lead${overdue.length === 1 ? "" : "s"}, unanswered:`,
            lines: lines(overdue),
          },
        ]
      : []),
  ];
  const text = sections
    .map((s) => [s.title, "", ...s.lines.map((l) => `- ${l.summary}\n  ${l.link}`)].join("\n"))
    .join("\n\n");
  const html = sections
    .map(
      (s) => `<p>${escapeHtml(s.title)}</p>
<ul>${s.lines.map((l) => `<li>${escapeHtml(l.summary)} <a href="${escapeHtml(l.link)}">Open</a></li>`).join("")}</ul>`,
    )
    .join("\n");
  const late = overdue.length ? `, ${overdue.length} overdue` : "";
  return { ...envelope(context), subject: `${company.name}: ${count}${late} for ${day}`, text, html };
}

/** The headers every notification carries: sender, recipient, Message-ID, and that no one typed it. */
export function envelope({ from, to, messageId }: EmailContext): SendMailOptions {
  return { from, to: headerText(to), messageId: `<${messageId}>`, headers: { "Auto-Submitted": "auto-generated" } };
}
