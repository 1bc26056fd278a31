/**
 * The automatic answer a visitor gets within a minute of sending the contact form (never for a message flagged
 * as spam or held, at most once a day per address). Plain text: the e-mail shows it as written, escaped in HTML.
 */
import { company } from "~/config/company";

/** The acknowledgement's subject. */
export const LEAD_ACK_SUBJECT = `We received your message to ${company.name}`;

/** The acknowledgement's paragraphs; the greeting names the sender when their first name looks like a name. */
export const leadAcknowledgement = (firstName: string | null): readonly string[] => [
  firstName ? `Hello ${firstName},` : "Hello,",
  `Thank you for contacting ${company.name}. We received your message and answer within one business hour (Monday to Friday, 8:00 to 17:00 Central time).`,
  `If your project is urgent, call us at ${company.phone.display}.`,
  `${company.name}\n${company.tagline}`,
];
