import { randomUUID } from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { ADDRESS_CONFIRM_SECONDS, ADDRESS_LINK_INVALID, LAST_RECIPIENT_MESSAGE } from "./commands";
import { deliverDue } from "./outbox";
import {
  answer,
  call,
  callUnchecked,
  confirmed as sudo,
  describeEachBackend,
  loginAs,
  randomIp,
  type JsonOf,
} from "../../../test/api";

const PASSWORD = "correct horse battery staple";
const CONTEXT = { siteUrl: "https://portal.example.com", from: "Anchor Line Portal <portal@example.com>" };

describeEachBackend("notification preferences: GET and PUT /api/portal/notification-preferences", (db) => {
  beforeEach(async () => {
    await db.query(
      "UPDATE staff_users SET notify = 'none', email = NULL, pending_email = NULL, pending_email_token_hash = NULL",
    );
    await db.query("DELETE FROM notification_outbox");
  });

  /** A signed-in staff member: their id and token. */
  async function member() {
    const username = `n-${randomUUID().slice(0, 8)}`;
    const id = await db.createStaff(username, PASSWORD);
    // Confirmed (sudo mode), which a new notification address needs.
    return { id, username, token: await sudo(await loginAs(username, PASSWORD), PASSWORD) };
  }
  const save = (token: string, json: JsonOf<"PUT", "/api/portal/notification-preferences">) =>
    call("PUT", "/api/portal/notification-preferences", { token, json });
  const read = async (token: string) => (await call("GET", "/api/portal/notification-preferences", { token })).json();
  /** The secret of the newest confirmation link mailed to `address` (from the outbox row, as the e-mail carries it). */
  async function linkTo(address: string): Promise<string> {
    const [row] = await db.query<{ link: string }>(
      `SELECT facts->>'link' AS link FROM notification_outbox WHERE kind = 'address-confirm' AND recipient = $1
       ORDER BY id DESC LIMIT 1`,
      [address],
    );
    expect(row?.link).toMatch(/^https:\/\/www\.example\.com\/portal\/confirm-address#[\w-]{43}$/);
    return row!.link.split("#")[1]!;
  }
  const confirm = (token: string, ip = randomIp()) =>
    call("POST", "/api/portal/notification-address/confirm", { json: { token }, ip });
  /** Saves `email` with `notify` and opens the link mailed to it. */
  async function confirmed(
    m: { token: string },
    email: string,
    notify: JsonOf<"PUT", "/api/portal/notification-preferences">["notify"] = "each",
  ) {
    expect((await save(m.token, { email, notify })).status).toBe(200);
    expect((await confirm(await linkTo(email))).status).toBe(200);
  }
  /** Stores a contact message; the addresses its e-mails were queued for. */
  async function contactRecipients(): Promise<string[]> {
    const res = await call("POST", "/api/contact", {
      json: { firstName: "Dana", email: "dana@example.com", message: "Repaint 40 units", fillMs: 60_000 },
      ip: randomIp(),
    });
    expect(res.status).toBe(201);
    const rows = await db.query<{ recipient: string }>(
      `SELECT recipient FROM notification_outbox WHERE kind = 'message' AND contact_id =
         (SELECT id FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT 1) ORDER BY recipient`,
    );
    return rows.map((r) => r.recipient);
  }

  it("a new address receives nothing until the link mailed to it is opened; then it is the person's address", async () => {
    const a = await member();
    expect(await read(a.token)).toEqual({ email: null, notify: "none", pendingEmail: null, pendingUntil: null });
    const res = await save(a.token, { email: " a@example.com ", notify: "each" });
    const pending = await answer(res, 200);
    expect(pending).toMatchObject({ email: null, notify: "each", pendingEmail: "a@example.com" });
    const until = new Date(pending.pendingUntil!).getTime() - Date.now();
    expect(until).toBeGreaterThan((ADDRESS_CONFIRM_SECONDS - 60) * 1000);
    expect(until).toBeLessThanOrEqual(ADDRESS_CONFIRM_SECONDS * 1000);
    expect(await contactRecipients()).toEqual([]);
    const token = await linkTo("a@example.com");
    // The secret is stored only as its hash.
    expect(JSON.stringify(await db.query("SELECT * FROM staff_users WHERE id = $1", [a.id]))).not.toContain(token);
    const opened = await confirm(token);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ email: "a@example.com" });
    expect(await read(a.token)).toEqual({
      email: "a@example.com",
      notify: "each",
      pendingEmail: null,
      pendingUntil: null,
    });
    expect(await contactRecipients()).toEqual(["a@example.com"]);
    // A link works once.
    expect((await confirm(token)).status).toBe(400);
    // Saving the confirmed address again (another choice) mails no new link.
    expect((await save(a.token, { email: "a@example.com", notify: "digest" })).status).toBe(200);
    expect(await db.query("SELECT 1 FROM notification_outbox WHERE kind = 'address-confirm'")).toHaveLength(1);
  });

  it("a changed address: e-mails keep going to the confirmed one until the new one is confirmed; the old one is told", async () => {
    const a = await member();
    await confirmed(a, "old@example.com");
    const change = await save(a.token, { email: "new@example.com", notify: "each" });
    expect(await change.json()).toMatchObject({ email: "old@example.com", pendingEmail: "new@example.com" });
    expect(await contactRecipients()).toEqual(["old@example.com"]);
    // Saving the waiting address again sends no second link while the first still works.
    await save(a.token, { email: "new@example.com", notify: "each" });
    expect(await db.query("SELECT 1 FROM notification_outbox WHERE recipient = 'new@example.com'")).toHaveLength(1);
    expect((await confirm(await linkTo("new@example.com"))).status).toBe(200);
    expect(await contactRecipients()).toEqual(["new@example.com"]);
    const told = await db.query<{ recipient: string; address: string }>(
      `SELECT recipient, facts->>'address' AS address FROM notification_outbox
       WHERE kind = 'security' AND notice = 'address-changed'`,
    );
    expect(told).toEqual([{ recipient: "old@example.com", address: "new@example.com" }]);
  });

  it("a link past its 24 hours, or one never issued, is refused with a 400 that says so", async () => {
    const a = await member();
    await save(a.token, { email: "late@example.com", notify: "each" });
    const token = await linkTo("late@example.com");
    await db.query("UPDATE staff_users SET pending_email_expires_at = now() - interval '1 second' WHERE id = $1", [
      a.id,
    ]);
    for (const t of [token, "x".repeat(43)]) {
      const res = await confirm(t);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: ADDRESS_LINK_INVALID, code: "invalid_request" });
    }
    expect((await confirm("short")).status).toBe(400);
    expect(await read(a.token)).toMatchObject({ email: null });
    // Saving it again mails a fresh link, which works.
    await save(a.token, { email: "late@example.com", notify: "each" });
    const fresh = await linkTo("late@example.com");
    expect(fresh).not.toBe(token);
    expect((await confirm(fresh)).status).toBe(200);
  });

  it("the link is mailed once and then no longer kept in the outbox", async () => {
    const a = await member();
    await save(a.token, { email: "kept@example.com", notify: "each" });
    const token = await linkTo("kept@example.com");
    const sent: { to: unknown; text: unknown }[] = [];
    const send = async (mail: { to?: unknown; text?: unknown }) => void sent.push({ to: mail.to, text: mail.text });
    expect(await deliverDue(db, send, { context: CONTEXT })).toMatchObject({ sent: 1 });
    expect(sent[0]!.to).toBe("kept@example.com");
    expect(String(sent[0]!.text)).toContain(`/portal/confirm-address#${token}`);
    expect(JSON.stringify(await db.query("SELECT * FROM notification_outbox"))).not.toContain(token);
  });

  it("changes are in the activity log; removing the address tells the old one", async () => {
    const a = await member();
    await confirmed(a, "log@example.com", "none");
    expect((await save(a.token, { email: null, notify: "none" })).status).toBe(200);
    const log = await db.query<{ action: string; detail: string | null }>(
      "SELECT action, detail FROM audit_log WHERE target_id = $1 AND action LIKE 'notification.%' ORDER BY id",
      [a.id],
    );
    expect(log).toEqual([
      { action: "notification.address-request", detail: "log@example.com" },
      { action: "notification.address-confirm", detail: "log@example.com" },
      { action: "notification.address-remove", detail: null },
    ]);
    expect(await db.query("SELECT recipient FROM notification_outbox WHERE notice = 'address-removed'")).toEqual([
      { recipient: "log@example.com" },
    ]);
  });

  it("an admin's reset clears the address; admins see each person's address and whether it is confirmed", async () => {
    const admin = await member();
    await db.query("UPDATE staff_users SET role = 'admin' WHERE id = $1", [admin.id]);
    const a = await member();
    await confirmed(a, "mine@example.com", "none");
    await save(a.token, { email: "next@example.com", notify: "none" });
    const listed = await answer(await call("GET", "/api/portal/staff", { token: admin.token }), 200);
    expect(listed.find((p) => p.id === a.id)).toMatchObject({
      email: "mine@example.com",
      pendingEmail: "next@example.com",
    });
    const reset = await call("POST", "/api/portal/staff/:id/reset", { param: { id: a.id }, token: admin.token });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect(await reset.json()).toMatchObject({ account: { email: null, pendingEmail: null } });
    expect(
      await db.query("SELECT email, notify, pending_email, pending_email_token_hash FROM staff_users WHERE id = $1", [
        a.id,
      ]),
    ).toEqual([{ email: null, notify: "none", pending_email: null, pending_email_token_hash: null }]);
    // The link mailed before the reset no longer works.
    expect((await confirm(await linkTo("next@example.com"))).status).toBe(400);
  });

  it.each([
    ["no address for e-mails", { email: null, notify: "each" }, "email"],
    ["an address that is not one", { email: "not an address", notify: "digest" }, "email"],
    ["an unknown choice", { email: "a@example.com", notify: "hourly" }, "notify"],
  ])("refuses %s with a 400 naming the field", async (_case, body, field) => {
    const { token } = await member();
    const res = await callUnchecked("PUT", "/api/portal/notification-preferences", { token, json: body });
    expect(res.status).toBe(400);
    const refusal = (await res.json()) as { issues: { path: string[]; message: string }[] };
    expect(refusal.issues.map((i) => i.path.join("."))).toContain(field);
  });

  it("refuses a change that would leave no one receiving the e-mails, with a 409 that says why", async () => {
    const [a, b] = [await member(), await member()];
    // Before anyone receives them, nobody has to.
    expect((await save(a.token, { email: null, notify: "none" })).status).toBe(200);
    await confirmed(a, "a@example.com", "digest");
    for (const last of [
      { email: "a@example.com", notify: "none" },
      { email: null, notify: "none" },
    ] as const) {
      const res = await save(a.token, last);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: LAST_RECIPIENT_MESSAGE, code: "conflict" });
    }
    // Changing address or choice is no problem; a second recipient lets the first leave.
    expect((await save(a.token, { email: "a2@example.com", notify: "each" })).status).toBe(200);
    await confirmed(b, "b@example.com");
    expect((await save(a.token, { email: "a2@example.com", notify: "none" })).status).toBe(200);
    expect((await save(b.token, { email: null, notify: "none" })).status).toBe(409);
  });

  it("two last recipients leaving at once: one of them must stay", async () => {
    const [a, b] = [await member(), await member()];
    await confirmed(a, "a@example.com");
    await confirmed(b, "b@example.com", "digest");
    const results = await Promise.all(
      [a, b].map((m) => save(m.token, { email: null, notify: "none" }).then((r) => r.status)),
    );
    expect(results.sort()).toEqual([200, 409]);
    const [{ n }] = (await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_users WHERE notify <> 'none'",
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("needs a signed-in staff member (the confirmation link alone needs none)", async () => {
    expect((await call("GET", "/api/portal/notification-preferences")).status).toBe(401);
    expect(
      (await call("PUT", "/api/portal/notification-preferences", { json: { email: null, notify: "none" } })).status,
    ).toBe(401);
  });
});
