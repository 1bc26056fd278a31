import type { Queryable } from "../db";

/** One throttle: at most `max` hits per key within `windowSeconds`. */
export interface Limit {
  bucket: string;
  key: string;
  max: number;
  windowSeconds: number;
}

/** The four parameters every statement here takes first: $1 bucket, $2 key, $3 window seconds, $4 max. */
export const limitParams = (limit: Limit): unknown[] => [limit.bucket, limit.key, limit.windowSeconds, limit.max];

/** A row's hits still inside the window, oldest first. */
const live = (hits: string) =>
  `ARRAY(SELECT h FROM unnest(${hits}) h WHERE h > now() - make_interval(secs => $3) ORDER BY h)`;

/**
 * Records a hit when the key has room: one row comes back when admitted, none when full.
 * The upsert locks the key's row, so concurrent callers queue and each sees the hits
 * committed before it. It takes $1..$4 (see `limitParams`); a caller may make it a CTE
 * and add its own parameters from $5, which is how one statement throttles and stores a message.
 */
export const ADMIT_SQL = `INSERT INTO rate_limits AS r (bucket, key, hits) VALUES ($1, $2, ARRAY[now()])
  ON CONFLICT (bucket, key) DO UPDATE SET hits = ${live("r.hits")} || now()
  WHERE cardinality(${live("r.hits")}) < $4
  RETURNING true AS admitted`;

/** Records a hit if `limit` has room; true when it did. */
export async function admit(db: Queryable, limit: Limit): Promise<boolean> {
  return (await db.query(ADMIT_SQL, limitParams(limit))).length > 0;
}

/**
 * Seconds until `limit` admits another hit, or 0 when it admits one now.
 * Counted in the database, on the database's clock, so every function instance agrees.
 */
export async function retryAfter(db: Queryable, limit: Limit): Promise<number> {
  const [row] = await db.query<{ count: number; wait: number | null }>(
    `SELECT count(*)::int AS count, ceil(extract(epoch FROM min(h) + make_interval(secs => $3) - now()))::int AS wait
     FROM (SELECT h FROM rate_limits, unnest(hits) h
           WHERE bucket = $1 AND key = $2 AND h > now() - make_interval(secs => $3)
           ORDER BY h DESC LIMIT $4) recent`,
    limitParams(limit),
  );
  if (!row || row.count < limit.max) return 0;
  return Math.max(1, row.wait ?? 1);
}

/** Forgets a key's hits (a successful login clears its username's failures). */
export async function clearHits(db: Queryable, limit: Pick<Limit, "bucket" | "key">): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE bucket = $1 AND key = $2", [limit.bucket, limit.key]);
}

/** Deletes keys with no hit in the last `olderThanSeconds` (the scheduled cleanup); returns how many. */
export async function pruneIdleKeys(db: Queryable, olderThanSeconds: number): Promise<number> {
  const rows = await db.query(
    "DELETE FROM rate_limits WHERE hits[cardinality(hits)] <= now() - make_interval(secs => $1) RETURNING 1",
    [olderThanSeconds],
  );
  return rows.length;
}
