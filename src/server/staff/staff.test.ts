import { createHash } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { LOGIN_RATE_LIMIT, PASSWORD_FAILURE_STOP } from "~/server/config";
import { LOGIN_BUCKETS, usernameKey } from "~/server/auth/login-throttle";
import { LAST_ADMIN_MESSAGE } from "./commands";
import type { Invitation } from "~/schemas/staff-accounts";
import { sampleElements, sampleFormData, sampleGlobalSettings } from "../../../test/fixtures/signature";
import { call, confirmed, describeEachBackend, loginAs, randomIp, type JsonOf, answer } from "../../../test/api";

const PASSWORD = "correct horse battery";
/** Strong enough for the portal's rule (12+ characters, estimator score 3+). */
const STRONG = "Granite ladder orbit 42";

const login = (username: string, password: string, extra: Record<string, unknown> = {}, ip = randomIp()) =>
  call("POST", "/api/portal/login", { json: { username, password, ...extra }, ip });
/** Signs in where no second factor is asked for, and answers the session's token and known-device token. */
const signIn = async (username: string, password: string) => {
  const body = await answer(await login(username, password), 200);
  if (!("deviceToken" in body)) throw new Error(`${username} was asked for a second factor`);
  return body;
};
const secretOf = (invitation: Invitation) => invitation.link.split("#")[1]!;
const session = (token: string) => call("GET", "/api/portal/session", { token });

