/**
 * Delivery with the environment's settings: the sender from SMTP_URL and MAIL_FROM (or `npm run dev`'s .eml
 * files), the links and Message-IDs from SITE_URL. The scheduled job and the attempt right after a message
 * arrives both send through here.
 */
import type { Queryable } from "~/server/db";
import { env } from "~/server/env";
import { mailSender } from "./mailer";
import { deliverDue, messageIdHost, queueDigests, type DeliveryResult, type DeliveryScope } from "./outbox";

/** Why nothing was sent: no way to send is configured. */
export const NO_SENDER = "no SMTP_URL: notifications cannot be sent";

/**
 * Sends what is due now (only `contactId`'s e-mails, or only a bid version's, when given); `skipped` when no
 * sender is configured.
 */
export async function deliverConfigured(
  db: Queryable,
  only?: string | DeliveryScope,
): Promise<DeliveryResult | { skipped: string }> {
  const sender = mailSender();
  if (!sender) return { skipped: NO_SENDER };
  const scope = typeof only === "string" ? { contactId: only } : (only ?? {});
  return deliverDue(db, sender.send, { ...scope, context: { siteUrl: env().SITE_URL, from: sender.from } });
}

/** The every-minute job: queues the day's digests once it is time, then sends everything that is due. */
export async function deliverScheduled(db: Queryable, now = new Date()) {
  if (!mailSender()) return { skipped: NO_SENDER };
  const digests = await queueDigests(db, now, messageIdHost(env().SITE_URL));
  return { digests, ...(await deliverConfigured(db)) };
}
