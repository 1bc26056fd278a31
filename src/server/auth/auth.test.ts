import { SignJWT, UnsecuredJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { LOGIN_RATE_LIMIT, TOKEN_AUDIENCE, TOKEN_ISSUER } from "~/server/config";
import { TOKEN_TTL_SECONDS } from "~/schemas/limits";
import { LOGIN_BUCKETS } from "./login-throttle";
import { disableUser, resetPassword } from "./commands/users";
import { unknownUsername } from "./commands/password-sign-in";
import { PORTAL_TOKEN_HEADER } from "~/lib/portal-token";
import { keyBytes } from "./keys";
import type { LoginAnswer } from "~/schemas/sign-in";
import { answer, call, callUnchecked, describeEachBackend, loginAs, randomIp } from "../../../test/api";

const PASSWORD = "correct horse battery";
/** The key the API signs portal tokens with: derived from the configured secret for that purpose alone. */
const secret = () => new Uint8Array(keyBytes("token-signing"));
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
/** The session token of a sign-in that asked for no second factor. */
const tokenOf = (body: LoginAnswer) => {
  if (!("token" in body)) throw new Error("expected a session, not a second step");
  return body.token;
};
const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Signs `claims` as a portal token with the test key, as they are: times and session included. */
const resign = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret());

