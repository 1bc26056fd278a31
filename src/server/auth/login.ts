import { LOGIN_RATE_LIMIT } from "../../config/api";
import type { LoginInput } from "../../schemas/auth";
import { audit } from "../audit";
import type { Db } from "../db";
import { HttpError } from "../http";
import { dummyPasswordHash, verifyPassword } from "./password";
import { admit, clearHits, retryAfter, type Limit } from "./rate-limit";
import { issueToken } from "./tokens";
import { findUserByUsername } from "./users";

/** Who is asking, for throttling and the audit log. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The same answer for an unknown user, a wrong password and a disabled account. */
const INVALID = "Invalid username or password";

/**
 * Checks credentials and returns a token. Throws 429 (with Retry-After) once the username
 * or the IP has too many recent failures, and 401 for any bad credential.
 */
export async function login(db: Db, input: LoginInput, client: ClientMeta): Promise<string> {
  const limits: Limit[] = [
    {
      bucket: "login-user",
      key: input.username,
      max: LOGIN_RATE_LIMIT.perUsername,
      windowSeconds: LOGIN_RATE_LIMIT.windowSeconds,
    },
    {
      bucket: "login-ip",
      key: client.ip ?? "unknown",
      max: LOGIN_RATE_LIMIT.perIp,
      windowSeconds: LOGIN_RATE_LIMIT.windowSeconds,
    },
  ];
  const auditBase = { username: input.username, ip: client.ip, userAgent: client.userAgent };

  const wait = Math.max(...(await Promise.all(limits.map((l) => retryAfter(db, l)))));
  if (wait > 0) {
    await audit(db, { action: "login.throttled", ...auditBase });
    throw new HttpError(429, "Too many failed sign-in attempts, try again later", {
      headers: { "Retry-After": String(wait) },
    });
  }

  const user = await findUserByUsername(db, input.username);
  // Always pay for one scrypt, so timing does not tell unknown users from wrong passwords.
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !matches || user.disabled) {
    await db.transaction(async (tx) => {
      // A full bucket already refuses the next attempt, so a hit it does not admit needs no record.
      for (const limit of limits) await admit(tx, limit);
      await audit(tx, { action: "login.failure", userId: user?.id, ...auditBase });
    });
    throw new HttpError(401, INVALID);
  }

  await db.transaction(async (tx) => {
    await clearHits(tx, limits[0]!);
    await audit(tx, { action: "login.success", userId: user.id, ...auditBase });
  });
  return issueToken(user.id, user.tokenVersion, input.rememberMe);
}
