import { beforeAll, expect, it } from "vitest";
import { CONTACT_FORM_REDIRECTS, CONTACT_RATE_LIMIT } from "~/server/config";
import { call, callUnchecked, describeEachBackend, loginAs, randomIp, answer } from "../../../test/api";

const message = {
  firstName: "Dana",
  lastName: "Ortiz",
  email: "dana@example.com",
  phone: "713-555-0100",
  projectType: "general",
  message: "Repaint 40 units",
};

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

describeEachBackend("contact messages", (db) => {
  let token = "";
  beforeAll(async () => {
    await db.createStaff("office", "correct horse battery");
    token = await loginAs("office", "correct horse battery");
  });

  const count = async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM contact_messages"))[0]!.n;

  it("stores a message and lists it to staff, newest first", async () => {
    const ip = randomIp();
    const res = await call("POST", "/api/contact", { json: message, ip });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ ok: true });
    await call("POST", "/api/contact", { json: { ...message, firstName: "Later", phone: undefined }, ip });
    const list = await call("GET", "/api/contacts", { token });
    const [newest, older] = await answer(list, 200);
    expect(newest).toMatchObject({ firstName: "Later", phone: null, handled: false });
    expect(older).toMatchObject({ ...message, handled: false });
    expect(new Date(older!.createdAt as string).toISOString()).toBe(older!.createdAt);
  });

  it("fills lastName and projectType defaults", async () => {
    const res = await call("POST", "/api/contact", {
      json: { firstName: "Solo", email: "solo@example.com", message: "hi" },
      ip: randomIp(),
    });
    expect(res.status).toBe(201);
    const [row] = await db.query("SELECT last_name, project_type FROM contact_messages WHERE first_name = 'Solo'");
    expect(row).toEqual({ last_name: "", project_type: "general" });
  });

  it("answers a filled honeypot like a success and keeps the message as spam", async () => {
    const before = await count();
    const res = await call("POST", "/api/contact", {
      json: { ...message, website: "http://spam.example" },
      ip: randomIp(),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(await count()).toBe(before + 1);
    expect(await db.query("SELECT spam_reason FROM contact_messages ORDER BY created_at DESC LIMIT 1")).toEqual([
      { spam_reason: "honeypot" },
    ]);
  });

  it.each([
    ["no first name", { ...message, firstName: "" }, "firstName"],
    ["bad email", { ...message, email: "not-an-email" }, "email"],
    ["no message", { ...message, message: " " }, "message"],
    ["name over 100", { ...message, firstName: "x".repeat(101) }, "firstName"],
    ["email over 254", { ...message, email: `${"x".repeat(250)}@example.com` }, "email"],
    ["phone over 40", { ...message, phone: "1".repeat(41) }, "phone"],
    ["message over 5000", { ...message, message: "x".repeat(5001) }, "message"],
  ])("400 for %s", async (_name, body, path) => {
    const res = await call("POST", "/api/contact", { json: body, ip: randomIp() });
    const { issues } = await answer(res, 400);
    expect(issues?.map((i) => i.path.join("."))).toContain(path);
  });

  it(`429 with Retry-After after ${CONTACT_RATE_LIMIT.perIp} messages from one IP in the window`, async () => {
    const ip = randomIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.perIp; i++)
      expect((await call("POST", "/api/contact", { json: message, ip })).status).toBe(201);
    const blocked = await call("POST", "/api/contact", { json: message, ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call("POST", "/api/contact", { json: message, ip: randomIp() })).status).toBe(201);
  });

  it(`holds under concurrency: 20 parallel messages from one IP store exactly ${CONTACT_RATE_LIMIT.perIp}`, async () => {
    const ip = randomIp();
    const before = await count();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call("POST", "/api/contact", { json: message, ip })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([
      ...Array(CONTACT_RATE_LIMIT.perIp).fill(201),
      ...Array(20 - CONTACT_RATE_LIMIT.perIp).fill(429),
    ]);
    expect((await count()) - before).toBe(CONTACT_RATE_LIMIT.perIp);
  });

  it("without a client address the limit is per sender e-mail, not one bucket for every such message", async () => {
    const from = (email: string) => call("POST", "/api/contact", { json: { ...message, email }, ip: "" });
    const email = `no-address-${Date.now()}@example.com`;
    for (let i = 0; i < CONTACT_RATE_LIMIT.perIp; i++) expect((await from(email)).status).toBe(201);
    expect((await from(email.toUpperCase())).status).toBe(429);
    expect((await from(`other-${email}`)).status).toBe(201);
  });

  it("admits again once the oldest message leaves the window", async () => {
    const ip = randomIp();
    // Five hits, the oldest just outside the window: four count, so one more is admitted, then none.
    await db.query(
      "INSERT INTO rate_limits (bucket, key, hits) VALUES ('contact', $1, ARRAY[now() - make_interval(secs => $2 + 1)] || array_fill(now() - interval '1 minute', ARRAY[4]))",
      [ip, CONTACT_RATE_LIMIT.windowSeconds],
    );
    expect((await call("POST", "/api/contact", { json: message, ip })).status).toBe(201);
    const blocked = await call("POST", "/api/contact", { json: message, ip });
    expect(blocked.status).toBe(429);
    // The oldest counted hit is a minute old: the window reopens in (window - 60) seconds.
    const retry = Number(blocked.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(CONTACT_RATE_LIMIT.windowSeconds - 70);
    expect(retry).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds - 60);
  });

  it("415, 400 and 413 for bad bodies", async () => {
    expect(
      (await callUnchecked("POST", "/api/contact", { raw: "hello", headers: { "content-type": "text/plain" } })).status,
    ).toBe(415);
    expect(
      (await callUnchecked("POST", "/api/contact", { raw: "{", headers: { "content-type": "application/json" } }))
        .status,
    ).toBe(400);
    expect((await call("POST", "/api/contact", { json: { ...message, message: "x".repeat(1_100_000) } })).status).toBe(
      413,
    );
  });

  it("marks a message handled, and back", async () => {
    await call("POST", "/api/contact", { json: { ...message, firstName: "Handle" }, ip: randomIp() });
    const [row] = await db.query<{ id: string }>("SELECT id FROM contact_messages WHERE first_name = 'Handle'");
    const res = await call("PATCH", "/api/contacts/:id", { param: { id: row!.id }, token, json: { handled: true } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: row!.id, handled: true });
    const back = await call("PATCH", "/api/contacts/:id", { param: { id: row!.id }, token, json: { handled: false } });
    expect(await back.json()).toMatchObject({ handled: false });
    const empty = await call("PATCH", "/api/contacts/:id", { param: { id: row!.id }, token });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ handled: true });
    expect(
      (await callUnchecked("PATCH", "/api/contacts/:id", { param: { id: row!.id }, token, json: { handled: "yes" } }))
        .status,
    ).toBe(400);
    expect(
      (await callUnchecked("PATCH", "/api/contacts/:id", { param: { id: row!.id }, token, raw: "handled=true" }))
        .status,
    ).toBe(415);
    expect(
      (
        await callUnchecked("PATCH", "/api/contacts/:id", {
          param: { id: row!.id },
          token,
          raw: "{",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);
  });

  it("404 for unknown or non-UUID contact ids, 405 for other methods", async () => {
    expect(
      (
        await call("PATCH", "/api/contacts/:id", {
          param: { id: "00000000-0000-4000-8000-000000000000" },
          token,
          json: { handled: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call("PATCH", "/api/contacts/:id", { param: { id: "abc" }, token, json: { handled: true } })).status,
    ).toBe(404);
    const res = await callUnchecked("DELETE", "/api/contacts/00000000-0000-4000-8000-000000000000", { token });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("PATCH");
    expect((await callUnchecked("GET", "/api/contact")).headers.get("allow")).toBe("POST");
    expect((await callUnchecked("POST", "/api/contacts", { token, json: {} })).headers.get("allow")).toBe("GET");
  });

  it("401 for staff contact endpoints without a token", async () => {
    expect((await call("GET", "/api/contacts")).status).toBe(401);
    expect(
      (
        await call("PATCH", "/api/contacts/:id", {
          param: { id: "00000000-0000-4000-8000-000000000000" },
          json: { handled: true },
        })
      ).status,
    ).toBe(401);
  });

  it("no-JavaScript form: splits the full name, stores and redirects 303 to the thanks page", async () => {
    const res = await call("POST", "/api/contact/form", {
      ...form({ fullName: "Mary Ann Lee", email: "mary@example.com", phone: "", message: "Quote please", website: "" }),
      ip: randomIp(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(CONTACT_FORM_REDIRECTS.success);
    const [row] = await db.query(
      "SELECT first_name, last_name, phone, project_type FROM contact_messages WHERE email = 'mary@example.com'",
    );
    expect(row).toEqual({ first_name: "Mary", last_name: "Ann Lee", phone: null, project_type: "general" });
  });

  it("no-JavaScript form: honeypot, invalid input and throttling", async () => {
    const before = await count();
    const spam = await call("POST", "/api/contact/form", {
      ...form({ fullName: "Bot", email: "bot@example.com", message: "buy", website: "x" }),
      ip: randomIp(),
    });
    expect(spam.headers.get("location")).toBe(CONTACT_FORM_REDIRECTS.success);
    expect(await count()).toBe(before + 1);
    const invalid = await call("POST", "/api/contact/form", {
      ...form({ fullName: "", email: "nope", message: "" }),
      ip: randomIp(),
    });
    expect(invalid.status).toBe(303);
    expect(invalid.headers.get("location")).toBe(`${CONTACT_FORM_REDIRECTS.error}?reason=invalid`);
    const ip = randomIp();
    const fields = form({ fullName: "Repeat Sender", email: "r@example.com", message: "again" });
    for (let i = 0; i < CONTACT_RATE_LIMIT.perIp; i++) await call("POST", "/api/contact/form", { ...fields, ip });
    // The JSON endpoint and the form share one counter.
    const limited = await call("POST", "/api/contact", { json: message, ip });
    expect(limited.status).toBe(429);
    const formLimited = await call("POST", "/api/contact/form", { ...fields, ip });
    expect(formLimited.headers.get("location")).toBe(`${CONTACT_FORM_REDIRECTS.error}?reason=rate-limited`);
  });
});
