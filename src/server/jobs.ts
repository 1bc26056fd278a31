import { RATE_LIMIT_IDLE_SECONDS } from "./config";
import { pruneIdleKeys } from "./auth/rate-limit";
import { openDb, type Queryable } from "./db";
import { pruneExpired } from "./retention";
import { deliverScheduled } from "./notifications/deliver";

/** The scheduled jobs by name: each takes the database and says what it did. */
export const JOBS = {
  "prune-rate-limits": async (db: Queryable) => ({ pruned: await pruneIdleKeys(db, RATE_LIMIT_IDLE_SECONDS) }),
  "prune-retention": (db: Queryable) => pruneExpired(db),
  /** Every minute: queues the day's digests once it is time, then sends what is due. */
  "deliver-notifications": (db: Queryable) => deliverScheduled(db),
} satisfies Record<string, (db: Queryable) => Promise<object>>;

/** Runs one job on the environment's database and logs its result (what a scheduled function does). */
export async function runJob(name: keyof typeof JOBS): Promise<Response> {
  const db = await openDb();
  try {
    const result = await JOBS[name](db);
    console.info(`${name}: ${JSON.stringify(result)}`);
    return Response.json(result);
  } finally {
    await db.close();
  }
}
