import type { Queryable } from "../db";

/** One throttle: at most `max` events per key within `windowSeconds`. */
export interface Limit {
  bucket: string;
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Seconds until `limit` admits another event, or 0 when it admits one now.
 * Counted in the database so all function instances share the count.
 */
export async function retryAfter(db: Queryable, limit: Limit): Promise<number> {
  const rows = await db.query<{ count: number; oldest: Date | string | null }>(
    `SELECT count(*)::int AS count, min(created_at) AS oldest FROM (
       SELECT created_at FROM rate_limit_events
       WHERE bucket = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)
       ORDER BY created_at DESC LIMIT $4
     ) recent`,
    [limit.bucket, limit.key, limit.windowSeconds, limit.max],
  );
  const { count, oldest } = rows[0] ?? { count: 0, oldest: null };
  if (count < limit.max || oldest === null) return 0;
  const reopensAt = new Date(oldest).getTime() + limit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((reopensAt - Date.now()) / 1000));
}

/** Records one event against `limit`, dropping that key's events that have left the window. */
export async function recordEvent(db: Queryable, limit: Limit): Promise<void> {
  await db.query(
    "DELETE FROM rate_limit_events WHERE bucket = $1 AND key = $2 AND created_at <= now() - make_interval(secs => $3)",
    [limit.bucket, limit.key, limit.windowSeconds],
  );
  await db.query("INSERT INTO rate_limit_events (bucket, key) VALUES ($1, $2)", [limit.bucket, limit.key]);
}

/** Forgets a key's events (a successful login clears its username's failures). */
export async function clearEvents(db: Queryable, bucket: string, key: string): Promise<void> {
  await db.query("DELETE FROM rate_limit_events WHERE bucket = $1 AND key = $2", [bucket, key]);
}
