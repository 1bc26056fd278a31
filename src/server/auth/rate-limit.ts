import type { Queryable } from "~/server/db";

/**
 * Past `max`, a key is slowed down instead of closed: one more hit is admitted once the newest is
 * `baseSeconds` old, doubling with each hit beyond `max` still in the window, never above `maxSeconds`.
 */
interface Backoff {
  baseSeconds: number;
  maxSeconds: number;
}

/** One throttle: at most `max` hits per key within `windowSeconds` (then `backoff`, when given). */
export interface Limit {
  bucket: string;
  key: string;
  max: number;
  windowSeconds: number;
  backoff?: Backoff;
}

/** The four parameters every statement here takes first: $1 bucket, $2 key, $3 window seconds, $4 max. */
export const limitParams = (limit: Limit): unknown[] => [limit.bucket, limit.key, limit.windowSeconds, limit.max];

/** `limitParams`, then $5 back-off base and $6 back-off cap in seconds. */
const backoffParams = (limit: Limit & { backoff: Backoff }): unknown[] => [
  ...limitParams(limit),
  limit.backoff.baseSeconds,
  limit.backoff.maxSeconds,
];

/** A row's hits still inside the window, oldest first. */
const live = (hits: string) =>
  `ARRAY(SELECT h FROM unnest(${hits}) h WHERE h > now() - make_interval(secs => $3) ORDER BY h)`;

/** A row's newest hit (concurrent transactions may append slightly out of order). */
const newest = (hits: string) => `(SELECT max(h) FROM unnest(${hits}) h)`;

/** The back-off after the newest hit of a full key: $5 doubled per live hit beyond $4, at most $6. */
const backoffGap = (hits: string) =>
  `make_interval(secs => least($6::float8, $5::float8 * power(2::float8, least(cardinality(${live(hits)}) - $4, 30))))`;

/**
 * Records a hit when the key has room: one row comes back when admitted (with the hit's time as
 * text, for `refundHit`), none when full. The upsert locks the key's row, so concurrent callers
 * queue and each sees the hits committed before it. It takes $1..$4 (see `limitParams`); a caller
 * may make it a CTE and add its own parameters from $5, which is how one statement throttles and
 * stores a message.
 */
export const ADMIT_SQL = `INSERT INTO rate_limits AS r (bucket, key, hits) VALUES ($1, $2, ARRAY[now()])
  ON CONFLICT (bucket, key) DO UPDATE SET hits = ${live("r.hits")} || now()
  WHERE cardinality(${live("r.hits")}) < $4
  RETURNING now()::text AS at`;

/** `ADMIT_SQL` for a limit with a back-off: a full key still admits once its newest hit is old enough. */
const ADMIT_WITH_BACKOFF_SQL = `INSERT INTO rate_limits AS r (bucket, key, hits) VALUES ($1, $2, ARRAY[now()])
  ON CONFLICT (bucket, key) DO UPDATE SET hits = ${live("r.hits")} || now()
  WHERE cardinality(${live("r.hits")}) < $4 OR ${newest("r.hits")} <= now() - ${backoffGap("r.hits")}
  RETURNING now()::text AS at`;

/**
 * Records a hit if `limit` has room and returns its time (as text, exact to the microsecond, for
 * `refundHit`); undefined when the limit refused it. Inside a transaction the key stays locked until
 * it ends, so a caller admitting into several keys can roll all of them back when one refuses.
 */
export async function admit(db: Queryable, limit: Limit): Promise<string | undefined> {
  const rows = limit.backoff
    ? await db.query<{ at: string }>(ADMIT_WITH_BACKOFF_SQL, backoffParams({ ...limit, backoff: limit.backoff }))
    : await db.query<{ at: string }>(ADMIT_SQL, limitParams(limit));
  return rows[0]?.at;
}

/** Seconds until the window frees a slot: when the oldest of the newest $4 live hits leaves it. */
const WINDOW_WAIT = `ceil(extract(epoch FROM
  (SELECT min(h) FROM (SELECT h FROM unnest(${live("r.hits")}) h ORDER BY h DESC LIMIT $4) recent)
  + make_interval(secs => $3) - now()))::int`;

/**
 * Seconds until `limit` admits another hit, or 0 when it admits one now. Counted in the database,
 * on the database's clock, so every function instance agrees. With a back-off, the sooner of the
 * back-off and the window. Never more than the window, nor than the back-off's cap.
 */
export async function retryAfter(db: Queryable, limit: Limit): Promise<number> {
  const count = `cardinality(${live("r.hits")}) AS count`;
  const from = "FROM rate_limits r WHERE bucket = $1 AND key = $2";
  const [row] = limit.backoff
    ? await db.query<{ count: number; wait: number | null }>(
        `SELECT ${count}, least(${WINDOW_WAIT},
           ceil(extract(epoch FROM ${newest("r.hits")} + ${backoffGap("r.hits")} - now()))::int) AS wait ${from}`,
        backoffParams({ ...limit, backoff: limit.backoff }),
      )
    : await db.query<{ count: number; wait: number | null }>(
        `SELECT ${count}, ${WINDOW_WAIT} AS wait ${from}`,
        limitParams(limit),
      );
  if (!row || row.count < limit.max) return 0;
  // Hits stamped by transactions that began after this one can lie a moment in its future: clamp.
  const longest = limit.backoff ? Math.min(limit.backoff.maxSeconds, limit.windowSeconds) : limit.windowSeconds;
  return Math.min(Math.max(1, row.wait ?? 1), Math.ceil(longest));
}

/** Forgets a key's hits (a successful login clears its username and address pair). */
export async function clearHits(db: Queryable, limit: Pick<Limit, "bucket" | "key">): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE bucket = $1 AND key = $2", [limit.bucket, limit.key]);
}

/** Takes back the hit `admit` recorded at `at` (an attempt that turned out not to count). */
export async function refundHit(db: Queryable, limit: Pick<Limit, "bucket" | "key">, at: string): Promise<void> {
  await db.query("UPDATE rate_limits SET hits = array_remove(hits, $3::timestamptz) WHERE bucket = $1 AND key = $2", [
    limit.bucket,
    limit.key,
    at,
  ]);
}

/**
 * Deletes keys with no hit in the last `olderThanSeconds` (the scheduled cleanup), including keys
 * a refund left empty; returns how many.
 */
export async function pruneIdleKeys(db: Queryable, olderThanSeconds: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM rate_limits WHERE NOT EXISTS (SELECT 1 FROM unnest(hits) h WHERE h > now() - make_interval(secs => $1))
     RETURNING 1`,
    [olderThanSeconds],
  );
  return rows.length;
}
