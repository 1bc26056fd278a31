import { afterEach, beforeAll, expect, it } from "vitest";
import { SPAM_RULES } from "~/schemas/contact-fields";
import { resetEnv } from "~/server/env";
import { answer, call, describeEachBackend, loginAs, randomIp } from "../../../test/api";

const message = { firstName: "Dana", email: "dana@example.com", message: "Repaint 40 units", fillMs: 60_000 };
const links = (n: number) => Array.from({ length: n }, (_, i) => `https://spam${i}.example`).join(" ");

describeEachBackend("contact messages: spam and the daily ceiling", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("office", "correct horse battery");
    token = await loginAs("office", "correct horse battery");
  });
  afterEach(() => {
    delete process.env.CONTACT_DAILY_CEILING;
    resetEnv();
  });

  const send = async (body: object) => {
    const res = await call("POST", "/api/contact", { json: { ...message, ...body }, ip: randomIp() });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
  };
  const list = async (query: "" | `?${string}` = "") =>
    answer(await call("GET", `/api/contacts${query}`, { token }), 200);
  const unhandled = async () =>
    (await answer(await call("GET", "/api/portal/session", { token }), 200)).unhandledMessages;

  it.each([
    ["the honeypot filled", { website: "http://bot.example" }, "honeypot"],
    [`sent within ${SPAM_RULES.minFillMs / 1000} s`, { fillMs: SPAM_RULES.minFillMs - 1 }, "too-fast"],
    [`more than ${SPAM_RULES.maxLinks} links`, { message: links(SPAM_RULES.maxLinks + 1) }, "links"],
    ["a person's message", { message: `See ${links(SPAM_RULES.maxLinks)}`, fillMs: SPAM_RULES.minFillMs }, null],
    ["the plain form's (no fill time)", { fillMs: undefined }, null],
  ])("%s: kept, with spam reason %s", async (_name, body, reason) => {
    const name = `Case ${Math.random()}`;
    await send({ ...body, firstName: name });
    const [row] = await db.query<{ spam_reason: string | null }>(
      "SELECT spam_reason FROM contact_messages WHERE first_name = $1",
      [name],
    );
    expect(row).toEqual({ spam_reason: reason });
  });

  it("queues notification e-mails for a real message and none for spam", async () => {
    await db.query("UPDATE staff_users SET email = 'office@example.com', notify = 'each' WHERE username = 'office'");
    await send({ firstName: "Notify me" });
    await send({ firstName: "Silent spam", website: "x" });
    const queued = await db.query<{ first_name: string; n: number }>(
      `SELECT m.first_name, count(o.id)::int AS n FROM contact_messages m
       LEFT JOIN notification_outbox o ON o.contact_id = m.id
       WHERE m.first_name IN ('Notify me', 'Silent spam') GROUP BY m.first_name ORDER BY m.first_name`,
    );
    expect(queued).toEqual([
      { first_name: "Notify me", n: 1 },
      { first_name: "Silent spam", n: 0 },
    ]);
    await db.query("UPDATE staff_users SET notify = 'none' WHERE username = 'office'");
  });

  it("lists spam in the Spam view only, leaves it out of the unhandled count, and 'Not spam' moves it back", async () => {
    await send({ firstName: "Spammy", website: "x" });
    await send({ firstName: "Customer" });
    const before = await unhandled();
    expect((await list()).map((m) => m.firstName)).not.toContain("Spammy");
    const spam = await list("?folder=spam");
    const flagged = spam.find((m) => m.firstName === "Spammy")!;
    expect(flagged).toMatchObject({ spamReason: "honeypot", held: false });
    expect(spam.every((m) => m.spamReason !== null)).toBe(true);

    const moved = await call("POST", "/api/contacts/:id/not-spam", { param: { id: flagged.id }, token });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id: flagged.id, spamReason: null });
    expect((await list()).map((m) => m.id)).toContain(flagged.id);
    expect(await unhandled()).toBe(before + 1);
    expect(
      (await call("POST", "/api/contacts/:id/not-spam", { param: { id: crypto.randomUUID() }, token })).status,
    ).toBe(404);
    expect((await call("GET", "/api/contacts?folder=junk", { token })).status).toBe(400);
  });

  it("'Mark as spam' files a message the rules let through under Spam, out of the Leads and the count; 'Not spam' brings it back", async () => {
    await send({ firstName: "Slipped through", message: "Cheap SEO for your site" });
    const [listed] = (await list()).filter((m) => m.firstName === "Slipped through");
    const id = listed!.id;
    const note = { param: { id }, token, json: { body: "Looks like a pitch" } };
    await answer(await call("POST", "/api/portal/leads/:id/notes", note), 201);
    const before = await unhandled();
    const leads = async () =>
      (await answer(await call("GET", "/api/portal/leads", { token }), 200)).items.map((lead) => lead.id);
    expect(await leads()).toContain(id);

    const marked = await answer(await call("POST", "/api/contacts/:id/spam", { param: { id }, token }), 200);
    expect(marked).toMatchObject({ id, spamReason: "marked", handled: false, held: false });
    expect((await list()).map((m) => m.id)).not.toContain(id);
    expect((await list("?folder=spam")).find((m) => m.id === id)).toMatchObject({ spamReason: "marked" });
    expect(await leads()).not.toContain(id);
    expect(await unhandled()).toBe(before - 1);
    const [entry] = await db.query(
      "SELECT user_id IS NOT NULL AS by_staff FROM audit_log WHERE action = 'message.spam'",
    );
    expect(entry).toEqual({ by_staff: true });

    await answer(await call("POST", "/api/contacts/:id/not-spam", { param: { id }, token }), 200);
    expect(await leads()).toContain(id);
    expect(await unhandled()).toBe(before);
    const lead = await answer(await call("GET", "/api/portal/leads/:id", { param: { id }, token }), 200);
    expect(lead.notes.map((note) => note.body)).toEqual(["Looks like a pitch"]);
  });

  it("'Mark as spam' keeps the reason the rules gave, and answers 404 for an unknown message", async () => {
    await send({ firstName: "Already flagged", website: "x" });
    const flagged = (await list("?folder=spam")).find((m) => m.firstName === "Already flagged")!;
    const again = await call("POST", "/api/contacts/:id/spam", { param: { id: flagged.id }, token });
    expect(await answer(again, 200)).toMatchObject({ id: flagged.id, spamReason: "honeypot" });
    const unknown = await call("POST", "/api/contacts/:id/spam", { param: { id: crypto.randomUUID() }, token });
    expect(await answer(unknown, 404)).toMatchObject({ code: "not_found" });
  });

  it("past the daily ceiling, keeps messages but holds them for review; releasing one takes the mark off", async () => {
    const [{ n }] = (await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM contact_messages WHERE created_at > now() - interval '1 day'",
    )) as [{ n: number }];
    process.env.CONTACT_DAILY_CEILING = String(n + 1);
    resetEnv();
    await send({ firstName: "Last before ceiling" });
    await send({ firstName: "Over the ceiling" });
    // Spam past the ceiling is stored in the Spam view (held too), never in the inbox.
    await send({ firstName: "Spam past ceiling", website: "x" });

    const inbox = await list();
    expect(inbox.find((m) => m.firstName === "Last before ceiling")).toMatchObject({ held: false });
    const over = inbox.find((m) => m.firstName === "Over the ceiling")!;
    expect(over).toMatchObject({ held: true, spamReason: null });
    expect((await list("?folder=held")).map((m) => m.id)).toEqual([over.id]);

    const released = await call("POST", "/api/contacts/:id/release", { param: { id: over.id }, token });
    expect(await released.json()).toMatchObject({ id: over.id, held: false });
    expect(await list("?folder=held")).toEqual([]);
  });
});
