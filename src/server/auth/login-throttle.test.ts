import { afterEach, expect, it, vi } from "vitest";
import { LOGIN_RATE_LIMIT, MIN_JWT_SECRET_BYTES, PORTAL_AUTH_UNCONFIGURED } from "~/server/config";
import { LOGIN_BUCKETS, loginLimits, usernameKey } from "~/server/auth/login-throttle";
import { addressKey } from "~/server/client-address";
import { resetEnv } from "~/server/env";
import { answer, call, describeEachBackend, randomIp, type TestDb } from "../../../test/api";

const PASSWORD = "correct horse battery";
const { perUsername, perUsernameAndAddress, perAddress, backoffMaxSeconds } = LOGIN_RATE_LIMIT;

const attempt = (username: string, password: string, ip: string, headers?: Record<string, string>) =>
  call("POST", "/api/portal/login", { json: { username, password }, ip, headers });

/** How many responses had each status, e.g. { 401: 5, 429: 25 }. */
const tally = (responses: Response[]) =>
  responses.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});

const retryAfter = (res: Response) => Number(res.headers.get("retry-after"));

/** `n` different random documentation-range addresses. */
function distinctIps(n: number): string[] {
  const ips = new Set<string>();
  while (ips.size < n) ips.add(randomIp());
  return [...ips];
}

/** Writes `count` hits a second apart into a bucket, the newest `newestAgo` s old (scrypt per hit would be slow). */
const fill = (db: TestDb, bucket: string, key: string, count: number, newestAgo = 0) =>
  db.query(
    `INSERT INTO rate_limits (bucket, key, hits)
     SELECT $1, $2, array_agg(now() - make_interval(secs => $4::int + i) ORDER BY i DESC)
     FROM generate_series(0, $3::int - 1) i
     ON CONFLICT (bucket, key) DO UPDATE SET hits = excluded.hits`,
    [bucket, key, count, newestAgo],
  );

