/**
 * The every-minute follow-ups: a reminder 3 and 7 days after the send to each signer who has not acted, and an
 * expiry notice 2 days before the expiry day, each with a new personal link; each once (its column records it), never during the company's
 * night (they are queued the next morning), and none once the version is decided, withdrawn or replaced.
 */
import { company } from "~/config/company";
import type { Queryable } from "~/server/db";
import { sql } from "~/server/db/sql";
import { recordEvent } from "./events";
import { issueLink } from "./commands/link";
import { queueSignerMail } from "./mail-queue";
import { companyDay } from "~/lib/bid-days";

/** The company's quiet hours: nothing is sent from 19:00 to 8:00. */
export const QUIET_HOURS = { from: 19, until: 8 } as const;

/** Whether `now` falls in the company's quiet hours. */
export function isQuiet(now: Date): boolean {
  const hour = Number(
    new Intl.DateTimeFormat("en-US", { timeZone: company.timeZone, hour: "numeric", hourCycle: "h23" }).format(now),
  );
  return hour >= QUIET_HOURS.from || hour < QUIET_HOURS.until;
}

/** Which follow-ups a signer may be due at `now` on the company's day `today`, each with the column that records it. */
const followUps = (now: Date, today: string) =>
  [
    // The 7-day reminder marks the 3-day one too: a job that was down sends one reminder, not two.
    {
      kind: "bid-reminder",
      event: "reminded",
      detail: "7 days",
      marks: sql`reminded_7_at = ${now}, reminded_3_at = COALESCE(reminded_3_at, ${now})`,
      due: sql`s.reminded_7_at IS NULL AND v.sent_at <= ${now}::timestamptz - interval '7 days'`,
    },
    {
      kind: "bid-reminder",
      event: "reminded",
      detail: "3 days",
      marks: sql`reminded_3_at = ${now}`,
      due: sql`s.reminded_3_at IS NULL AND v.sent_at <= ${now}::timestamptz - interval '3 days'`,
    },
    // Only for a bid sent before its notice day: one sent two days before expiry needs no notice.
    {
      kind: "bid-expiry",
      event: "expiry-notice",
      detail: null,
      marks: sql`expiry_noticed_at = ${now}`,
      due: sql`s.expiry_noticed_at IS NULL AND v.expires_on - 2 <= ${today}::date
      AND (v.sent_at AT TIME ZONE ${company.timeZone}::text)::date < v.expires_on - 2`,
    },
  ] as const;

/** Queues the follow-ups due at `now`; returns how many. */
export async function queueFollowUps(db: Queryable, now = new Date()): Promise<number> {
  if (isQuiet(now)) return 0;
  const today = companyDay(now);
  let queued = 0;
  for (const f of followUps(now, today)) {
    const statement = sql`UPDATE bid_signers s SET ${f.marks} FROM bid_versions v
       WHERE v.id = s.version_id AND s.signed_at IS NULL AND s.declined_at IS NULL
         AND v.withdrawn_at IS NULL AND v.declined_at IS NULL AND v.accepted_at IS NULL AND v.replaced_at IS NULL
         AND v.expires_on >= ${today}::date AND ${f.due}
       RETURNING s.id, s.version_id AS "versionId"`;
    const due = await db.query<{ id: string; versionId: string }>(statement.text, statement.values);
    for (const s of due) {
      // Each follow-up carries a link of its own, so the signer need not search for the first e-mail.
      await queueSignerMail(db, f.kind, s.id, { secret: await issueLink(db, s.id) }, now);
      await recordEvent(db, s.versionId, f.event, { signerId: s.id, detail: f.detail, at: now });
    }
    queued += due.length;
  }
  return queued;
}
