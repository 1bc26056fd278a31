import { createHmac } from "node:crypto";
import { LOGIN_RATE_LIMIT } from "~/server/config";
import type { Db, Queryable } from "~/server/db";
import { keyBytes } from "./keys";
import { admit, clearHits, refundHit, retryAfter, type Limit } from "~/server/rate-limit";

/** Throttle buckets of the login; each key is a row of rate_limits. */
export const LOGIN_BUCKETS = {
  pair: "login-pair",
  username: "login-user",
  address: "login-address",
} as const;

/**
 * The throttle key of a typed username: a keyed hash (HMAC with the name-hashing key), never the text, which is
 * often a password typed into the wrong field. Equal names still share a key.
 */
export function usernameKey(username: string): string {
  return createHmac("sha256", keyBytes("name-hashing")).update(`login-throttle:${username}`).digest("base64url");
}

/** Who a login attempt claims to be and where it comes from (`addressKey`, null when unknown). */
export interface LoginOrigin {
  username: string;
  address: string | null;
  /**
   * The username signed in from this address recently, or the browser carries its known-device token:
   * exempt from the username-wide back-off.
   */
  knownAddress: boolean;
}

/**
 * The limits one attempt must pass, in the order every attempt locks their rows, so two
 * transactions never wait on each other crosswise (no deadlock). Without an address only the
 * username-wide limit applies: one shared "unknown" key would let anyone lock everybody out.
 */
export function loginLimits({ username, address, knownAddress }: LoginOrigin): Limit[] {
  const { windowSeconds } = LOGIN_RATE_LIMIT;
  const limits: Limit[] = [];
  const name = usernameKey(username);
  if (address) {
    // An address key holds no space, so the first space separates it from the username's key.
    const key = `${address} ${name}`;
    limits.push({ bucket: LOGIN_BUCKETS.pair, key, max: LOGIN_RATE_LIMIT.perUsernameAndAddress, windowSeconds });
  }
  if (!knownAddress) {
    limits.push({
      bucket: LOGIN_BUCKETS.username,
      key: name,
      max: LOGIN_RATE_LIMIT.perUsername,
      windowSeconds,
      backoff: { baseSeconds: LOGIN_RATE_LIMIT.backoffBaseSeconds, maxSeconds: LOGIN_RATE_LIMIT.backoffMaxSeconds },
    });
  }
  if (address) {
    limits.push({ bucket: LOGIN_BUCKETS.address, key: address, max: LOGIN_RATE_LIMIT.perAddress, windowSeconds });
  }
  return limits;
}

/** An admitted attempt (its hits, to settle after the password check), or a refusal with its wait. */
export type Admission = { admitted: true; limits: Limit[]; at: string } | { admitted: false; retryAfter: number };

/** Thrown inside the admission transaction to roll back the hits other limits already took. */
class Refused extends Error {
  constructor(readonly wait: number) {
    super("refused");
  }
}

/**
 * Counts the attempt against all of `limits` or none. Each admission is the row-locked upsert of
 * `admit`, so parallel attempts queue per key and cannot all pass one check; they run in one
 * transaction that rolls back when any limit refuses, so a refusal leaks no slot in the others.
 * Several statements rather than one: a single statement cannot see the rows it locks in its own CTEs.
 */
export async function admitLogin(db: Db, limits: Limit[]): Promise<Admission> {
  try {
    return await db.transaction(async (tx) => {
      let at = "";
      for (const limit of limits) {
        const hit = await admit(tx, limit);
        if (hit === undefined) throw new Refused(await retryAfter(tx, limit));
        at = hit;
      }
      return { admitted: true, limits, at };
    });
  } catch (error) {
    if (error instanceof Refused) return { admitted: false, retryAfter: error.wait };
    throw error;
  }
}

/**
 * A success counts against nothing: its (username, address) pair starts afresh, and the hits it
 * took from the username-wide and address limits are given back. Same row order as the admission.
 */
export async function settleSuccess(db: Queryable, admission: Admission & { admitted: true }): Promise<void> {
  for (const limit of admission.limits) {
    if (limit.bucket === LOGIN_BUCKETS.pair) await clearHits(db, limit);
    else await refundHit(db, limit, admission.at);
  }
}
