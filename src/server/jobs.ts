import { RATE_LIMIT_IDLE_SECONDS } from "./config";
import { pruneIdleKeys } from "~/server/rate-limit";
import { openDb, type Queryable } from "./db";
import { eachOnItsOwn, pruneExpired } from "./retention";
import { purgeTrash } from "./templates/commands";
import { collectImages } from "./signatures/images";
import { deliverScheduled } from "./notifications/deliver";
import { bidChores } from "./bids/jobs";
import { env } from "./env";
import { queueOverdueNotices } from "./leads/overdue";
import { messageIdHost } from "./notifications/outbox";
import "./mail-kinds";

/** The scheduled jobs by name: each takes the database and says what it did. */
export const JOBS = {
  "prune-rate-limits": async (db: Queryable) => ({ pruned: await pruneIdleKeys(db, RATE_LIMIT_IDLE_SECONDS) }),
  "prune-retention": (db: Queryable) => pruneExpired(db),
  /** Daily: templates 30 days in the Trash go for good, and stored images nothing needs any more. */
  "purge-deleted": (db: Queryable, now: Date = new Date()) =>
    eachOnItsOwn({ trash: () => purgeTrash(db, now), images: () => collectImages(db, now) }),
  /**
   * Every minute: seals accepted bids still unsealed (retrying failures) and queues their reminders and expiry
   * notices, queues the notices of leads just overdue and the day's digests once it is time, then sends what is due. One job, so every server that runs
   * the notifications (Netlify's schedule, `npm run serve:prod`'s timer) seals and follows up bids too.
   */
  "deliver-notifications": async (db: Queryable, now: Date = new Date()) => ({
    bids: await bidChores(db, now),
    overdueLeads: await queueOverdueNotices(db, now, messageIdHost(env().SITE_URL)),
    ...(await deliverScheduled(db, now)),
  }),
} satisfies Record<string, (db: Queryable, now?: Date) => Promise<object>>;

/** Runs one job on the environment's database and logs its result (what a scheduled function does). */
export async function runJob(name: keyof typeof JOBS): Promise<Response> {
  // Clean-ups run in short batches, so a long backlog needs no request time limit on the whole job.
  const db = await openDb({ timeouts: false });
  try {
    const result = await JOBS[name](db);
    console.info(`${name}: ${JSON.stringify(result)}`);
    return Response.json(result);
  } finally {
    await db.close();
  }
}
