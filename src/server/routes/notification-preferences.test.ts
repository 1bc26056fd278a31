import { randomUUID } from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { NOTIFICATION_PREFERENCES_PATH } from "~/lib/api-routes";
import { LAST_RECIPIENT_MESSAGE } from "~/server/notifications/preferences";
import { call, confirmed, describeEachBackend, loginAs } from "../../../test/api";

const PASSWORD = "correct horse battery staple";

describeEachBackend("notification preferences: GET and PUT /api/portal/notification-preferences", (db) => {
  beforeEach(() => db.query("UPDATE staff_users SET notify = 'none', email = NULL"));

  /** A signed-in staff member: their id and token. */
  async function member() {
    const username = `n-${randomUUID().slice(0, 8)}`;
    const id = await db.createStaff(username, PASSWORD);
    // Confirmed (sudo mode), which a new notification address needs.
    return { id, token: await confirmed(await loginAs(username, PASSWORD), PASSWORD) };
  }
  const save = (token: string, json: unknown) => call("PUT", NOTIFICATION_PREFERENCES_PATH, { token, json });

  it("each staff member reads and sets their own address and choice", async () => {
    const [a, b] = [await member(), await member()];
    const empty = await call("GET", NOTIFICATION_PREFERENCES_PATH, { token: a.token });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ email: null, notify: "none" });
    for (const notify of ["each", "digest", "each"]) {
      const res = await save(a.token, { email: " a@example.com ", notify });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ email: "a@example.com", notify });
    }
    expect(await (await call("GET", NOTIFICATION_PREFERENCES_PATH, { token: a.token })).json()).toEqual({
      email: "a@example.com",
      notify: "each",
    });
    // Nobody else's settings changed.
    expect(await (await call("GET", NOTIFICATION_PREFERENCES_PATH, { token: b.token })).json()).toEqual({
      email: null,
      notify: "none",
    });
    expect(await db.query("SELECT email, notify FROM staff_users WHERE id = $1", [a.id])).toEqual([
      { email: "a@example.com", notify: "each" },
    ]);
  });

  it.each([
    ["no address for e-mails", { email: null, notify: "each" }, "email"],
    ["an address that is not one", { email: "not an address", notify: "digest" }, "email"],
    ["an unknown choice", { email: "a@example.com", notify: "hourly" }, "notify"],
  ])("refuses %s with a 400 naming the field", async (_case, body, field) => {
    const { token } = await member();
    const res = await save(token, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { issues: { path: string[]; message: string }[] };
    expect(answer.issues.map((i) => i.path.join("."))).toContain(field);
  });

  it("refuses a change that would leave no one receiving the e-mails, with a 409 that says why", async () => {
    const [a, b] = [await member(), await member()];
    // Before anyone receives them, nobody has to.
    expect((await save(a.token, { email: null, notify: "none" })).status).toBe(200);
    expect((await save(a.token, { email: "a@example.com", notify: "digest" })).status).toBe(200);
    for (const last of [
      { email: "a@example.com", notify: "none" },
      { email: null, notify: "none" },
    ]) {
      const res = await save(a.token, last);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: LAST_RECIPIENT_MESSAGE });
    }
    // Changing address or choice is no problem; a second recipient lets the first leave.
    expect((await save(a.token, { email: "a2@example.com", notify: "each" })).status).toBe(200);
    expect((await save(b.token, { email: "b@example.com", notify: "each" })).status).toBe(200);
    expect((await save(a.token, { email: "a2@example.com", notify: "none" })).status).toBe(200);
    expect((await save(b.token, { email: null, notify: "none" })).status).toBe(409);
  });

  it("two last recipients leaving at once: one of them must stay", async () => {
    const [a, b] = [await member(), await member()];
    await save(a.token, { email: "a@example.com", notify: "each" });
    await save(b.token, { email: "b@example.com", notify: "digest" });
    const results = await Promise.all(
      [a, b].map((m) => save(m.token, { email: null, notify: "none" }).then((r) => r.status)),
    );
    expect(results.sort()).toEqual([200, 409]);
    const [{ n }] = (await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_users WHERE notify <> 'none'",
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("needs a signed-in staff member", async () => {
    expect((await call("GET", NOTIFICATION_PREFERENCES_PATH)).status).toBe(401);
    expect((await call("PUT", NOTIFICATION_PREFERENCES_PATH, { json: { email: null, notify: "none" } })).status).toBe(
      401,
    );
  });
});
