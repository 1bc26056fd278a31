import type { ParsedMail } from "mailparser";
import { expect, it } from "vitest";
import { LEAD_ACK_SUBJECT } from "~/content/lead-acknowledgement";
import { LEAD_ACK_SUBJECT_ES } from "~/content/lead-acknowledgement-es";
import { call, callUnchecked, describeEachBackend, randomIp } from "../../../test/api";
import { useSmtpServer } from "../../../test/smtp-suite";

describeEachBackend("the lead's acknowledgement speaks the language the browser preferred", () => {
  const smtp = useSmtpServer();

  const to = (mail: ParsedMail) => (mail.to as { text: string }).text;
  const send = (email: string, acceptLanguage: string) =>
    call("POST", "/api/contact", {
      json: { firstName: "Lucía", lastName: "Ortiz", email, message: "Pintar 40 departamentos" },
      ip: randomIp(),
      headers: { "accept-language": acceptLanguage },
    });
  const ackTo = (email: string) =>
    expect.poll(() => smtp.received.find((m) => to(m) === email), { timeout: 10_000 }).toBeDefined();

  it.each([
    ["es-MX,es;q=0.9,en;q=0.8", "ack-es@example.com", LEAD_ACK_SUBJECT_ES, "Hola, Lucía:"],
    ["en-US,en;q=0.9,es;q=0.8", "ack-en@example.com", LEAD_ACK_SUBJECT, "Lucía"],
  ])("Accept-Language %s", async (header, email, subject, greeting) => {
    expect((await send(email, header)).status).toBe(201);
    await ackTo(email);
    const ack = smtp.received.find((m) => to(m) === email)!;
    expect(ack.subject).toBe(subject);
    expect(ack.text).toContain(greeting);
  });

  it("the form post (no script) reads the header too", async () => {
    const body = new URLSearchParams({
      fullName: "Lucía Ortiz",
      email: "ack-form@example.com",
      message: "Pintar 40 departamentos",
    });
    const res = await callUnchecked("POST", "/api/contact/form", {
      raw: body.toString(),
      ip: randomIp(),
      headers: { "accept-language": "es", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBeLessThan(400);
    await ackTo("ack-form@example.com");
    expect(smtp.received.find((m) => to(m) === "ack-form@example.com")!.subject).toBe(LEAD_ACK_SUBJECT_ES);
  });
});
