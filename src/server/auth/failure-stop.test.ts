import { randomUUID } from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { PASSWORD_FAILURE_STOP, PASSWORD_STOP_SECONDS } from "~/server/config";
import { answer, call, confirmed, describeEachBackend, loginAs, randomIp } from "../../../test/api";

const PASSWORD = "correct horse battery staple";

describeEachBackend("the failure stop cannot be turned against the owner", (db) => {
  beforeEach(() => db.query("DELETE FROM notification_outbox"));

  /** An account with a confirmed address, signed in once on its owner's browser: its known-device token. */
  async function owner() {
    const username = `stop-${randomUUID().slice(0, 8)}`;
    const id = await db.createStaff(username, PASSWORD);
    await db.query("UPDATE staff_users SET email = $2 WHERE id = $1", [id, `${username}@example.com`]);
    const res = await call("POST", "/api/portal/login", { json: { username, password: PASSWORD }, ip: "192.0.2.10" });
    const signedIn = await answer(res, 200);
    if (!("deviceToken" in signedIn)) throw new Error(`${username} was asked for a second factor`);
    return { id, username, deviceToken: signedIn.deviceToken };
  }
  const login = (username: string, password: string, options: { deviceToken?: string; ip?: string } = {}) =>
    call("POST", "/api/portal/login", {
      json: { username, password, deviceToken: options.deviceToken },
      ip: options.ip ?? randomIp(),
    });
  /** Anonymous attackers: `n` wrong passwords, each from a new address (the throttle's back-off waited out). */
  async function attack(username: string, n: number) {
    for (let i = 0; i < n; i++) {
      await db.query("DELETE FROM rate_limits WHERE bucket = 'login-user'");
      expect((await login(username, `guess ${i}`)).status).toBe(401);
    }
  }
  const row = (id: string) =>
    db.query<{ failed: number; stopped: boolean }>(
      `SELECT failed_logins AS failed, password_stopped_at IS NOT NULL AS stopped FROM staff_users WHERE id = $1`,
      [id],
    );

  it(`${PASSWORD_FAILURE_STOP} anonymous failures from rotating addresses stop passwords, but not on the owner's known browser; owner and admins are e-mailed`, async () => {
    const admin = (await db.query<{ id: string }>("SELECT id FROM staff_users WHERE role = 'admin' LIMIT 1"))[0];
    const adminId = admin?.id ?? (await db.createStaff(`admin-${randomUUID().slice(0, 6)}`, PASSWORD));
    await db.query("UPDATE staff_users SET role = 'admin', email = 'boss@example.com' WHERE id = $1", [adminId]);
    const o = await owner();
    await db.query("DELETE FROM notification_outbox");
    await attack(o.username, PASSWORD_FAILURE_STOP);
    expect(await row(o.id)).toEqual([{ failed: PASSWORD_FAILURE_STOP, stopped: true }]);
    // Stopped: the right password from a browser without the token is refused, like a wrong one.
    expect((await login(o.username, PASSWORD)).status).toBe(401);
    // The owner's own browser, from their usual address, still gets in.
    const mine = await login(o.username, PASSWORD, { deviceToken: o.deviceToken, ip: "192.0.2.10" });
    expect(mine.status, await mine.clone().text()).toBe(200);
    expect(await row(o.id)).toEqual([{ failed: 0, stopped: false }]);
    const mails = await db.query<{ notice: string; recipient: string; facts: { detail: string | null } }>(
      "SELECT notice, recipient, facts FROM notification_outbox WHERE kind = 'security' AND notice LIKE 'account-stopped%' ORDER BY notice",
    );
    expect(mails.map((m) => `${m.notice} -> ${m.recipient}`)).toEqual([
      `account-stopped -> ${o.username}@example.com`,
      "account-stopped-admin -> boss@example.com",
    ]);
    expect(mails[1]!.facts.detail).toBe(o.username);
  });

  it("wrong passwords sent with the owner's known-device token do not count toward the stop", async () => {
    const o = await owner();
    for (let i = 0; i < 3; i++)
      expect((await login(o.username, `typo ${i}`, { deviceToken: o.deviceToken })).status).toBe(401);
    expect(await row(o.id)).toEqual([{ failed: 0, stopped: false }]);
    expect((await login(o.username, "typo")).status).toBe(401);
    expect(await row(o.id)).toEqual([{ failed: 1, stopped: false }]);
  });

  it("the stop lifts itself 24 hours after it began", async () => {
    const o = await owner();
    await db.query("UPDATE staff_users SET failed_logins = $2 - 1 WHERE id = $1", [o.id, PASSWORD_FAILURE_STOP]);
    await attack(o.username, 1);
    expect((await login(o.username, PASSWORD)).status).toBe(401);
    // A day minus a minute later it still holds; a day later it is gone.
    const since = (seconds: number) =>
      db.query("UPDATE staff_users SET password_stopped_at = now() - make_interval(secs => $2) WHERE id = $1", [
        o.id,
        seconds,
      ]);
    await since(PASSWORD_STOP_SECONDS - 60);
    expect((await login(o.username, PASSWORD)).status).toBe(401);
    await since(PASSWORD_STOP_SECONDS + 1);
    // No admin needed: the right password from any browser works again, and the count starts afresh.
    expect((await login(o.username, PASSWORD)).status).toBe(200);
    expect(await row(o.id)).toEqual([{ failed: 0, stopped: false }]);
  });

  it("a failure after a lapsed stop starts counting afresh instead of stopping again at once", async () => {
    const o = await owner();
    await db.query(
      "UPDATE staff_users SET failed_logins = 150, password_stopped_at = now() - interval '25 hours' WHERE id = $1",
      [o.id],
    );
    await attack(o.username, 1);
    expect(await row(o.id)).toEqual([{ failed: 1, stopped: false }]);
    expect((await login(o.username, PASSWORD)).status).toBe(200);
  });

  it("an admin re-enabling the account lifts the stop at once", async () => {
    const adminName = `lift-${randomUUID().slice(0, 6)}`;
    const adminId = await db.createStaff(adminName, PASSWORD);
    await db.query("UPDATE staff_users SET role = 'admin' WHERE id = $1", [adminId]);
    // Enabling another person's account needs a recent confirmation (sudo mode).
    const token = await confirmed(await loginAs(adminName, PASSWORD), PASSWORD);
    const o = await owner();
    await db.query("UPDATE staff_users SET failed_logins = $2, password_stopped_at = now() WHERE id = $1", [
      o.id,
      PASSWORD_FAILURE_STOP,
    ]);
    const listed = await answer(await call("GET", "/api/portal/staff", { token }), 200);
    expect(listed.find((p) => p.id === o.id)?.passwordLocked).toBe(true);
    expect((await login(o.username, PASSWORD)).status).toBe(401);
    const enable = await call("PATCH", "/api/portal/staff/:id", {
      param: { id: o.id },
      token,
      json: { disabled: false },
    });
    expect(enable.status, await enable.clone().text()).toBe(200);
    expect(await enable.json()).toMatchObject({ passwordLocked: false });
    expect((await login(o.username, PASSWORD)).status).toBe(200);
  });
});
