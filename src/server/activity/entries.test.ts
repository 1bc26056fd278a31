import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, expect, it } from "vitest";
import { resetEnv } from "~/server/env";
import { answer, call, confirmed, describeEachBackend, loginAs, randomIp } from "../../../test/api";

const PASSWORD = "correct horse battery staple";
const message = { firstName: "Dana", email: "dana@example.com", message: "Repaint 40 units", fillMs: 60_000 };

describeEachBackend("contact ceiling and activity-log entries", (db) => {
  let adminId = "";
  let token = "";
  beforeAll(async () => {
    const username = `act-${randomUUID().slice(0, 8)}`;
    adminId = await db.createStaff(username, PASSWORD);
    await db.query(
      "UPDATE staff_users SET role = 'admin', email = 'office@example.com', notify = 'each' WHERE id = $1",
      [adminId],
    );
    // The export needs a recent confirmation (sudo mode).
    token = await confirmed(await loginAs(username, PASSWORD), PASSWORD);
  });
  afterEach(() => {
    delete process.env.CONTACT_DAILY_CEILING;
    resetEnv();
  });

  /** Sends a message; returns its row's id, whether it was held, and how many e-mails were queued for it. */
  async function send(fields: object = {}) {
    const firstName = `M ${randomUUID()}`;
    const res = await call("POST", "/api/contact", { json: { ...message, ...fields, firstName }, ip: randomIp() });
    expect(res.status).toBe(201);
    const [row] = await db.query<{ id: string; held: boolean; queued: number }>(
      `SELECT m.id, m.held, (SELECT count(*)::int FROM notification_outbox o WHERE o.contact_id = m.id AND o.kind = 'message') AS queued
       FROM contact_messages m WHERE m.first_name = $1`,
      [firstName],
    );
    return row!;
  }
  /** Sets the daily ceiling `room` messages above what the last 24 hours already hold. */
  async function ceilingWithRoomFor(room: number) {
    const [{ n }] = (await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM contact_messages WHERE created_at > now() - interval '1 day'",
    )) as [{ n: number }];
    process.env.CONTACT_DAILY_CEILING = String(n + room);
    resetEnv();
  }
  const logged = (action: string, targetId: string) =>
    db.query<{ userId: string }>('SELECT user_id AS "userId" FROM audit_log WHERE action = $1 AND target_id = $2', [
      action,
      targetId,
    ]);

  it("messages held past the daily ceiling queue no notification e-mail", async () => {
    await ceilingWithRoomFor(1);
    expect(await send()).toMatchObject({ held: false, queued: 1 });
    const held = await send();
    expect(held).toMatchObject({ held: true, queued: 0 });
    for (let i = 0; i < 3; i++) expect(await send()).toMatchObject({ held: true, queued: 0 });
    // Nor their senders' acknowledgement.
    const acks = await db.query("SELECT 1 FROM notification_outbox WHERE kind = 'lead-ack' AND contact_id = $1", [
      held.id,
    ]);
    expect(acks).toEqual([]);
  });

  it("spam-flagged messages count toward the daily ceiling", async () => {
    await ceilingWithRoomFor(2);
    await send({ website: "http://bot.example" });
    await send({ website: "http://bot.example" });
    expect(await send()).toMatchObject({ held: true, queued: 0 });
  });

  it('"not spam" and releasing a held message are in the activity log', async () => {
    const spam = await send({ website: "http://bot.example" });
    expect((await call("POST", "/api/contacts/:id/not-spam", { param: { id: spam.id }, token })).status).toBe(200);
    expect(await logged("message.not-spam", spam.id)).toEqual([{ userId: adminId }]);
    await ceilingWithRoomFor(0);
    const held = await send();
    expect((await call("POST", "/api/contacts/:id/release", { param: { id: held.id }, token })).status).toBe(200);
    expect(await logged("message.release", held.id)).toEqual([{ userId: adminId }]);
    // An unknown message changes nothing and logs nothing.
    const unknown = randomUUID();
    expect((await call("POST", "/api/contacts/:id/release", { param: { id: unknown }, token })).status).toBe(404);
    expect(await logged("message.release", unknown)).toEqual([]);
  });

  it("the company export and the restore of a trashed template are in the activity log", async () => {
    const exported = await call("GET", "/api/portal/export", { token });
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
    expect(await db.query('SELECT user_id AS "userId" FROM audit_log WHERE action = $1', ["company.export"])).toEqual([
      { userId: adminId },
    ]);
    const created = await call("POST", "/api/portal/templates", {
      token,
      json: { title: "Trash me", description: "", templateContent: "v1", category: "multifamily" },
    });
    const { id } = await answer(created, 201);
    expect((await call("DELETE", "/api/portal/templates/:id", { param: { id }, token })).status).toBe(200);
    expect((await call("POST", "/api/portal/template-trash/:id", { param: { id }, token })).status).toBe(200);
    expect(await logged("template.restore", id)).toEqual([{ userId: adminId }]);
  });

  it("the activity log files the new entries under their kinds", async () => {
    const page = await answer(await call("GET", "/api/portal/activity?kind=message", { token }), 200);
    expect(page.entries.map((e) => e.action)).toEqual(expect.arrayContaining(["message.not-spam", "message.release"]));
    const staff = await answer(await call("GET", "/api/portal/activity?kind=staff", { token }), 200);
    expect(staff.entries.map((e) => e.action)).toContain("company.export");
  });
});
