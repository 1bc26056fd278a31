/** The bids' part of the every-minute job: seal what is due and queue the follow-ups (the job then sends them). */
import type { Queryable } from "~/server/db";
import { eachOnItsOwn } from "~/server/retention";
import { queueFollowUps } from "./follow-ups";
import { sealDue } from "./sealing";

/** Each part runs even when the other fails (a seal that throws must not stop the reminders); counts of each. */
export const bidChores = (db: Queryable, now: Date) =>
  eachOnItsOwn({
    sealed: async () => (await sealDue(db, now)).sealed,
    followUps: () => queueFollowUps(db, now),
  });
