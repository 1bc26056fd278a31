import { SignJWT, UnsecuredJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { LOGIN_RATE_LIMIT, TOKEN_AUDIENCE, TOKEN_ISSUER } from "~/server/config";
import { TOKEN_TTL_SECONDS } from "~/schemas/limits";
import { LOGIN_BUCKETS } from "~/server/auth/login-throttle";
import { disableUser, resetPassword } from "~/server/auth/users";
import { unknownUsername } from "~/server/auth/login";
import { call, describeEachBackend, loginAs, randomIp } from "../../../test/api";

const PASSWORD = "correct horse battery";
const secret = () => new TextEncoder().encode(process.env.PORTAL_JWT_SECRET!);
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

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
    expect(short.status).toBe(200);
    const { token } = (await short.json()) as { token: string };
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
    expect(long.status).toBe(200);
    const longExp = claimsOf(((await long.json()) as { token: string }).token).exp as number;
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
    // Refused attempts are counted (one row per day, kind and address), never a row each.
    const rows = await db.query<{ attempts: number; usernames: string[] }>(
      "SELECT attempts, usernames FROM login_refusals WHERE action = 'login.failure' AND ip = $1",
      [ip],
    );
    expect(rows).toEqual([
      // A name that matches no account is often a mistyped password: kept only as a keyed hash.
      { attempts: 2, usernames: ["foreman", unknownUsername("nobody")] },
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
    const res = await call("POST", "/api/portal/login", { json: body, ip: randomIp() });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty("issues");
  });

  describe("forged tokens are refused with 401", () => {
    const sign = (build: (jwt: SignJWT) => SignJWT, key = secret()) =>
      build(
        new SignJWT({ ver: 0 })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(userId)
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE),
      ).sign(key);

    it("accepts a correctly signed control token (so the probes below can fail for the right reason)", async () => {
      const version = (
        await db.query<{ v: number }>("SELECT token_version AS v FROM staff_users WHERE id = $1", [userId])
      )[0]!.v;
      const token = await new SignJWT({ ver: version })
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
          new UnsecuredJWT({ ver: 0 })
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
      ["no exp", () => sign((j) => j)],
      ["expired", () => sign((j) => j.setExpirationTime(Math.floor(Date.now() / 1000) - 60))],
      ["wrong audience", () => sign((j) => j.setAudience("someone-else").setExpirationTime("1h"))],
      ["wrong issuer", () => sign((j) => j.setIssuer("someone-else").setExpirationTime("1h"))],
      [
        "HS512 instead of HS256",
        () =>
          new SignJWT({ ver: 0 })
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

  it("logout revokes the caller's earlier tokens", async () => {
    const first = await loginAs("foreman", PASSWORD);
    const second = await loginAs("foreman", PASSWORD);
    expect((await templates(first)).status).toBe(200);
    const out = await call("POST", "/api/portal/logout", { token: first });
    expect(out.status).toBe(200);
    expect((await templates(first)).status).toBe(401);
    expect((await templates(second)).status).toBe(401);
    expect((await call("POST", "/api/portal/logout", { token: first })).status).toBe(401);
    expect((await templates(await loginAs("foreman", PASSWORD))).status).toBe(200);
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
      const res = await call("GET", path);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
  });

  it("415 for a form-encoded login and 400 for malformed JSON", async () => {
    expect(
      (
        await call("POST", "/api/portal/login", {
          raw: "username=a&password=b",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await call("POST", "/api/portal/login", {
          raw: '{"username":',
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);
  });
});
