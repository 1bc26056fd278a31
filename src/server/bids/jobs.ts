/** The bids' every-minute job: seal what is due, queue the follow-ups, then send the bid e-mails. */
import type { Queryable } from "~/server/db";
import { eachOnItsOwn } from "~/server/retention";
import { queueFollowUps } from "./follow-ups";
import { sealDue } from "./sealing";

/** Each part runs even when another fails (a seal that throws must not stop the reminders); counts of each. */
export const eachBidFollowUp = (db: Queryable, now: Date) =>
  eachOnItsOwn({
    sealed: async () => (await sealDue(db, now)).sealed,
    followUps: () => queueFollowUps(db, now),
    // The mailer loads only here, not with the job's module.
    sent: async () => {
      const result = await (await import("~/server/notifications/deliver")).deliverConfigured(db);
      return "sent" in result ? result.sent : 0;
    },
  });
