import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { LEAD_ACK_SUBJECT } from "~/content/lead-acknowledgement";
import { leadDetailSchema, leadPageSchema, type LeadPage } from "~/schemas/leads";
import { portalSessionSchema } from "~/schemas/sessions";
import { resetEnv } from "~/server/env";
import { call, callUnchecked, describeEachBackend, loginAs, randomIp, answer } from "../../../test/api";
import { startSmtp, type TestSmtp } from "../../../test/smtp";

const PASSWORD = "correct horse battery staple";

describeEachBackend("leads: lifecycle, replies, acknowledgements and sources", (db) => {
  let smtp: TestSmtp;
  const tokens: Record<"boss" | "ann" | "bob", string> = { boss: "", ann: "", bob: "" };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = "Anchor Line Construction <office@example.com>";
    resetEnv();
    for (const [name, email, role] of [
      ["boss", "boss@example.com", "admin"],
      ["ann", "ann@example.com", "staff"],
      ["bob", null, "staff"],
    ] as const) {
      const id = await db.createStaff(`lead-${name}`, PASSWORD);
      await db.query("UPDATE staff_users SET email = $2, role = $3, display_name = $4 WHERE id = $1", [
        id,
        email,
        role,
        name === "ann" ? "Ann Example" : name,
      ]);
      ids[name] = id;
      tokens[name] = await loginAs(`lead-${name}`, PASSWORD);
    }
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    delete process.env.CONTACT_DAILY_CEILING;
    resetEnv();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await db.query("DELETE FROM notification_outbox");
    await db.query("DELETE FROM contact_messages");
  });

  const to = (mail: ParsedMail) => (mail.to as { text: string }).text;
  const send = (json: object, headers: Record<string, string> = {}) =>
    call("POST", "/api/contact", {
      json: { firstName: "Dana", lastName: "Ortiz", email: "dana@example.com", message: "Repaint 40 units", ...json },
      ip: randomIp(),
      headers,
    });
  const newest = async () =>
    (await db.query<{ id: string }>("SELECT id FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT 1"))[0]!
      .id;
  const list = async (query: "" | `?${string}` = "", token = tokens.ann) =>
    leadPageSchema.parse(await answer(await call("GET", `/api/portal/leads${query}`, { token }), 200));
  const detail = async (id: string) => {
    const res = await call("GET", "/api/portal/leads/:id", { param: { id }, token: tokens.ann });
    return leadDetailSchema.parse(await answer(res, 200));
  };
  const patch = (id: string, json: object, token = tokens.ann) =>
    call("PATCH", "/api/portal/leads/:id", { param: { id }, token, json });
  const acks = () =>
    db.query<{ recipient: string }>("SELECT recipient FROM notification_outbox WHERE kind = 'lead-ack'");

  it("a message becomes a new, unassigned lead; staff assign it, plan a follow-up, note, and close it", async () => {
    expect((await send({})).status).toBe(201);
    const id = await newest();
    const [item] = (await list()).items;
    expect(item).toMatchObject({ id, name: "Dana Ortiz", status: "new", ownerId: null, overdue: false });
    expect(item!.firstReplyMinutes).toBeNull();
    const session = portalSessionSchema.parse(
      await (await call("GET", "/api/portal/session", { token: tokens.ann })).json(),
    );
    expect(session).toMatchObject({ unansweredLeads: 1, unhandledMessages: 1 });

    // The admin hands it to Ann; Ann sees it as hers, and it is no longer unassigned.
    expect((await patch(id, { ownerId: ids.ann }, tokens.boss)).status).toBe(200);
    expect((await list("?owner=me")).items.map((l) => l.id)).toEqual([id]);
    expect((await list("?owner=unassigned")).items).toEqual([]);
    expect((await list(`?owner=${ids.ann}`, tokens.bob)).items.map((l) => l.ownerName)).toEqual(["Ann Example"]);
    expect((await patch(id, { ownerId: randomUUID() })).status).toBe(400);

    const planned = await patch(id, { followUpOn: "2026-12-01" });
    expect((await answer(planned, 200)).followUpOn).toBe("2026-12-01");
    const noted = await call("POST", "/api/portal/leads/:id/notes", {
      param: { id },
      token: tokens.ann,
      json: { body: "Called, no answer" },
    });
    expect((await answer(noted, 201)).notes).toMatchObject([{ author: "Ann Example", body: "Called, no answer" }]);

    // Lost needs its reason; leaving lost clears it.
    const noReason = await patch(id, { status: "lost" });
    expect(noReason.status).toBe(400);
    const lost = await answer(await patch(id, { status: "lost", lostReason: "Went with a cheaper bid" }), 200);
    expect(lost).toMatchObject({ status: "lost", lostReason: "Went with a cheaper bid" });
    expect((await list("?status=lost")).items.map((l) => l.id)).toEqual([id]);
    expect((await detail((await answer(await patch(id, { status: "contacted" }), 200)).id)).lostReason).toBeNull();

    const audit = await db.query(
      "SELECT 1 FROM audit_log WHERE action IN ('lead.update', 'lead.note') AND target_id = $1",
      [id],
    );
    expect(audit.length).toBeGreaterThanOrEqual(5);
    expect(
      (await call("GET", "/api/portal/leads/:id", { param: { id: randomUUID() }, token: tokens.ann })).status,
    ).toBe(404);
    expect((await call("GET", "/api/portal/leads")).status).toBe(401);
  });

  it("the inbox's handled stays in step with the status", async () => {
    await send({});
    const id = await newest();
    const handled = (value: boolean) =>
      call("PATCH", "/api/contacts/:id", { param: { id }, token: tokens.ann, json: { handled: value } });
    expect((await answer(await handled(true), 200)).handled).toBe(true);
    expect((await detail(id)).status).toBe("contacted");
    await handled(false);
    expect((await detail(id)).status).toBe("new");
    await patch(id, { status: "proposal-sent" });
    const [row] = await db.query<{ handled: boolean }>("SELECT handled FROM contact_messages WHERE id = $1", [id]);
    expect(row!.handled).toBe(true);
    await patch(id, { status: "won" });
    expect((await list("?status=won")).items).toHaveLength(1);
  });

  it("a reply goes to the sender from the company, Reply-To its author; the first stops the clock", async () => {
    await send({ firstName: "Eve\r\nBcc: evil@example.com", message: "<script>alert(1)</script> and a roof" });
    const id = await newest();
    const body = "Thanks Eve!\r\nBcc: evil@example.com\n<img src=x onerror=alert(1)>";
    // An author without a confirmed address cannot reply: the sender's answer would go nowhere.
    const refused = await call("POST", "/api/portal/leads/:id/replies", {
      param: { id },
      token: tokens.bob,
      json: { body },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "reply_address_missing" });

    const res = await call("POST", "/api/portal/leads/:id/replies", {
      param: { id },
      token: tokens.ann,
      json: { body },
    });
    const answered = await answer(res, 201);
    expect(answered.status).toBe("contacted");
    expect(answered.firstReplyAt).not.toBeNull();
    expect(answered.firstReplyMinutes).toBeGreaterThanOrEqual(0);
    expect(answered.replies).toMatchObject([{ author: "Ann Example", replyTo: "ann@example.com", body }]);

    await expect.poll(() => smtp.received.find((m) => /^Re: /.test(m.subject ?? "")), { timeout: 5_000 }).toBeDefined();
    const reply = smtp.received.find((m) => /^Re: /.test(m.subject ?? ""))!;
    expect(reply.subject).toBe("Re: your message to Anchor Line Construction");
    expect(to(reply)).toBe("dana@example.com");
    expect((reply.from as { text: string }).text).toContain("office@example.com");
    expect((reply.replyTo as { value: { address: string }[] }).value.map((a) => a.address)).toEqual([
      "ann@example.com",
    ]);
    expect(reply.bcc).toBeUndefined();
    expect(reply.headers.has("bcc")).toBe(false);
    expect(reply.text).toContain(body.replace(/\r\n/g, "\n").split("\n")[0]);
    expect(reply.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(reply.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(reply.html).not.toMatch(/<script|<img/);
    await expect.poll(async () => (await detail(id)).replies[0]!.delivery, { timeout: 5_000 }).toBe("sent");

    // A second reply joins the thread; the first reply's time stands.
    await call("POST", "/api/portal/leads/:id/replies", {
      param: { id },
      token: tokens.boss,
      json: { body: "Following up" },
    });
    const later = await detail(id);
    expect(later.replies.map((r) => r.replyTo)).toEqual(["ann@example.com", "boss@example.com"]);
    expect(later.firstReplyAt).toBe(answered.firstReplyAt);
    expect(
      (await call("POST", "/api/portal/leads/:id/replies", { param: { id }, token: tokens.ann, json: { body: " " } }))
        .status,
    ).toBe(400);
  });

  it("acknowledges a lead's sender within the request, once a day per address, never spam or held", async () => {
    const isAck = (m: ParsedMail) => m.subject === LEAD_ACK_SUBJECT && to(m) === "ack@example.com";
    let arrived = 0;
    smtp.onAccept = (m) => void (isAck(m) && (arrived = performance.now()));
    const posted = performance.now();
    expect((await send({ email: "ack@example.com" })).status).toBe(201);
    await expect.poll(() => smtp.received.find(isAck), { timeout: 5_000 }).toBeDefined();
    smtp.onAccept = undefined;
    // The attempt right after the response: accepted by the SMTP server within 2 s of the post.
    expect(arrived - posted).toBeLessThan(2_000);
    const ack = smtp.received.find(isAck)!;
    expect(to(ack)).toBe("ack@example.com");
    expect(ack.text).toContain("within one business hour");
    expect(ack.headers.get("auto-submitted")).toBe("auto-generated");
    // The same address again that day, in any case: no second acknowledgement.
    await send({ email: "ACK@example.com" });
    expect(await acks()).toEqual([{ recipient: "ack@example.com" }]);
    // Spam (the honeypot, or sent faster than a person types) and held messages get none.
    await send({ email: "bot@example.com", website: "http://spam.example" });
    await send({ email: "fast@example.com", fillMs: 10 });
    process.env.CONTACT_DAILY_CEILING = "1";
    resetEnv();
    await send({ email: "held@example.com" });
    delete process.env.CONTACT_DAILY_CEILING;
    resetEnv();
    expect(await acks()).toEqual([{ recipient: "ack@example.com" }]);
    const [held] = await db.query<{ held: boolean }>(
      "SELECT held FROM contact_messages WHERE email = 'held@example.com'",
    );
    expect(held!.held).toBe(true);
    // Neither spam nor held messages are leads, nor counted as unanswered.
    expect((await list()).items.map((l) => l.email)).toEqual(["ACK@example.com", "ack@example.com"]);
    const session = portalSessionSchema.parse(
      await (await call("GET", "/api/portal/session", { token: tokens.ann })).json(),
    );
    expect(session.unansweredLeads).toBe(2);
  });

  it("records where a lead came from: page, referrer without its query, landing page with only its utm_* query", async () => {
    await send({
      page: "/contact",
      referrer: "https://www.google.com/search?q=roof+repair+houston",
      landing: "https://www.example.com/services?utm_source=google&utm_medium=cpc&utm_campaign=roofs&gclid=abc#top",
    });
    const lead = await detail(await newest());
    expect(lead.source).toBe("google");
    expect(lead.sourceDetail).toEqual({
      page: "/contact",
      referrer: "https://www.google.com/search",
      landingPage: "https://www.example.com/services?utm_source=google&utm_medium=cpc&utm_campaign=roofs",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "roofs",
      utmTerm: null,
      utmContent: null,
    });

    // No utm: the referrer's host, unless it is this site; a referrer that is no web address is dropped.
    await send({ referrer: "https://news.example.org/article?id=4" });
    expect((await detail(await newest())).source).toBe("news.example.org");
    await send({ referrer: "https://www.example.com/about", landing: "javascript:alert(1)" });
    const internal = await detail(await newest());
    expect(internal.source).toBe("direct");
    expect(internal.sourceDetail.landingPage).toBeNull();
    expect((await send({ page: "javascript:alert(1)" })).status).toBe(400);

    // The no-JavaScript form: the Referer header is the contact page as it was opened.
    const res = await callUnchecked("POST", "/api/contact/form", {
      raw: new URLSearchParams({ fullName: "Lee Park", email: "lee@example.com", message: "Bid on a roof" }).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: "https://www.example.com/contact?utm_source=newsletter&utm_medium=email&fbclid=x",
      },
      ip: randomIp(),
    });
    expect(res.status).toBe(303);
    const form = await detail(await newest());
    expect(form.source).toBe("newsletter");
    expect(form.sourceDetail).toMatchObject({
      page: "/contact",
      referrer: null,
      landingPage: "https://www.example.com/contact?utm_source=newsletter&utm_medium=email",
    });
  });

  it("pages 120 leads in small answers, overdue first, with no duplicate or gap", async () => {
    await db.query(
      `INSERT INTO contact_messages (first_name, email, project_type, message, created_at, reply_due_at)
       SELECT 'Lead ' || i, 'l' || i || '@example.com', 'general', repeat('Long project details. ', 230),
         now() - make_interval(mins => i), CASE WHEN i % 10 = 0 THEN now() - interval '1 minute' ELSE now() + interval '1 hour' END
       FROM generate_series(1, 120) AS i`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: "" | `?${string}` = cursor ? `?cursor=${cursor}` : "";
      const res = await call("GET", `/api/portal/leads${query}`, { token: tokens.ann });
      const page: LeadPage = await answer(res, 200);
      expect((await res.text()).length).toBeLessThan(100_000);
      for (const item of page.items) expect(item.excerpt.length).toBeLessThanOrEqual(200);
      seen.push(...page.items.map((i) => i.id));
      if (pages === 0) expect(page.items.slice(0, 12).every((i) => i.overdue)).toBe(true);
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(120);
    const badCursor = await call("GET", "/api/portal/leads?cursor=nope", { token: tokens.ann });
    expect(badCursor.status).toBe(400);
    expect(await badCursor.json()).toMatchObject({ code: "validation_failed", issues: [{ path: ["cursor"] }] });
    expect((await call("GET", "/api/portal/leads?owner=someone", { token: tokens.ann })).status).toBe(400);
  });

  it("the owners menu lists active staff; reports are for admins", async () => {
    const owners = await answer(await call("GET", "/api/portal/leads/owners", { token: tokens.bob }), 200);
    expect(owners.map((o) => o.displayName)).toEqual(expect.arrayContaining(["Ann Example", "bob", "boss"]));
    expect((await call("GET", "/api/portal/reports/leads", { token: tokens.ann })).status).toBe(403);
    expect((await call("GET", "/api/portal/reports/leads", { token: tokens.boss })).status).toBe(200);
    expect((await call("GET", "/api/portal/reports/leads.csv?table=weekly", { token: tokens.ann })).status).toBe(403);
  });
});
