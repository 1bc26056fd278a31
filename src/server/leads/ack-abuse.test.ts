import { beforeEach, expect, it } from "vitest";
import { SPAM_RULES } from "~/schemas/contact-fields";
import { call, describeEachBackend, randomIp } from "../../../test/api";
import { useSmtpServer } from "../../../test/smtp-suite";

const PHISH = "Your account is locked: reset at https://evil.test/reset now";
const links = (n: number) => Array.from({ length: n }, (_, i) => `https://spam${i}.example`).join(" ");

describeEachBackend("the acknowledgement lends the company's name to no stranger", (db) => {
  const smtp = useSmtpServer();
  beforeEach(async () => {
    await db.query("DELETE FROM notification_outbox");
    smtp.received.length = 0;
  });

  const send = async (body: object, headers?: Record<string, string>) => {
    const json = { firstName: "Dana", email: "dana@example.com", message: "Repaint 40 units", fillMs: 60_000, ...body };
    const res = await call("POST", "/api/contact", { json, ip: randomIp(), headers });
    expect(res.status, await res.clone().text()).toBe(201);
  };
  const acknowledgedTo = () =>
    db.query<{ recipient: string }>("SELECT recipient FROM notification_outbox WHERE kind = 'lead-ack' ORDER BY id");
  const ackText = async (address: string) => {
    await expect
      .poll(() => smtp.received.find((m) => (m.to as { text: string }).text === address), { timeout: 10_000 })
      .toBeDefined();
    return smtp.received.find((m) => (m.to as { text: string }).text === address)!.text!;
  };

  it.each([
    ["a sentence with a link", PHISH],
    ["a link alone", "https://evil.test"],
    ["digits and symbols", "Call 555-0100 now!"],
    ["a name past 40 characters", "Bartholomew Maximilian Fitzgerald-Worthington"],
    ["a line break", "Dana\nVisit evil.test"],
  ])("a first name that is %s is not quoted: the greeting has no name", async (_, firstName) => {
    const email = `v${Math.random().toString(36).slice(2, 8)}@example.com`;
    await send({ firstName, email });
    const text = await ackText(email);
    expect(text).toMatch(/(^|\n)Hello,\s/);
    expect(text).not.toContain(firstName);
    expect(text).not.toContain("evil.test");
  });

  it("the Spanish acknowledgement quotes no stranger either", async () => {
    const email = `s${Math.random().toString(36).slice(2, 8)}@example.com`;
    await send({ firstName: PHISH, email }, { "accept-language": "es-MX,es;q=0.9" });
    const text = await ackText(email);
    expect(text).toMatch(/(^|\n)Hola:\s/);
    expect(text).not.toContain("evil.test");
  });

  it.each(["Dana", "José María", "O'Brien", "Anne-Marie", "Nguyễn", "Łukasz", "Ἀλέξανδρος", "山田"])(
    "a first name that looks like one (%s) is greeted",
    async (firstName) => {
      const email = `n${Math.random().toString(36).slice(2, 8)}@example.com`;
      await send({ firstName, email });
      expect(await ackText(email)).toContain(`Hello ${firstName},`);
    },
  );

  it("one acknowledgement per mailbox and day: case, +tags and Gmail's dots are folded", async () => {
    await send({ email: "Victim+1@Example.com" });
    await send({ email: "victim+2@example.com" });
    await send({ email: "VICTIM@example.com" });
    await send({ email: "first.last@gmail.com" });
    await send({ email: "FirstLast+x@googlemail.com" });
    await send({ email: "f.i.r.s.t.l.a.s.t@gmail.com" });
    expect((await acknowledgedTo()).map((r) => r.recipient)).toEqual(["Victim+1@Example.com", "first.last@gmail.com"]);
  });

  it("dots still count at providers that keep them", async () => {
    await send({ email: "first.last@example.com" });
    await send({ email: "firstlast@example.com" });
    expect(await acknowledgedTo()).toHaveLength(2);
  });

  it("links in the name and other fields count toward the spam rule", async () => {
    const name = `Case${Math.random().toString(36).slice(2, 8)}`;
    await send({ firstName: name, lastName: links(2), message: `See ${links(SPAM_RULES.maxLinks - 1)}` });
    const [row] = await db.query<{ spam_reason: string | null }>(
      "SELECT spam_reason FROM contact_messages WHERE first_name = $1",
      [name],
    );
    expect(row).toEqual({ spam_reason: "links" });
    expect(await acknowledgedTo()).toHaveLength(0);
  });
});
