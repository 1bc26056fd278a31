import { afterAll, beforeAll, expect, it } from "vitest";
import type { ParsedMail } from "mailparser";
import { useBidPdf } from "./pdf-port";
import { CONSENT_HASHES } from "./secrets";
import { bidToSend, fakeBidPdf } from "../../../test/fixtures/sent-bid";
import { call, describeEachBackend, loginAs, answer } from "../../../test/api";
import { bidClient } from "../../../test/fixtures/bid-client";
import { useSmtpServer } from "../../../test/smtp-suite";

const PASSWORD = "correct horse battery";

describeEachBackend("bids: the signer's language, from Send to client to the recorded consent", (db) => {
  const smtp = useSmtpServer();
  let sender = "";

  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
    await db.createStaff("language-sender", PASSWORD);
    sender = await loginAs("language-sender", PASSWORD);
  });
  afterAll(async () => {
    useBidPdf(undefined);
  });

  const to = (mail: ParsedMail) => (mail.to as { text: string }).text;
  const SIGNERS = [
    { name: "María Muñoz", email: "maria-lang@example.com", language: "es" as const },
    { name: "Ben Ruiz", email: "ben-lang@example.com" },
  ];

  it("stores each signer's language (English when not chosen), mails each in it, keeps it on re-issue", async () => {
    const res = await call("POST", "/api/portal/bids", { token: sender, json: bidToSend(SIGNERS) });
    const { versionId } = await answer(res, 201);
    const rows = await db.query<{ email: string; language: string }>(
      "SELECT email, language FROM bid_signers WHERE version_id = $1 ORDER BY position",
      [versionId],
    );
    expect(rows.map((r) => r.language)).toEqual(["es", "en"]);
    await expect
      .poll(() => smtp.received.filter((m) => SIGNERS.some((s) => s.email === to(m))).length, { timeout: 10_000 })
      .toBe(2);
    const spanish = smtp.received.find((m) => to(m) === SIGNERS[0].email)!;
    expect(spanish.subject).toMatch(/^Propuesta de /);
    expect(smtp.received.find((m) => to(m) === SIGNERS[1].email)!.subject).toMatch(/^Proposal from /);

    // The Spanish signer's page shows the Spanish disclosure; the consent records its hash.
    // The link (sent, so wiped from the outbox) opens the Spanish page.
    const secret = /\/bid\/es#([A-Za-z0-9_-]{43})/.exec(spanish.text ?? "")![1]!;
    const view = await answer(await bidClient.open({ secret }), 200);
    expect(view.signer.language).toBe("es");
    expect(view.consent.hash).toBe(CONSENT_HASHES.es);
    expect((await answer(await bidClient.open({ secret, language: "en" }), 200)).consent.hash).toBe(CONSENT_HASHES.en);
    await answer(await bidClient.code({ secret, consent: true, consentHash: CONSENT_HASHES.es }), 200);
    // The code arrives in Spanish (its outbox row is wiped once sent).
    const codeMail = () => smtp.received.find((m) => to(m) === SIGNERS[0].email && /^Su código/.test(m.subject ?? ""));
    await expect.poll(codeMail, { timeout: 10_000 }).toBeDefined();
    const code = /Su código es (\d{6})/.exec(codeMail()!.text ?? "")![1]!;
    await answer(await bidClient.checkCode({ secret, code }), 200);
    const signing = await bidClient.sign({
      secret,
      code,
      name: "María Muñoz",
      drawing: null,
      consentHash: CONSENT_HASHES.es,
      accept: true,
    });
    const signed = await answer(signing, 200);
    expect(signed.consent.hash).toBe(CONSENT_HASHES.es);
    const [recorded] = await db.query<{ consent: string; signed: string }>(
      `SELECT consent_hash AS consent, sign_consent_hash AS signed FROM bid_signers WHERE email = $1`,
      [SIGNERS[0].email],
    );
    expect(recorded).toEqual({ consent: CONSENT_HASHES.es, signed: CONSENT_HASHES.es });
  });

  it("a re-issue keeps each signer's language", async () => {
    const res = await call("POST", "/api/portal/bids", { token: sender, json: bidToSend([SIGNERS[0]]) });
    const { bidId } = await answer(res, 201);
    const again = await call("POST", "/api/portal/bids/:id/reissue", {
      param: { id: bidId },
      token: sender,
      json: { expiresOn: bidToSend([]).expiresOn },
    });
    const { versionId } = await answer(again, 201);
    const [row] = await db.query<{ language: string }>("SELECT language FROM bid_signers WHERE version_id = $1", [
      versionId,
    ]);
    expect(row!.language).toBe("es");
  });

  it("a language other than English or Spanish is refused", async () => {
    const res = await call("POST", "/api/portal/bids", {
      token: sender,
      json: bidToSend([{ name: "X", email: "x-lang@example.com", language: "fr" } as never]),
    });
    expect(res.status).toBe(400);
  });
});
