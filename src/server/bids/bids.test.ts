import { afterAll, beforeAll, expect, it } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import type { ParsedMail } from "mailparser";
import { bidDetailSchema, bidSummarySchema, bidVerificationSchema, bidViewSchema } from "~/schemas/bids";
import { portalSessionSchema } from "~/schemas/sessions";
import { z } from "~/schemas/zod";
import { useBidPdf } from "./pdf-port";
import { CONSENT_HASH, sha256Hex } from "./secrets";
import { resetEnv } from "~/server/env";
import { exportEverything } from "~/server/export/queries";
import { bidToSend, fakeBidPdf } from "../../../test/fixtures/sent-bid";
import { call, describeEachBackend, loginAs, answer } from "../../../test/api";
import { bidClient } from "../../../test/fixtures/bid-client";
import { startSmtp, type TestSmtp } from "../../../test/smtp";

const PASSWORD = "correct horse battery";
const SIGNERS = [
  { name: "Ana <b>Ruiz</b>", email: "ana@example.com" },
  { name: "Ben Ruiz", email: "ben@example.com" },
];
const MESSAGE = "Looking forward <script>alert(1)</script> to it";

describeEachBackend("bids: send, open, sign, seal, verify", (db) => {
  let smtp: TestSmtp;
  let token = "";
  const engine = fakeBidPdf();

  beforeAll(async () => {
    useBidPdf(engine);
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url;
    resetEnv();
    const id = await db.createStaff("flow-sender", PASSWORD);
    await db.query("UPDATE staff_users SET email = 'sender@example.com', display_name = 'Sam Sender' WHERE id = $1", [
      id,
    ]);
    token = await loginAs("flow-sender", PASSWORD);
  });
  afterAll(async () => {
    useBidPdf(undefined);
    delete process.env.SMTP_URL;
    resetEnv();
    await smtp.close();
  });

  const to = (mail: ParsedMail) => (mail.to as { text: string }).text;
  const mailTo = (address: string, subject: RegExp) =>
    expect
      .poll(() => smtp.received.find((m) => to(m) === address && subject.test(m.subject ?? "")), { timeout: 10_000 })
      .toBeDefined();
  const find = (address: string, subject: RegExp) =>
    smtp.received.findLast((m) => to(m) === address && subject.test(m.subject ?? ""))!;
  /** The signing page on a phone: its user agent is what the events record. */
  const phone = { headers: { "user-agent": "FlowPhone/1" } };
  const check = (schema: Parameters<typeof z.safeParse>[0], value: unknown) =>
    expect(z.safeParse(schema, value).error).toBeUndefined();

  let bidId = "";
  const secrets: Record<string, string> = {};

  it("sends one link e-mail per signer naming the sender, project, amount, expiry and message", async () => {
    const res = await call("POST", "/api/portal/bids", { token, json: bidToSend(SIGNERS, { message: MESSAGE }) });
    ({ bidId } = await answer(res, 201));
    for (const s of SIGNERS) {
      await mailTo(s.email, /Proposal from/);
      const mail = find(s.email, /Proposal from/);
      secrets[s.email] = /\/bid#([A-Za-z0-9_-]{43})/.exec(mail.text!)![1]!;
      expect(mail.text).toContain("Sam Sender");
      expect(mail.text).toContain("$485,000.00");
      expect(mail.text).toContain("Bayou Lofts repaint");
      expect(mail.text).toContain(MESSAGE);
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).toContain("&lt;script&gt;");
    }
    // The secret is only in the e-mail: neither the outbox nor the signers' rows nor their links keep it.
    const stored = JSON.stringify(await db.query("SELECT * FROM bid_signers s JOIN bid_links l ON l.signer_id = s.id"));
    expect(stored).not.toContain(secrets["ana@example.com"]);
    expect(stored).toContain(sha256Hex(secrets["ana@example.com"]!));
    const outbox = JSON.stringify(await db.query("SELECT facts FROM notification_outbox WHERE kind = 'bid-link'"));
    expect(outbox).not.toContain(secrets["ana@example.com"]);
  });

  it("the first open records the view and tells the sender; the address is masked", async () => {
    const view = await answer(await bidClient.open({ secret: secrets["ana@example.com"]! }, phone), 200);
    check(bidViewSchema, view);
    expect(view.status).toBe("viewed");
    expect(view.signer.email).toBe("a•••@example.com");
    expect(view.consent.hash).toBe(CONSENT_HASH);
    await answer(await bidClient.open({ secret: secrets["ana@example.com"]! }, phone), 200);
    const views = await db.query<{ ip: string; ua: string }>(
      "SELECT ip, user_agent AS ua FROM bid_events WHERE kind = 'viewed'",
    );
    expect(views).toHaveLength(1);
    expect(views[0]!.ua).toBe("FlowPhone/1");
    await mailTo("sender@example.com", /Bid update/);
    const update = find("sender@example.com", /Bid update/);
    expect(update.text).toContain("Ana <b>Ruiz</b> opened the proposal.");
    expect(update.html).toContain("Ana &lt;b&gt;Ruiz&lt;/b&gt; opened");
    const session = await answer(await call("GET", "/api/portal/session", { token }), 200);
    check(portalSessionSchema, session);
    expect(session.bidUpdates).toBe(1);
    await call("POST", "/api/portal/bids/seen", { token });
    expect((await answer(await call("GET", "/api/portal/session", { token }), 200)).bidUpdates).toBe(0);
  });

  /** Consents, takes the code from the e-mail and signs. */
  async function signAs(email: string) {
    const secret = secrets[email]!;
    await answer(await bidClient.code({ secret, consent: true, consentHash: CONSENT_HASH }, phone), 200);
    await mailTo(email, /Your code/);
    const code = /code is (\d{6})/.exec(find(email, /Your code/).text!)![1]!;
    const signed = await bidClient.sign(
      { secret, code, name: "Typed Name", drawing: null, consentHash: CONSENT_HASH, accept: true },
      phone,
    );
    return answer(signed, 200);
  }

  it("signing by every signer accepts the bid, seals it and e-mails the sealed PDF to all", async () => {
    expect((await signAs("ana@example.com")).status).toBe("viewed");
    const last = await signAs("ben@example.com");
    expect(last.status).toBe("accepted");
    for (const address of [...SIGNERS.map((s) => s.email), "sender@example.com"])
      await mailTo(address, /Signed proposal/);
    const sealedMail = find("ana@example.com", /Signed proposal/);
    const pdf = sealedMail.attachments[0]!;
    expect(pdf.contentType).toBe("application/pdf");
    const text = pdf.content.toString();
    // The certificate was rendered with every event so far, the signatures included.
    expect(text).toContain('"kind":"signed"');
    expect(text).toContain("% sealed");
    const verify = await call("GET", "/api/verify/:sha256", { param: { sha256: sha256Hex(pdf.content) } });
    const verification = await answer(verify, 200);
    check(bidVerificationSchema, verification);
    expect(verification.signers).toHaveLength(2);
  });

  it("the pipeline, the detail and the PDF", async () => {
    const list = await answer(await call("GET", "/api/portal/bids", { token }), 200);
    check(z.array(bidSummarySchema), list);
    expect(list[0]).toMatchObject({
      id: bidId,
      status: "accepted",
      sealed: true,
      client: "Ana <b>Ruiz</b> & Ben Ruiz",
    });
    const detail = await answer(await call("GET", "/api/portal/bids/:id", { param: { id: bidId }, token }), 200);
    check(bidDetailSchema, detail);
    const kinds = detail.events.map((e) => e.kind);
    expect(kinds[0]).not.toBe("sent");
    expect(kinds).toContain("sealed");
    // Each e-mail that carries a document is noted with what it carried: the links, then the sealed PDF.
    const mailed = detail.events.filter((e) => e.kind === "emailed").map((e) => e.detail?.split(" to ")[0]);
    expect(mailed).toEqual(expect.arrayContaining(["link", "signed PDF"]));
    const pdf = await call("GET", "/api/portal/bids/:id/pdf", { param: { id: bidId }, token });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="Bayou-Lofts-repaint-signed.pdf"');
    expect(new TextDecoder().decode(await pdf.arrayBuffer())).toContain("% sealed");
  });

  it("the company export holds the sealed PDF and its event log", async () => {
    const files = unzipSync(await exportEverything(db, "flow-sender"));
    const pdf = files[`bids/${bidId}/v1-signed.pdf`]!;
    expect(strFromU8(pdf)).toContain("% sealed");
    const log = JSON.parse(strFromU8(files[`bids/${bidId}/v1-events.json`]!)) as {
      sealedSha256: string;
      events: { kind: string }[];
    };
    expect(log.sealedSha256).toBe(sha256Hex(pdf));
    expect(log.events.map((e) => e.kind)).toEqual(expect.arrayContaining(["sent", "viewed", "signed", "sealed"]));
    expect(JSON.parse(strFromU8(files["manifest.json"]!))).toMatchObject({ counts: { signedBids: 1 } });
  });

  it("an unknown fingerprint is 404 not_found", async () => {
    const res = await call("GET", "/api/verify/:sha256", { param: { sha256: "0".repeat(64) } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "No document sealed by us has this fingerprint", code: "not_found" });
  });
});