describeEachBackend("staff accounts", (db) => {
  let admin = "";
  let adminId = "";
  beforeAll(async () => {
    adminId = await db.createStaff("boss", PASSWORD);
    // Confirmed (sudo mode): role changes, resets, disabling and password changes need it.
    admin = await confirmed(await loginAs("boss", PASSWORD), PASSWORD);
  });

  /** Invites `username` through the API as the admin and returns the invitation. */
  const invite = async (username: string, role: "admin" | "staff" = "staff") => {
    const res = await call("POST", "/api/portal/staff", {
      token: admin,
      json: { displayName: `${username} Person`, username, role },
    });
    return await answer(res, 201);
  };
  /** Invites `username` and accepts the link with `STRONG`; returns the account id and a session token. */
  const member = async (username: string, role: "admin" | "staff" = "staff") => {
    const invitation = await invite(username, role);
    const res = await call("POST", "/api/portal/invitation/accept", {
      json: { token: secretOf(invitation), password: STRONG },
    });
    const token = (await answer(res, 200)).token;
    return { id: invitation.account.id, token: await confirmed(token, STRONG) };
  };

  it("the first account is an admin; admin routes answer 401 without a token and 403 to staff", async () => {
    expect(await db.query("SELECT role FROM staff_users WHERE id = $1", [adminId])).toEqual([{ role: "admin" }]);
    const { id, token: staff } = await member("routes-staff");
    const routes: [string, (token?: string) => Promise<Response>][] = [
      ["GET /api/portal/staff", (token) => call("GET", "/api/portal/staff", { token })],
      [
        "POST /api/portal/staff",
        (token) =>
          call("POST", "/api/portal/staff", { token, json: { displayName: "X", username: "x-person", role: "staff" } }),
      ],
      [
        "PATCH /api/portal/staff/:id",
        (token) => call("PATCH", "/api/portal/staff/:id", { param: { id }, token, json: { role: "admin" } }),
      ],
      [
        "POST /api/portal/staff/:id/reset",
        (token) => call("POST", "/api/portal/staff/:id/reset", { param: { id }, token }),
      ],
      ["GET /api/portal/settings", (token) => call("GET", "/api/portal/settings", { token })],
      [
        "PUT /api/portal/settings",
        (token) => call("PUT", "/api/portal/settings", { token, json: { requireSecondFactor: true } }),
      ],
      ["GET /api/portal/activity", (token) => call("GET", "/api/portal/activity", { token })],
      ["GET /api/portal/activity.csv", (token) => call("GET", "/api/portal/activity.csv", { token })],
    ];
    for (const [route, send] of routes) {
      expect((await send()).status, route).toBe(401);
      expect((await send(staff)).status, route).toBe(403);
    }
    expect((await call("GET", "/api/portal/staff", { token: admin })).status).toBe(200);
  });

  it("an invitation is stored hashed, works once, and its link then shows a clear 410", async () => {
    const invitation = await invite("newcomer");
    expect(invitation.account).toMatchObject({ username: "newcomer", role: "staff", status: "invited" });
    const secret = secretOf(invitation);
    expect(invitation.link).toMatch(/^\/portal\/invitation#[\w-]{43}$/);
    const rows = await db.query<{ token_hash: string }>("SELECT token_hash FROM staff_invitations WHERE user_id = $1", [
      invitation.account.id,
    ]);
    expect(rows).toEqual([{ token_hash: createHash("sha256").update(secret).digest("hex") }]);
    expect(JSON.stringify(await db.query("SELECT * FROM staff_invitations"))).not.toContain(secret);
    const expiresIn = new Date(invitation.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(71.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(72 * 3600_000);

    const info = await call("POST", "/api/portal/invitation", { json: { token: secret } });
    expect(await info.json()).toEqual({ username: "newcomer", displayName: "newcomer Person" });
    // An invited account has no password: nothing signs in with one.
    expect((await login("newcomer", STRONG)).status).toBe(401);
    const accept = (password: string) =>
      call("POST", "/api/portal/invitation/accept", { json: { token: secret, password } });
    expect((await accept("short")).status).toBe(400);
    const first = await accept(STRONG);
    const { token, deviceToken } = await answer(first, 200);
    expect(deviceToken).toBeTruthy();
    expect((await session(token)).status).toBe(200);
    const again = await accept("Another strong passphrase 77");
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({
      error: "This link has already been used. Ask an admin for a new one.",
      code: "gone",
    });
    expect((await call("POST", "/api/portal/invitation", { json: { token: secret } })).status).toBe(410);
    expect((await call("POST", "/api/portal/invitation", { json: { token: "made-up" } })).status).toBe(410);
    expect((await login("newcomer", STRONG)).status).toBe(200);
  });

  it("an expired invitation is refused with 410", async () => {
    const invitation = await invite("latecomer");
    await db.query("UPDATE staff_invitations SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      invitation.account.id,
    ]);
    const res = await call("POST", "/api/portal/invitation/accept", {
      json: { token: secretOf(invitation), password: STRONG },
    });
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({ error: "This link has expired. Ask an admin for a new one.", code: "gone" });
  });

  it("new passwords need 12 characters and a guess-resistant choice, names included, on the server", async () => {
    const { token } = await member("weakling");
    const change = (newPassword: string) =>
      call("POST", "/api/portal/account/password", { token, json: { currentPassword: STRONG, newPassword } });
    for (const weak of ["password1234", "Anchor Line Construction", "weakling Person 1", "qwertyuiopasdf"]) {
      const res = await change(weak);
      expect((await answer(res, 400)).issues?.[0]!.code, weak).toBe("too_weak");
    }
    expect((await change("Short 1!")).status).toBe(400);
    const wrongCurrent = await call("POST", "/api/portal/account/password", {
      token,
      json: { currentPassword: "not my password", newPassword: "Velvet cactus harbor 93" },
    });
    expect(wrongCurrent.status).toBe(400);
    expect((await change("Velvet cactus harbor 93")).status).toBe(200);
    expect((await login("weakling", "Velvet cactus harbor 93")).status).toBe(200);
  });

  it("a password change keeps this session and ends the others", async () => {
    const { token } = await member("changer");
    const other = await loginAs("changer", STRONG);
    const res = await call("POST", "/api/portal/account/password", {
      token,
      json: { currentPassword: STRONG, newPassword: "Maple rocket lantern 18" },
    });
    expect(res.status).toBe(200);
    expect((await session(token)).status).toBe(200);
    expect((await session(other)).status).toBe(401);
  });

  it("reset ends every session and the old password at once, and gives a new single-use link", async () => {
    const { id, token } = await member("resetme");
    const second = await loginAs("resetme", STRONG);
    const res = await call("POST", "/api/portal/staff/:id/reset", { param: { id }, token: admin });
    const invitation = await answer(res, 200);
    expect(invitation.account.status).toBe("invited");
    expect((await session(token)).status).toBe(401);
    expect((await session(second)).status).toBe(401);
    expect((await login("resetme", STRONG)).status).toBe(401);
    // A second reset makes the first link useless.
    const newer = await answer(await call("POST", "/api/portal/staff/:id/reset", { param: { id }, token: admin }), 200);
    const accept = (link: Invitation) =>
      call("POST", "/api/portal/invitation/accept", { json: { token: secretOf(link), password: STRONG } });
    expect((await accept(invitation)).status).toBe(410);
    expect((await accept(newer)).status).toBe(200);
  });

  it("disable ends sessions at once and refuses sign-in; enable lets the person back", async () => {
    const { id, token } = await member("leaver");
    const patch = (json: JsonOf<"PATCH", "/api/portal/staff/:id">) =>
      call("PATCH", "/api/portal/staff/:id", { param: { id }, token: admin, json });
    const disabled = await patch({ disabled: true });
    expect((await answer(disabled, 200)).status).toBe("disabled");
    expect((await session(token)).status).toBe(401);
    expect((await login("leaver", STRONG)).status).toBe(401);
    expect((await answer(await patch({ disabled: false }), 200)).status).toBe("active");
    expect((await login("leaver", STRONG)).status).toBe(200);
  });

  it("the last active admin can be neither demoted nor disabled; with a second admin either can go", async () => {
    const self = (json: JsonOf<"PATCH", "/api/portal/staff/:id">) =>
      call("PATCH", "/api/portal/staff/:id", { param: { id: adminId }, token: admin, json });
    const [{ n }] = (await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_users WHERE role = 'admin' AND disabled_at IS NULL",
    )) as [{ n: number }];
    expect(n).toBe(1);
    for (const change of [{ role: "staff" }, { disabled: true }] as const) {
      const res = await self(change);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: LAST_ADMIN_MESSAGE, code: "conflict" });
    }
    const deputy = await member("deputy", "admin");
    const demote = await call("PATCH", "/api/portal/staff/:id", {
      param: { id: deputy.id },
      token: admin,
      json: { role: "staff" },
    });
    expect((await answer(demote, 200)).role).toBe("staff");
    // A demoted admin is a staff member from their very next request.
    expect((await call("GET", "/api/portal/staff", { token: deputy.token })).status).toBe(403);
    const promote = await call("PATCH", "/api/portal/staff/:id", {
      param: { id: deputy.id },
      token: admin,
      json: { role: "admin" },
    });
    expect(promote.status).toBe(200);
    expect((await call("GET", "/api/portal/staff", { token: deputy.token })).status).toBe(200);
    // Now the deputy may demote the first admin, and then is the last one.
    expect(
      (
        await call("PATCH", "/api/portal/staff/:id", {
          param: { id: adminId },
          token: deputy.token,
          json: { role: "staff" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("PATCH", "/api/portal/staff/:id", {
          param: { id: deputy.id },
          token: deputy.token,
          json: { disabled: true },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call("PATCH", "/api/portal/staff/:id", {
          param: { id: adminId },
          token: deputy.token,
          json: { role: "admin" },
        })
      ).status,
    ).toBe(200);
  });

  it("an invited admin who never accepted does not count as an admin: the last one who signed in stays one", async () => {
    // Only the first admin can sign in: any other admin an earlier test made is disabled.
    await db.query("UPDATE staff_users SET disabled_at = now() WHERE role = 'admin' AND id <> $1", [adminId]);
    const pending = await invite("pending-admin", "admin");
    expect(pending.account).toMatchObject({ role: "admin", status: "invited" });
    const self = (json: JsonOf<"PATCH", "/api/portal/staff/:id">) =>
      call("PATCH", "/api/portal/staff/:id", { param: { id: adminId }, token: admin, json });
    for (const change of [{ role: "staff" }, { disabled: true }] as const) {
      const res = await self(change);
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(await res.json()).toEqual({ error: LAST_ADMIN_MESSAGE, code: "conflict" });
    }
    expect(await db.query("SELECT role, disabled_at FROM staff_users WHERE id = $1", [adminId])).toEqual([
      { role: "admin", disabled_at: null },
    ]);
    // The invited admin can still be demoted or disabled: the one who can sign in remains.
    const demoted = await call("PATCH", "/api/portal/staff/:id", {
      param: { id: pending.account.id },
      token: admin,
      json: { disabled: true },
    });
    expect(demoted.status).toBe(200);
    // Once a second admin has accepted their link, the first may step down.
    const accepted = await member("accepted-admin", "admin");
    expect((await self({ role: "staff" })).status).toBe(200);
    expect(
      (
        await call("PATCH", "/api/portal/staff/:id", {
          param: { id: adminId },
          token: accepted.token,
          json: { role: "admin" },
        })
      ).status,
    ).toBe(200);
  });

  it(`${PASSWORD_FAILURE_STOP} wrong passwords since the last success stop passwords until an admin enables the account`, async () => {
    const { id } = await member("hammered");
    await db.query("UPDATE staff_users SET failed_logins = $2 - 1 WHERE id = $1", [id, PASSWORD_FAILURE_STOP]);
    expect((await login("hammered", "a wrong guess")).status).toBe(401);
    // The right password is refused now, with the same answer as a wrong one.
    const refused = await login("hammered", STRONG);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Invalid username or password", code: "invalid_credentials" });
    const listed = await answer(await call("GET", "/api/portal/staff", { token: admin }), 200);
    expect(listed.find((a) => a.id === id)).toMatchObject({ passwordLocked: true, status: "active" });
    expect(
      (await call("PATCH", "/api/portal/staff/:id", { param: { id }, token: admin, json: { disabled: false } })).status,
    ).toBe(200);
    expect((await login("hammered", STRONG)).status).toBe(200);
    expect(await db.query("SELECT failed_logins FROM staff_users WHERE id = $1", [id])).toEqual([{ failed_logins: 0 }]);
  });

  it("a success clears the failure count: only failures since the last success count", async () => {
    const { id } = await member("forgetful");
    expect((await login("forgetful", "a wrong guess")).status).toBe(401);
    expect(await db.query("SELECT failed_logins FROM staff_users WHERE id = $1", [id])).toEqual([{ failed_logins: 1 }]);
    expect((await login("forgetful", STRONG)).status).toBe(200);
    expect(await db.query("SELECT failed_logins FROM staff_users WHERE id = $1", [id])).toEqual([{ failed_logins: 0 }]);
  });

  it("the owner's known-device token skips the per-name back-off; nobody else's does", async () => {
    await member("owner2");
    const { deviceToken } = await signIn("owner2", STRONG);
    const { deviceToken: othersDevice } = await signIn("boss", PASSWORD);
    // The name is under attack: its username-wide limit is full and backing off.
    await db.query(
      `INSERT INTO rate_limits (bucket, key, hits) SELECT $1, $2, array_agg(now() - make_interval(secs => i))
       FROM generate_series(0, $3::int - 1) i ON CONFLICT (bucket, key) DO UPDATE SET hits = excluded.hits`,
      [LOGIN_BUCKETS.username, usernameKey("owner2"), LOGIN_RATE_LIMIT.perUsername + 10],
    );
    expect((await login("owner2", STRONG)).status).toBe(429);
    expect((await login("owner2", STRONG, { deviceToken: othersDevice })).status).toBe(429);
    expect((await login("owner2", STRONG, { deviceToken: "forged.device.token" })).status).toBe(429);
    expect((await login("owner2", STRONG, { deviceToken })).status).toBe(200);
  });

  it("throttle keys hold a keyed hash of the typed name, and refused attempts are counted in one row", async () => {
    const typed = "MySecretPassw0rd!";
    const ip = randomIp();
    const attempts = [];
    for (let i = 0; i < LOGIN_RATE_LIMIT.perUsernameAndAddress + 3; i++) attempts.push(await login(typed, "x", {}, ip));
    expect(attempts.map((r) => r.status)).toEqual([
      ...Array<number>(LOGIN_RATE_LIMIT.perUsernameAndAddress).fill(401),
      429,
      429,
      429,
    ]);
    const keys = await db.query<{ key: string }>("SELECT key FROM rate_limits");
    expect(JSON.stringify(keys).toLowerCase()).not.toContain(typed.toLowerCase());
    expect(keys).toContainEqual({ key: usernameKey(typed.toLowerCase()) });
    const refused = await db.query<{ count: number; username: string }>(
      "SELECT count, username FROM audit_log WHERE action = 'login.throttled' AND ip = $1",
      [ip],
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]!.count).toBe(3);
    expect(refused[0]!.username).toMatch(/^unknown:/);
  });

  it("the account lists its sessions and signs out one, or every other", async () => {
    const { token } = await member("traveller");
    const laptop = await loginAs("traveller", STRONG);
    const phone = await loginAs("traveller", STRONG);
    const list = async () => answer(await call("GET", "/api/portal/account/sessions", { token }), 200);
    const sessions = await list();
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const laptopId = JSON.parse(Buffer.from(laptop.split(".")[1]!, "base64url").toString()).sid as string;
    expect((await call("DELETE", "/api/portal/account/sessions/:id", { param: { id: laptopId }, token })).status).toBe(
      200,
    );
    expect((await session(laptop)).status).toBe(401);
    expect((await session(phone)).status).toBe(200);
    expect((await call("DELETE", "/api/portal/account/sessions/:id", { param: { id: laptopId }, token })).status).toBe(
      404,
    );
    expect((await call("DELETE", "/api/portal/account/sessions/others", { token })).status).toBe(200);
    expect((await session(phone)).status).toBe(401);
    expect((await session(token)).status).toBe(200);
    expect(await list()).toHaveLength(1);
    // Someone else's session cannot be ended from here.
    const [boss] = await db.query<{ id: string }>(
      "SELECT id FROM staff_sessions WHERE user_id = $1 AND ended_at IS NULL LIMIT 1",
      [adminId],
    );
    expect((await call("DELETE", "/api/portal/account/sessions/:id", { param: { id: boss!.id }, token })).status).toBe(
      404,
    );
  });

  it("a session unused for 7 days ends", async () => {
    const { token } = await member("idler");
    const sid = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sid as string;
    await db.query("UPDATE staff_sessions SET last_used_at = now() - interval '7 days 1 second' WHERE id = $1", [sid]);
    expect((await session(token)).status).toBe(401);
  });

  it("the account shows and renames its person", async () => {
    const { token } = await member("renamer");
    const before = await (await call("GET", "/api/portal/account", { token })).json();
    expect(before).toMatchObject({ username: "renamer", displayName: "renamer Person", role: "staff", totp: false });
    const res = await call("PATCH", "/api/portal/account", { token, json: { displayName: "Rena Mer" } });
    expect((await answer(res, 200)).displayName).toBe("Rena Mer");
  });

  it("an admin may remove or unmark anyone's company signature template; a staff member only their own", async () => {
    const { token: author } = await member("author");
    const { token: colleague } = await member("colleague");
    const create = async (name: string) => {
      const res = await call("POST", "/api/portal/signature-templates", {
        token: author,
        json: {
          name,
          isCompanyTemplate: true,
          formData: JSON.stringify(sampleFormData),
          elements: JSON.stringify(sampleElements),
          globalSettings: JSON.stringify(sampleGlobalSettings),
        },
      });
      return (await answer(res, 201)).id;
    };
    const [one, two] = [await create("Card one"), await create("Card two")];
    const remove = (id: string, token: string) =>
      call("DELETE", "/api/portal/signature-templates/:id", { param: { id }, token });
    const unmark = (id: string, token: string) =>
      call("PATCH", "/api/portal/signature-templates/:id", {
        param: { id },
        token,
        json: { isCompanyTemplate: false },
      });
    expect((await remove(one, colleague)).status).toBe(404);
    expect((await unmark(two, colleague)).status).toBe(404);
    expect((await unmark(two, admin)).status).toBe(200);
    expect((await remove(one, admin)).status).toBe(200);
    const company = await answer(await call("GET", "/api/company-signature-templates", { token: admin }), 200);
    expect(company.map((t) => t.id)).not.toContain(one);
    expect(company.map((t) => t.id)).not.toContain(two);
    // Once unmarked it is its author's personal template, which an admin cannot touch.
    expect((await remove(two, admin)).status).toBe(404);
  });
});