const hitsOf = async (db: TestDb, bucket: string, key: string) =>
  (
    await db.query<{ n: number }>("SELECT cardinality(hits) AS n FROM rate_limits WHERE bucket = $1 AND key = $2", [
      bucket,
      key,
    ])
  )[0]?.n ?? 0;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describeEachBackend("login throttling", (db) => {
  const savedEnv = { ...process.env };
  afterEach(() => {
    process.env = { ...savedEnv };
    resetEnv();
    vi.restoreAllMocks();
  });

  it(`30 parallel wrong passwords for one username from one address: exactly ${perUsernameAndAddress} are checked`, async () => {
    await db.createStaff("parallel", PASSWORD);
    const ip = randomIp();
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt("parallel", `guess ${i}`, ip)));
    expect(tally(responses)).toEqual({ 401: perUsernameAndAddress, 429: 30 - perUsernameAndAddress });
    for (const res of responses.filter((r) => r.status === 429)) {
      expect(retryAfter(res)).toBeGreaterThan(0);
      expect(retryAfter(res)).toBeLessThanOrEqual(LOGIN_RATE_LIMIT.windowSeconds);
    }
    const audited = await db.query<{ action: string; n: number }>(
      "SELECT action, sum(count)::int AS n FROM audit_log WHERE ip = $1 GROUP BY action ORDER BY action",
      [ip],
    );
    expect(audited).toEqual([
      { action: "login.failure", n: perUsernameAndAddress },
      { action: "login.throttled", n: 30 - perUsernameAndAddress },
    ]);
    // The refused 25 left no hit behind in the other buckets: their transactions rolled back.
    expect(await hitsOf(db, LOGIN_BUCKETS.username, usernameKey("parallel"))).toBe(perUsernameAndAddress);
    expect(await hitsOf(db, LOGIN_BUCKETS.address, addressKey(ip)!)).toBe(perUsernameAndAddress);
  });

  it("30 parallel wrong passwords for one username from 30 addresses: the username-wide limit holds", async () => {
    await db.createStaff("spread", PASSWORD);
    const started = performance.now();
    const responses = await Promise.all(distinctIps(30).map((ip, i) => attempt("spread", `guess ${i}`, ip)));
    const seconds = (performance.now() - started) / 1000;
    const { 401: checked = 0, 429: refused = 0 } = tally(responses);
    expect(checked + refused).toBe(30);
    // Past the limit the back-off admits one more after 1 s, 3 s, 7 s... of the whole run: on a
    // fast machine none at all.
    expect(checked).toBeGreaterThanOrEqual(perUsername);
    expect(checked).toBeLessThanOrEqual(perUsername + Math.floor(Math.log2(seconds + 1)));
    for (const res of responses.filter((r) => r.status === 429)) {
      expect(retryAfter(res)).toBeGreaterThan(0);
      expect(retryAfter(res)).toBeLessThanOrEqual(backoffMaxSeconds);
    }
  });

  it("past the username-wide limit, an attempt is admitted once the back-off since the newest has passed", async () => {
    // The limit is full and its newest attempt 2 s old: the first back-off (1 s) is over.
    await fill(db, LOGIN_BUCKETS.username, usernameKey("slowed"), perUsername, 2);
    expect((await attempt("slowed", "guess", randomIp())).status).toBe(401);
  });

  it.each([
    [0, 1],
    [1, 2],
    [2, 4],
    [5, 32],
    [200, backoffMaxSeconds],
  ])("%i attempts past the username-wide limit: the next waits %i s (doubling, capped)", async (extra, wait) => {
    const username = `backoff-${extra}`;
    await fill(db, LOGIN_BUCKETS.username, usernameKey(username), perUsername + extra);
    const refused = await attempt(username, "guess", randomIp());
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBe(wait);
  });

  it("the owner signs in from a known address while the name is hammered from others; a new address waits briefly", async () => {
    await db.createStaff("owner", PASSWORD);
    expect((await attempt("owner", PASSWORD, "2001:db8:77:1::10")).status).toBe(200);
    expect(await db.query("SELECT address FROM login_known_addresses")).toContainEqual({
      address: "2001:db8:77:1::/64",
    });
    await fill(db, LOGIN_BUCKETS.username, usernameKey("owner"), perUsername + 5);
    const attack = await Promise.all(distinctIps(10).map((ip) => attempt("owner", "guess", ip)));
    expect(tally(attack)).toEqual({ 429: 10 });
    // Another address of the same /64 is the same known address.
    expect((await attempt("owner", PASSWORD, "2001:db8:77:1::abcd")).status).toBe(200);
    const away = await attempt("owner", PASSWORD, randomIp());
    expect(away.status).toBe(429);
    expect(retryAfter(away)).toBeGreaterThan(0);
    expect(retryAfter(away)).toBeLessThanOrEqual(backoffMaxSeconds);
  });

  it("a success clears its (username, address) pair and gives back the hits it took", async () => {
    await db.createStaff("refund", PASSWORD);
    const ip = randomIp();
    for (let i = 0; i < 2; i++) expect((await attempt("refund", `guess ${i}`, ip)).status).toBe(401);
    const [pair] = loginLimits({ username: "refund", address: addressKey(ip), knownAddress: false });
    expect(await hitsOf(db, pair!.bucket, pair!.key)).toBe(2);
    expect((await attempt("refund", PASSWORD, ip)).status).toBe(200);
    expect(await hitsOf(db, pair!.bucket, pair!.key)).toBe(0);
    expect(await hitsOf(db, LOGIN_BUCKETS.username, usernameKey("refund"))).toBe(2);
    expect(await hitsOf(db, LOGIN_BUCKETS.address, addressKey(ip)!)).toBe(2);
  });

  it(`${perAddress} attempts from one address across usernames, then 429 there only`, async () => {
    const ip = randomIp();
    await fill(db, LOGIN_BUCKETS.address, addressKey(ip)!, perAddress - 1);
    expect((await attempt("stuffed-1", "password1", ip)).status).toBe(401);
    const refused = await attempt("stuffed-2", "password2", ip);
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect((await attempt("stuffed-2", "password2", randomIp())).status).toBe(401);
  });

  it("IPv6 addresses of one /64 share a bucket; the next /64 has its own", async () => {
    await db.createStaff("six", PASSWORD);
    const sameNet = Array.from({ length: perUsernameAndAddress }, (_, i) => `2001:db8:6:1:${i + 1}::${i + 7}`);
    const first = await Promise.all(sameNet.map((ip, i) => attempt("six", `guess ${i}`, ip)));
    expect(tally(first)).toEqual({ 401: perUsernameAndAddress });
    expect((await attempt("six", PASSWORD, "2001:db8:6:1:ffff:ffff:ffff:fffe")).status).toBe(429);
    expect((await attempt("six", PASSWORD, "2001:db8:6:2::1")).status).toBe(200);
  });

  it("X-Forwarded-For is ignored without TRUST_PROXY_HEADERS and honoured with it", async () => {
    delete process.env.TRUST_PROXY_HEADERS;
    resetEnv();
    const ip = randomIp();
    for (const forwarded of ["192.0.2.10", "192.0.2.11"])
      expect((await attempt("forwarded", "guess", ip, { "x-forwarded-for": forwarded })).status).toBe(401);
    expect(await hitsOf(db, LOGIN_BUCKETS.address, ip)).toBe(2);
    expect(await hitsOf(db, LOGIN_BUCKETS.address, "192.0.2.10")).toBe(0);

    process.env.TRUST_PROXY_HEADERS = "1";
    resetEnv();
    const proxy = randomIp();
    for (const forwarded of ["192.0.2.20", "10.0.0.1, 192.0.2.21"])
      expect((await attempt("forwarded", "guess", proxy, { "x-forwarded-for": forwarded })).status).toBe(401);
    expect(await hitsOf(db, LOGIN_BUCKETS.address, "192.0.2.20")).toBe(1);
    expect(await hitsOf(db, LOGIN_BUCKETS.address, "192.0.2.21")).toBe(1);
    expect(await hitsOf(db, LOGIN_BUCKETS.address, proxy)).toBe(0);
    const audited = await db.query<{ ip: string }>(
      "SELECT ip FROM audit_log WHERE ip IN ('192.0.2.20', '192.0.2.21') AND action = 'login.failure' ORDER BY id DESC LIMIT 2",
    );
    expect(audited.map((r) => r.ip).sort()).toEqual(["192.0.2.20", "192.0.2.21"]);
  });

  it("requests without an address do not share a bucket: only their username-wide limits apply", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM rate_limits");
    await fill(db, LOGIN_BUCKETS.username, usernameKey("lost-a"), perUsername);
    expect((await attempt("lost-a", "guess", "")).status).toBe(429);
    expect((await attempt("lost-b", "guess", "")).status).toBe(401);
    // lost-a's row and lost-b's, nothing keyed by a missing address.
    const after = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM rate_limits");
    expect(after[0]!.n - before[0]!.n).toBe(2);
    expect(await hitsOf(db, LOGIN_BUCKETS.username, usernameKey("lost-b"))).toBe(1);
    // Once per instance: this module state may already have warned in an earlier run.
    expect(warn.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it("unknown usernames take as long as wrong passwords, from a fresh instance", async () => {
    await db.createStaff("timed", PASSWORD);
    const handle = db;
    {
      // A fresh module graph, as a cold function instance has: no dummy hash computed yet. Its hashes cost
      // N = 2^14 (about 50 ms here), not the suites' 2^10 (test/fast-password-hashing.ts): at a millisecond a
      // hash is lost in a login's other work, and a path without one would pass unseen.
      vi.resetModules();
      vi.doMock("~/server/config", async (importOriginal) => {
        const config = await importOriginal<typeof import("~/server/config")>();
        return { ...config, SCRYPT_PARAMS: { ...config.SCRYPT_PARAMS, N: 2 ** 14 } };
      });
      const { hashPassword } = await import("~/server/auth/password");
      await db.query("UPDATE staff_users SET password_hash = $1 WHERE username = $2", [
        await hashPassword(PASSWORD),
        "timed",
      ]);
      const { verifyLogin } = await import("~/server/auth/commands/password-sign-in");
      const time = async (username: string) => {
        const started = performance.now();
        const input = { username, password: "wrong password", rememberMe: false };
        await expect(verifyLogin(handle, input, { ip: randomIp(), userAgent: null })).rejects.toMatchObject({
          status: 401,
        });
        return performance.now() - started;
      };
      // Seven of each, interleaved with the order alternating, so drift falls on both alike. This
      // box is shared and one scrypt takes 0.4 to 1.8 s under load, so a round that misses gets up
      // to two more: a real difference (no hash, or two) misses every round.
      const rounds: Array<{ unknown: number; wrong: number; spread: number }> = [];
      for (let round = 0; round < 3; round++) {
        // A fresh username-wide budget per round: 21 failures would meet the back-off.
        await db.query("DELETE FROM rate_limits WHERE bucket = $1 AND key = $2", [
          LOGIN_BUCKETS.username,
          usernameKey("timed"),
        ]);
        const unknown: number[] = [];
        const wrong: number[] = [];
        for (let i = 0; i < 7; i++) {
          const ghost = `ghost-${round}-${i}`;
          for (const name of i % 2 === 0 ? [ghost, "timed"] : ["timed", ghost])
            (name === "timed" ? wrong : unknown).push(await time(name));
        }
        const [u, w] = [median(unknown), median(wrong)];
        rounds.push({ unknown: Math.round(u), wrong: Math.round(w), spread: Math.abs(u - w) / Math.max(u, w) });
        if (rounds.at(-1)!.spread <= 0.2) break;
      }
      expect(rounds.at(-1)!.spread, `medians per round: ${JSON.stringify(rounds)}`).toBeLessThanOrEqual(0.2);
    }
  });

  it.each([
    ["unset", undefined],
    ["too short", "s".repeat(MIN_JWT_SECRET_BYTES - 1)],
  ])("PORTAL_JWT_SECRET %s: login and staff endpoints answer 503, and nothing is written", async (_name, secret) => {
    const username = `unconfigured-${secret === undefined ? "unset" : "short"}`;
    await db.createStaff(username, PASSWORD);
    const ip = randomIp();
    const signedIn = await answer(await attempt(username, PASSWORD, ip), 200);
    if (!("token" in signedIn)) throw new Error("expected a session, not a second step");
    const { token } = signedIn;
    const [pair] = loginLimits({ username, address: addressKey(ip), knownAddress: false });
    await fill(db, pair!.bucket, pair!.key, 2);
    const snapshot = () =>
      db.query(
        `SELECT (SELECT count(*)::int FROM audit_log) AS audit,
           (SELECT json_agg(json_build_array(bucket, key, cardinality(hits)) ORDER BY bucket, key)::text FROM rate_limits) AS limits,
           (SELECT count(*)::int FROM login_known_addresses) AS known`,
      );
    const before = await snapshot();

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    if (secret === undefined) delete process.env.PORTAL_JWT_SECRET;
    else process.env.PORTAL_JWT_SECRET = secret;
    resetEnv();
    for (const password of [PASSWORD, "wrong password"]) {
      const res = await attempt(username, password, ip);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: PORTAL_AUTH_UNCONFIGURED, code: "unavailable" });
    }
    const staff = await call("GET", "/api/portal/templates", { token });
    expect(staff.status).toBe(503);
    expect(await staff.json()).toEqual({ error: PORTAL_AUTH_UNCONFIGURED, code: "unavailable" });
    expect(await snapshot()).toEqual(before);
    // Said once per instance, naming the variable (an earlier case may have said it already).
    for (const [message] of logged.mock.calls) expect(String(message)).toMatch(/PORTAL_JWT_SECRET/);
  });
});
