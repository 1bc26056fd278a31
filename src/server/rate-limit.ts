/**
 * Throttles kept in the database (one row of hits per bucket and key), shared by every function instance: the
 * sign-in limits, the contact form, image uploads, template saves and password changes all count here.
 */
import type { Queryable } from "~/server/db";
import { sql, type Sql } from "~/server/db/sql";

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

const HITS = sql`r.hits`;

/** A row's hits still inside `limit`'s window, oldest first. */
const live = (limit: Limit) =>
  sql`ARRAY(SELECT h FROM unnest(${HITS}) h WHERE h > now() - make_interval(secs => ${limit.windowSeconds}) ORDER BY h)`;

/** A row's newest hit (concurrent transactions may append slightly out of order). */
const NEWEST = sql`(SELECT max(h) FROM unnest(${HITS}) h)`;

/** The back-off after the newest hit of a full key: the base doubled per live hit beyond the limit, at most the cap. */
const backoffGap = (limit: Limit, { baseSeconds, maxSeconds }: Backoff) =>
  sql`make_interval(secs => least(${maxSeconds}::float8,
    ${baseSeconds}::float8 * power(2::float8, least(cardinality(${live(limit)}) - ${limit.max}, 30))))`;

/** The key's row of `limit`. */
const keyOf = (limit: Pick<Limit, "bucket" | "key">) => sql`bucket = ${limit.bucket} AND key = ${limit.key}`;

/**
 * The statement that records a hit when the key has room: one row comes back when admitted (with the hit's time
 * as text, for `refundHit`), none when full. A full key with a back-off still admits once its newest hit is old
 * enough. The upsert locks the key's row, so concurrent callers queue and each sees the hits committed before
 * it. A caller may make it a CTE of its own statement, which is how one statement throttles and stores a message.
 */
export function admitSql(limit: Limit): Sql {
  const room = sql`cardinality(${live(limit)}) < ${limit.max}`;
  const admits = limit.backoff ? sql`${room} OR ${NEWEST} <= now() - ${backoffGap(limit, limit.backoff)}` : room;
  return sql`INSERT INTO rate_limits AS r (bucket, key, hits) VALUES (${limit.bucket}, ${limit.key}, ARRAY[now()])
    ON CONFLICT (bucket, key) DO UPDATE SET hits = ${live(limit)} || now()
    WHERE ${admits}
    RETURNING now()::text AS at`;
}

/**
 * Records a hit if `limit` has room and returns its time (as text, exact to the microsecond, for
 * `refundHit`); undefined when the limit refused it. Inside a transaction the key stays locked until
 * it ends, so a caller admitting into several keys can roll all of them back when one refuses.
 */
export async function admit(db: Queryable, limit: Limit): Promise<string | undefined> {
  const statement = admitSql(limit);
  const rows = await db.query<{ at: string }>(statement.text, statement.values);
  return rows[0]?.at;
}

/** Seconds until the window frees a slot: when the oldest of the newest `max` live hits leaves it. */
const windowWait = (limit: Limit) => sql`ceil(extract(epoch FROM
  (SELECT min(h) FROM (SELECT h FROM unnest(${live(limit)}) h ORDER BY h DESC LIMIT ${limit.max}) recent)
  + make_interval(secs => ${limit.windowSeconds}) - now()))::int`;

/**
 * Seconds until `limit` admits another hit, or 0 when it admits one now. Counted in the database,
 * on the database's clock, so every function instance agrees. With a back-off, the sooner of the
 * back-off and the window. Never more than the window, nor than the back-off's cap.
 */
export async function retryAfter(db: Queryable, limit: Limit): Promise<number> {
  const wait = limit.backoff
    ? sql`least(${windowWait(limit)}, ceil(extract(epoch FROM ${NEWEST} + ${backoffGap(limit, limit.backoff)} - now()))::int)`
    : windowWait(limit);
  const statement = sql`SELECT cardinality(${live(limit)}) AS count, ${wait} AS wait
    FROM rate_limits r WHERE ${keyOf(limit)}`;
  const [row] = await db.query<{ count: number; wait: number | null }>(statement.text, statement.values);
  if (!row || row.count < limit.max) return 0;
  // Hits stamped by transactions that began after this one can lie a moment in its future: clamp.
  const longest = limit.backoff ? Math.min(limit.backoff.maxSeconds, limit.windowSeconds) : limit.windowSeconds;
  return Math.min(Math.max(1, row.wait ?? 1), Math.ceil(longest));
}

/** Forgets a key's hits (a successful login clears its username and address pair). */
export async function clearHits(db: Queryable, limit: Pick<Limit, "bucket" | "key">): Promise<void> {
  const statement = sql`DELETE FROM rate_limits WHERE ${keyOf(limit)}`;
  await db.query(statement.text, statement.values);
}

/** Takes back the hit `admit` recorded at `at` (an attempt that turned out not to count). */
export async function refundHit(db: Queryable, limit: Pick<Limit, "bucket" | "key">, at: string): Promise<void> {
  const statement = sql`UPDATE rate_limits SET hits = array_remove(hits, ${at}::timestamptz) WHERE ${keyOf(limit)}`;
  await db.query(statement.text, statement.values);
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