describeEachBackend("portal login, logout and token checks", (db) => {
  let userId = "";
  beforeAll(async () => {
    userId = await db.createStaff("foreman", PASSWORD);
  });

  const templates = (token: string) => call("GET", "/api/portal/templates", { token });

  it("issues an HS256 token for 12 hours, or 30 days with rememberMe", async () => {
    // exp - ttl must fall between the second before and the second after each call (scrypt may be slow).
    const seconds = () => Math.floor(Date.now() / 1000);
    let before = seconds();
    const short = await call("POST", "/api/portal/login", {
      json: { username: "foreman", password: PASSWORD, rememberMe: false },
      ip: randomIp(),
    });
    const token = tokenOf(await answer(short, 200));
    const claims = claimsOf(token);
    expect(JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()).alg).toBe("HS256");
    expect(claims).toMatchObject({ sub: userId, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    const issuedShort = (claims.exp as number) - TOKEN_TTL_SECONDS.session;
    expect(issuedShort).toBeGreaterThanOrEqual(before);
    expect(issuedShort).toBeLessThanOrEqual(seconds());
    before = seconds();
    const long = await call("POST", "/api/portal/login", {
      json: { username: "FOREMAN", password: PASSWORD, rememberMe: true },
      ip: randomIp(),
    });
    const longExp = claimsOf(tokenOf(await answer(long, 200))).exp as number;
    expect(longExp - TOKEN_TTL_SECONDS.rememberMe).toBeGreaterThanOrEqual(before);
    expect(longExp - TOKEN_TTL_SECONDS.rememberMe).toBeLessThanOrEqual(seconds());
    expect((await templates(token)).status).toBe(200);
  });

  it("answers unknown users and wrong passwords identically, and audits both", async () => {
    const ip = randomIp();
    const wrong = await call("POST", "/api/portal/login", {
      json: { username: "foreman", password: "wrong password" },
      ip,
      headers: { "user-agent": "probe/1" },
    });
    const unknown = await call("POST", "/api/portal/login", {
      json: { username: "nobody", password: "wrong password" },
      ip,
      headers: { "user-agent": "probe/1" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toBe(await unknown.text());
    const rows = await db.query<{ username: string; ip: string; user_agent: string }>(
      "SELECT username, ip, user_agent FROM audit_log WHERE action = 'login.failure' AND ip = $1 ORDER BY id",
      [ip],
    );
    expect(rows).toEqual([
      { username: "foreman", ip, user_agent: "probe/1" },
      // A name that matches no account is often a mistyped password: kept only as a keyed hash.
      { username: unknownUsername("nobody"), ip, user_agent: "probe/1" },
    ]);
    expect(unknownUsername("nobody")).toMatch(/^unknown:[\w-]{16}$/);
    const ok = await call("POST", "/api/portal/login", { json: { username: "foreman", password: PASSWORD }, ip });
    expect(ok.status).toBe(200);
    const success = await db.query(
      "SELECT 1 FROM audit_log WHERE action = 'login.success' AND ip = $1 AND user_id = $2",
      [ip, userId],
    );
    expect(success).toHaveLength(1);
  });

  it.each([
    ["missing username", { password: PASSWORD }],
    ["empty password", { username: "foreman", password: "" }],
    ["password over 128 characters", { username: "foreman", password: "x".repeat(129) }],
    ["rememberMe not a boolean", { username: "foreman", password: PASSWORD, rememberMe: "yes" }],
  ])("400 for %s", async (_name, body) => {
    const res = await callUnchecked("POST", "/api/portal/login", { json: body, ip: randomIp() });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty("issues");
  });

  describe("forged tokens are refused with 401", () => {
    // A live session of the user, so each probe below fails for its own reason only.
    let sid = "";
    beforeAll(async () => {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO staff_sessions (user_id, remember, method, expires_at)
         VALUES ($1, false, 'password', now() + interval '1 hour') RETURNING id`,
        [userId],
      );
      sid = row!.id;
    });
    const sign = (build: (jwt: SignJWT) => SignJWT, key = secret()) =>
      build(
        new SignJWT({ sid })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(userId)
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE),
      ).sign(key);

    it("accepts a correctly signed control token (so the probes below can fail for the right reason)", async () => {
      const token = await new SignJWT({ sid })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setExpirationTime("1h")
        .sign(secret());
      expect((await templates(token)).status).toBe(200);
    });

    it.each([
      [
        "alg none",
        async () =>
          new UnsecuredJWT({ sid })
            .setSubject(userId)
            .setIssuer(TOKEN_ISSUER)
            .setAudience(TOKEN_AUDIENCE)
            .setExpirationTime("1h")
            .encode(),
      ],
      [
        "wrong key",
        () => sign((j) => j.setExpirationTime("1h"), new TextEncoder().encode("another-secret-of-at-least-32-bytes!!")),
      ],
      [
        "the configured secret itself (tokens are signed with a key derived from it)",
        () => sign((j) => j.setExpirationTime("1h"), new TextEncoder().encode(process.env.PORTAL_JWT_SECRET!)),
      ],
      [
        "the known-device tokens' key",
        () => sign((j) => j.setExpirationTime("1h"), new Uint8Array(keyBytes("device-tokens"))),
      ],
      ["no exp", () => sign((j) => j)],
      ["expired", () => sign((j) => j.setExpirationTime(Math.floor(Date.now() / 1000) - 60))],
      ["wrong audience", () => sign((j) => j.setAudience("someone-else").setExpirationTime("1h"))],
      ["wrong issuer", () => sign((j) => j.setIssuer("someone-else").setExpirationTime("1h"))],
      [
        "HS512 instead of HS256",
        () =>
          new SignJWT({ sid })
            .setProtectedHeader({ alg: "HS512" })
            .setSubject(userId)
            .setIssuer(TOKEN_ISSUER)
            .setAudience(TOKEN_AUDIENCE)
            .setExpirationTime("1h")
            .sign(secret()),
      ],
      ["garbage", async () => "not.a.token"],
    ])("%s", async (_name, make) => {
      const res = await templates(await make());
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    });

    it("a non-Bearer Authorization header", async () => {
      const res = await call("GET", "/api/portal/templates", { headers: { authorization: "Basic Zm9vOmJhcg==" } });
      expect(res.status).toBe(401);
    });
  });

  it("logout ends the caller's session only: the person's other sessions keep working", async () => {
    const first = await loginAs("foreman", PASSWORD);
    const second = await loginAs("foreman", PASSWORD);
    expect((await templates(first)).status).toBe(200);
    const out = await call("POST", "/api/portal/logout", { token: first });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    expect((await templates(first)).status).toBe(401);
    expect((await templates(second)).status).toBe(200);
    expect((await call("POST", "/api/portal/logout", { token: first })).status).toBe(401);
    const ended = await db.query<{ id: string }>(
      "SELECT id FROM staff_sessions WHERE id IN ($1, $2) AND ended_at IS NOT NULL",
      [claimsOf(first).sid, claimsOf(second).sid],
    );
    expect(ended).toEqual([{ id: claimsOf(first).sid }]);
    const [audited] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'logout' AND user_id = $1",
      [userId],
    );
    expect(audited!.n).toBe(1);
  });

  describe("sessions last their lifetime from their last use", () => {
    const signIn = async (rememberMe: boolean) => {
      const res = await call("POST", "/api/portal/login", {
        json: { username: "foreman", password: PASSWORD, rememberMe },
        ip: randomIp(),
      });
      return tokenOf(await answer(res, 200));
    };
    /**
     * Lets `seconds` pass for the session `token` names: its row's times and the token's own (re-signed with
     * the test key) move that far into the past, so its last use was that long ago.
     */
    const later = async (token: string, seconds: number) => {
      const claims = claimsOf(token);
      await db.query(
        `UPDATE staff_sessions
         SET created_at = created_at - make_interval(secs => $2), last_used_at = last_used_at - make_interval(secs => $2),
             expires_at = expires_at - make_interval(secs => $2)
         WHERE id = $1`,
        [claims.sid, seconds],
      );
      const moved = { ...claims, iat: (claims.iat as number) - seconds, exp: (claims.exp as number) - seconds };
      return resign(moved);
    };
    /** Uses the session: the answer's status and the renewed token it carries, if any. */
    const use = async (token: string) => {
      const res = await templates(token);
      return { status: res.status, renewed: res.headers.get(PORTAL_TOKEN_HEADER) };
    };

    it("a remembered session used every few days outlives 30 days from its sign-in, each use renewing its token", async () => {
      let token = await signIn(true);
      const sid = claimsOf(token).sid;
      // Used on days 6, 12, 18, 24 and 29, then on day 31: never 7 days apart.
      for (const days of [6, 6, 6, 6, 5, 2]) {
        token = await later(token, days * DAY);
        const before = nowSeconds();
        const { status, renewed } = await use(token);
        expect(status).toBe(200);
        expect(renewed).toMatch(/^ey/);
        const claims = claimsOf(renewed!);
        expect(claims).toMatchObject({ sid, sub: userId, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
        expect(claims.exp).toBeGreaterThanOrEqual(before + TOKEN_TTL_SECONDS.rememberMe);
        expect(claims.exp).toBeLessThanOrEqual(nowSeconds() + TOKEN_TTL_SECONDS.rememberMe);
        token = renewed!;
      }
      const [row] = await db.query<{ signedInBefore: boolean; endsAfter: boolean }>(
        `SELECT created_at < now() - interval '31 days' AS "signedInBefore",
                expires_at > now() + interval '29 days' AS "endsAfter"
         FROM staff_sessions WHERE id = $1`,
        [sid],
      );
      expect(row).toEqual({ signedInBefore: true, endsAfter: true });
      // The renewed token works; a session just renewed gets no new token until its next renewal is due.
      expect(await use(token)).toEqual({ status: 200, renewed: null });
    });

    it("any session unused for 7 days ends, even a remembered one whose token has 23 days left", async () => {
      const token = await later(await signIn(true), 7 * DAY + 1);
      expect(claimsOf(token).exp).toBeGreaterThan(nowSeconds() + 22 * DAY);
      expect((await use(token)).status).toBe(401);
    });

    it("a session without 'stay signed in' ends 12 hours after its last use, not after its sign-in", async () => {
      let token = await signIn(false);
      for (let i = 0; i < 2; i++) {
        token = await later(token, 11 * HOUR);
        const { status, renewed } = await use(token);
        expect(status).toBe(200);
        expect(claimsOf(renewed!).exp).toBeGreaterThanOrEqual(nowSeconds() - 1 + TOKEN_TTL_SECONDS.session);
        token = renewed!;
      }
      // 22 hours after the sign-in it still works; 12 hours after its last use it has ended.
      token = await later(token, 12 * HOUR + 1);
      expect((await use(token)).status).toBe(401);
      // The row itself has ended, not only the token: a token for it that has not expired is refused too.
      const unexpired = await resign({ ...claimsOf(token), exp: nowSeconds() + HOUR });
      expect((await use(unexpired)).status).toBe(401);
    });

    it("a token past its own expiry is refused while its session lives on", async () => {
      const token = await signIn(false);
      const claims = claimsOf(token);
      const expired = await resign({ ...claims, iat: nowSeconds() - 13 * HOUR, exp: nowSeconds() - 1 });
      expect((await use(expired)).status).toBe(401);
      expect((await use(token)).status).toBe(200);
    });

    it("a session that must set up a second factor gets its renewed token with the 403 too", async () => {
      const token = await later(await signIn(false), HOUR);
      await db.query("UPDATE staff_sessions SET must_enrol = true WHERE id = $1", [claimsOf(token).sid]);
      const res = await templates(token);
      expect(res.status).toBe(403);
      expect(claimsOf(res.headers.get(PORTAL_TOKEN_HEADER)!).sid).toBe(claimsOf(token).sid);
    });
  });

  it("disabling a user revokes its tokens and blocks login; a reset re-enables it", async () => {
    await db.createStaff("temp", PASSWORD);
    const token = await loginAs("temp", PASSWORD);
    expect((await templates(token)).status).toBe(200);
    {
      expect(await disableUser(db, "temp")).toBe(true);
      expect((await templates(token)).status).toBe(401);
      const res = await call("POST", "/api/portal/login", {
        json: { username: "temp", password: PASSWORD },
        ip: randomIp(),
      });
      expect(res.status).toBe(401);
      expect(await resetPassword(db, "temp", "a brand new password")).toBe(true);
    }
    expect((await templates(await loginAs("temp", "a brand new password"))).status).toBe(200);
  });

  it(`429 with Retry-After after ${LOGIN_RATE_LIMIT.perUsernameAndAddress} failures for one username from one address, even with the right password; not elsewhere`, async () => {
    await db.createStaff("target", PASSWORD);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_RATE_LIMIT.perUsernameAndAddress; i++) {
      const res = await call("POST", "/api/portal/login", { json: { username: "target", password: `guess ${i}` }, ip });
      expect(res.status).toBe(401);
    }
    const blocked = await call("POST", "/api/portal/login", { json: { username: "target", password: PASSWORD }, ip });
    expect(blocked.status).toBe(429);
    const retry = Number(blocked.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(LOGIN_RATE_LIMIT.windowSeconds);
    // The same username from another address, and another username from this one, are unaffected.
    expect(
      (await call("POST", "/api/portal/login", { json: { username: "target", password: PASSWORD }, ip: randomIp() }))
        .status,
    ).toBe(200);
    expect(
      (await call("POST", "/api/portal/login", { json: { username: "foreman", password: PASSWORD }, ip })).status,
    ).toBe(200);
  });

  it(`429 after ${LOGIN_RATE_LIMIT.perAddress} attempts from one address across usernames`, async () => {
    const ip = randomIp();
    // Attempts are recorded straight into the counter: 50 scrypt rounds would only slow the test.
    await db.query(
      "INSERT INTO rate_limits (bucket, key, hits) SELECT $1, $2, array_agg(now() - make_interval(secs => i)) FROM generate_series($3::int, 1, -1) i",
      [LOGIN_BUCKETS.address, ip, LOGIN_RATE_LIMIT.perAddress - 1],
    );
    expect(
      (await call("POST", "/api/portal/login", { json: { username: "someone", password: "wrong password" }, ip }))
        .status,
    ).toBe(401);
    const blocked = await call("POST", "/api/portal/login", { json: { username: "foreman", password: PASSWORD }, ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      (await call("POST", "/api/portal/login", { json: { username: "foreman", password: PASSWORD }, ip: randomIp() }))
        .status,
    ).toBe(200);
  });

  it("attempts older than the window no longer count", async () => {
    await db.createStaff("patient", PASSWORD);
    await db.query(
      `INSERT INTO rate_limits (bucket, key, hits)
       SELECT $1, 'patient', array_agg(now() - make_interval(secs => $2 + i)) FROM generate_series($3::int, 1, -1) i`,
      [LOGIN_BUCKETS.username, LOGIN_RATE_LIMIT.windowSeconds + 1, LOGIN_RATE_LIMIT.perUsername + 10],
    );
    expect(
      (await call("POST", "/api/portal/login", { json: { username: "patient", password: PASSWORD }, ip: randomIp() }))
        .status,
    ).toBe(200);
  });

  it("405 with Allow for GET on login and logout", async () => {
    for (const path of ["/api/portal/login", "/api/portal/logout"]) {
      const res = await callUnchecked("GET", path);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
  });

  it("415 for a form-encoded login and 400 for malformed JSON", async () => {
    expect(
      (
        await callUnchecked("POST", "/api/portal/login", {
          raw: "username=a&password=b",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await callUnchecked("POST", "/api/portal/login", {
          raw: '{"username":',
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);
  });
});
