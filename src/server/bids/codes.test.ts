import { afterAll, beforeAll, expect, it } from "vitest";
import type { ParsedMail } from "mailparser";
import { BID_CODE } from "~/schemas/bid-fields";
import { bidCodeCheckAnswerSchema } from "~/schemas/bids";
import { z } from "~/schemas/zod";
import { WRONG_CODES_MAX } from "./commands/code-check";
import { useBidPdf } from "./pdf-port";
import { CONSENT_HASH } from "./secrets";
import { bidToSend, fakeBidPdf } from "../../../test/fixtures/sent-bid";
import { call, callUnchecked, describeEachBackend, loginAs, randomIp, answer } from "../../../test/api";
import { bidClient } from "../../../test/fixtures/bid-client";
import { useSmtpServer } from "../../../test/smtp-suite";

const PASSWORD = "correct horse battery";

/**
 * The code checked when it is typed, and the forwarded link: each test first does what an attacker (or the
 * bug) did before, and holds that it is now refused.
 */
describeEachBackend(
  "bids: the code is checked when typed; a forwarded link can neither decline nor lock out quietly",
  (db) => {
    const smtp = useSmtpServer();
    let sender = "";

    beforeAll(async () => {
      useBidPdf(fakeBidPdf());
      const id = await db.createStaff("codes-sender", PASSWORD);
      await db.query("UPDATE staff_users SET email = 'codes-sender@example.com' WHERE id = $1", [id]);
      sender = await loginAs("codes-sender", PASSWORD);
    });
    afterAll(async () => {
      useBidPdf(undefined);
    });

    let count = 0;
    /** Sends a bid to a new signer; answers the ids, the secret and the signer's address. */
    const send = async () => {
      const email = `codes-${++count}@example.com`;
      const res = await call("POST", "/api/portal/bids", { token: sender, json: bidToSend([{ name: "Cal", email }]) });
      const sent = await answer(res, 201);
      // The link as the e-mail brought it (its outbox row is wiped once sent).
      const linkMail = () => smtp.received.find((m) => to(m) === email && /#[A-Za-z0-9_-]{43}/.test(m.text ?? ""));
      await expect.poll(linkMail, { timeout: 10_000 }).toBeDefined();
      return { ...sent, email, secret: /#([A-Za-z0-9_-]{43})/.exec(linkMail()!.text!)![1]! };
    };
    const to = (mail: ParsedMail) => (mail.to as { text: string }).text;
    /** The codes e-mailed to `email` so far, oldest first. */
    const codesTo = (email: string) =>
      smtp.received.flatMap((m) => {
        const code = to(m) === email ? /Your code is (\d{6})/.exec(m.text ?? "")?.[1] : undefined;
        return code ? [code] : [];
      });
    /** Asks for a code (to sign or to decline) and answers it as the e-mail brought it. */
    const mailedCode = async (email: string, ask: () => Promise<Response>) => {
      const before = codesTo(email).length;
      expect((await ask()).status).toBe(200);
      await expect.poll(() => codesTo(email).length, { timeout: 10_000 }).toBe(before + 1);
      return codesTo(email).at(-1)!;
    };
    const askCode = (secret: string, email: string) =>
      mailedCode(email, () => bidClient.code({ secret, consent: true, consentHash: CONSENT_HASH }));
    const checkCode = async (secret: string, code: string) => {
      const checked = await answer(await bidClient.checkCode({ secret, code }), 200);
      expect(z.safeParse(bidCodeCheckAnswerSchema, checked).error).toBeUndefined();
      return checked;
    };
    const sign = (secret: string, code: string) =>
      bidClient.sign({ secret, code, name: "Cal", drawing: null, consentHash: CONSENT_HASH, accept: true });
    const wrongFor = (code: string) => (code === "000000" ? "000001" : "000000");
    const signerRow = async (email: string) =>
      (
        await db.query<{ tries: number; failures: number; declined: unknown }>(
          `SELECT code_tries AS tries, code_failures AS failures, declined_at AS declined FROM bid_signers WHERE email = $1`,
          [email],
        )
      )[0]!;

    it("a wrong code is refused on the code screen with the tries left, and each check counts", async () => {
      const { secret, email } = await send();
      const code = await askCode(secret, email);
      expect(await checkCode(secret, wrongFor(code))).toEqual({
        confirmed: false,
        reason: "wrong",
        triesLeft: BID_CODE.tries - 1,
      });
      expect(await signerRow(email)).toMatchObject({ tries: 1, failures: 1 });
      expect(await checkCode(secret, code)).toEqual({ confirmed: true, reason: null, triesLeft: BID_CODE.tries - 2 });
      expect((await signerRow(email)).tries).toBe(2);
    });

    it("the signature carries the confirmed code without spending a try: four wrong, one right, then signed", async () => {
      const { secret, email } = await send();
      const code = await askCode(secret, email);
      for (let i = 1; i < BID_CODE.tries; i++) await checkCode(secret, wrongFor(code));
      expect((await checkCode(secret, code)).confirmed).toBe(true);
      const signed = await sign(secret, code);
      expect(signed.status, await signed.clone().text()).toBe(200);
      expect((await signerRow(email)).tries).toBe(BID_CODE.tries);
    });

    it(`checks are tries: after ${BID_CODE.tries} wrong checks the right code is refused as spent`, async () => {
      const { secret, email } = await send();
      const code = await askCode(secret, email);
      for (let i = 0; i < BID_CODE.tries; i++) await checkCode(secret, wrongFor(code));
      expect(await checkCode(secret, code)).toEqual({ confirmed: false, reason: "spent", triesLeft: 0 });
      expect((await sign(secret, code)).status).toBe(400);
    });

    it("a new code undoes the confirmation of the last one", async () => {
      const { secret, email } = await send();
      const first = await askCode(secret, email);
      expect((await checkCode(secret, first)).confirmed).toBe(true);
      const second = await askCode(secret, email);
      if (second !== first) expect((await sign(secret, first)).status).toBe(400);
      expect((await checkCode(secret, second)).confirmed).toBe(true);
      expect((await sign(secret, second)).status).toBe(200);
    });

    it("a forwarded link cannot decline without the e-mailed code", async () => {
      const { secret, email } = await send();
      // The attack that succeeded before: the link alone declined.
      const bare = await callUnchecked("POST", "/api/bids/decline", {
        json: { secret, reason: "Forwarded" },
        ip: randomIp(),
      });
      expect(bare.status).toBe(400);
      const guessed = await bidClient.decline({ secret, reason: "Forwarded", code: "123456" });
      expect((await answer(guessed, 400)).code).toBe("invalid_code");
      expect((await signerRow(email)).declined).toBeNull();
      // The signer, with their mailbox, declines; the decline code records no consent to sign electronically.
      const code = await mailedCode(email, () => bidClient.declineCode({ secret }));
      const declined = await bidClient.decline({ secret, reason: "Too dear", code });
      expect(declined.status, await declined.clone().text()).toBe(200);
      expect((await signerRow(email)).declined).not.toBeNull();
      const [consent] = await db.query<{ at: unknown }>("SELECT consented_at AS at FROM bid_signers WHERE email = $1", [
        email,
      ]);
      expect(consent!.at).toBeNull();
    });

    const pipeline = async () => answer(await call("GET", "/api/portal/bids", { token: sender }), 200);

    it("spending a signer's last wrong code tells the sender at once and the pipeline shows it until re-issued", async () => {
      const { bidId, secret, email } = await send();
      const code = await askCode(secret, email);
      // As if four earlier codes had each used up their tries: one wrong code is left before the bound.
      await db.query("UPDATE bid_signers SET code_failures = $1 WHERE email = $2", [WRONG_CODES_MAX - 1, email]);
      expect((await pipeline()).find((b) => b.id === bidId)!.codesSpentBy).toBeNull();
      expect(await checkCode(secret, wrongFor(code))).toMatchObject({ confirmed: false, triesLeft: 0 });
      await expect
        .poll(
          () =>
            smtp.received.find(
              (m) => to(m) === "codes-sender@example.com" && /used up its wrong codes/.test(m.text ?? ""),
            ),
          { timeout: 10_000 },
        )
        .toBeDefined();
      expect((await pipeline()).find((b) => b.id === bidId)!.codesSpentBy).toBe("Cal");
      expect((await checkCode(secret, code)).reason).toBe("locked");
      const reissued = await call("POST", "/api/portal/bids/:id/reissue", {
        param: { id: bidId },
        token: sender,
        json: { expiresOn: bidToSend([]).expiresOn },
      });
      expect(reissued.status).toBe(201);
      expect((await pipeline()).find((b) => b.id === bidId)!.codesSpentBy).toBeNull();
    });

    it("the sign route spending the last wrong code tells the sender too", async () => {
      const { secret, email } = await send();
      const code = await askCode(secret, email);
      await db.query("UPDATE bid_signers SET code_failures = $1 WHERE email = $2", [WRONG_CODES_MAX - 1, email]);
      const before = smtp.received.length;
      expect((await sign(secret, wrongFor(code))).status).toBe(400);
      await expect
        .poll(() => smtp.received.slice(before).filter((m) => /used up its wrong codes/.test(m.text ?? "")).length, {
          timeout: 10_000,
        })
        .toBe(1);
    });
  },
);
