import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BID_CODE, BID_LIMITS } from "~/schemas/bid-fields";
import { signingKey } from "~/server/auth/tokens";
import { useBidPdf } from "./pdf-port";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "~/server/config";
import { resetEnv } from "~/server/env";
import { WRONG_CODES_MAX } from "./commands/code-check";
import { LINK_READS, WRONG_LINK_LIMIT } from "./commands/link";
import { CONSENT_HASH, sha256Hex } from "./secrets";
import { XSS_PAYLOADS } from "../../../test/fixtures/xss-payloads";
import { bidToSend, fakeBidPdf, queuedCode, queuedSecrets } from "../../../test/fixtures/sent-bid";
import { answer, call, describeEachBackend, loginAs, randomIp } from "../../../test/api";
import { bidClient } from "../../../test/fixtures/bid-client";

const PASSWORD = "correct horse battery";
const SIGNER = { name: "Jo Client", email: "jo@example.com" };
const FAKE_SECRET = "A".repeat(43);

describeEachBackend("bids: what the API refuses", (db) => {
  let sender = "";
  let other = "";

  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
    await db.createStaff("refuse-admin", PASSWORD);
    await db.createStaff("refuse-sender", PASSWORD);
    await db.createStaff("refuse-other", PASSWORD);
    sender = await loginAs("refuse-sender", PASSWORD);
    other = await loginAs("refuse-other", PASSWORD);
  });
  afterAll(() => useBidPdf(undefined));

  type Sent = { bidId: string; versionId: string; secret: string };

  /** Sends a bid and answers its ids and the one signer's secret. */
  const send = async (options: Parameters<typeof bidToSend>[1] = {}, signer = SIGNER): Promise<Sent> => {
    const res = await call("POST", "/api/portal/bids", { token: sender, json: bidToSend([signer], options) });
    const sent = await answer(res, 201);
    return { ...sent, secret: (await queuedSecrets(db, sent.versionId))[signer.email]! };
  };
  const askCode = (secret: string) => bidClient.code({ secret, consent: true, consentHash: CONSENT_HASH });
  const sign = (secret: string, code: string) =>
    bidClient.sign({ secret, code, name: "Jo Client", drawing: null, consentHash: CONSENT_HASH, accept: true });
  /** Declines as the signer does: a code to decline with, then the decline carrying it. */
  const decline = async (secret: string, reason: string, email = SIGNER.email) => {
    expect((await bidClient.declineCode({ secret })).status).toBe(200);
    return bidClient.decline({ secret, reason, code: await queuedCode(db, email) });
  };
  const eventKinds = async (versionId: string) =>
    (
      await db.query<{ kind: string }>("SELECT kind FROM bid_events WHERE version_id = $1 ORDER BY id", [versionId])
    ).map((r) => r.kind);

  it("a wrong secret is 404, then 429 with Retry-After past the limit for that address", async () => {
    const ip = randomIp();
    for (let i = 0; i < WRONG_LINK_LIMIT.max; i++)
      expect((await bidClient.open({ secret: FAKE_SECRET }, { ip })).status).toBe(404);
    const refused = await bidClient.open({ secret: FAKE_SECRET }, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await bidClient.open({ secret: FAKE_SECRET })).status).toBe(404);
  });

  it("a staff token on a client call is refused 403 staff_cannot_sign and records nothing", async () => {
    const { versionId, secret } = await send();
    const before = await eventKinds(versionId);
    for (const refused of [
      async () => answer(await bidClient.open({ secret }, { token: other }), 403),
      async () =>
        answer(await bidClient.code({ secret, consent: true, consentHash: CONSENT_HASH }, { token: other }), 403),
      async () => answer(await bidClient.declineCode({ secret }, { token: other }), 403),
      async () => answer(await bidClient.checkCode({ secret, code: "123456" }, { token: other }), 403),
      async () => answer(await bidClient.decline({ secret, reason: "", code: "123456" }, { token: other }), 403),
    ]) {
      expect((await refused()).code).toBe("staff_cannot_sign");
    }
    expect(await eventKinds(versionId)).toEqual(before);
    const [signer] = await db.query<{ viewed: unknown }>(
      "SELECT viewed_at AS viewed FROM bid_signers WHERE version_id = $1",
      [versionId],
    );
    expect(signer!.viewed).toBeNull();
  });

  /** A portal token signed with `key`, its session `sid`, expiring `expiresIn` seconds from now. */
  const portalToken = async (key: CryptoKey | Uint8Array, expiresIn: number) =>
    new SignJWT({ sid: randomUUID() })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(randomUUID())
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(key);

  it("a signed staff token is refused even when its session ended or it expired", async () => {
    const { versionId, secret } = await send();
    await db.createStaff("refuse-leaver", PASSWORD);
    const ended = await loginAs("refuse-leaver", PASSWORD);
    expect((await call("POST", "/api/portal/logout", { token: ended })).status).toBeLessThan(300);
    for (const token of [ended, await portalToken(await signingKey(), -3600)]) {
      const res = await bidClient.open({ secret }, { token });
      expect((await answer(res, 403)).code).toBe("staff_cannot_sign");
    }
    expect(await eventKinds(versionId)).not.toContain("viewed");
  });

  it("a bearer that does not verify is ignored: the client's page may carry anything", async () => {
    const { secret } = await send();
    const foreign = await portalToken(new TextEncoder().encode("another-secret-".padEnd(48, "y")), 3600);
    for (const token of ["garbage", "a.b.c", foreign])
      expect((await bidClient.open({ secret }, { token })).status).toBe(200);
  });

  it("without a portal secret no token can be staff's: the client is served", async () => {
    const { secret } = await send();
    const saved = process.env.PORTAL_JWT_SECRET;
    delete process.env.PORTAL_JWT_SECRET;
    resetEnv();
    try {
      expect((await bidClient.open({ secret }, { token: other })).status).toBe(200);
    } finally {
      process.env.PORTAL_JWT_SECRET = saved;
      resetEnv();
    }
  });

  it(`${BID_CODE.tries} wrong codes, then the right one is refused too; a new code works`, async () => {
    const { secret, versionId } = await send({}, { name: "Tries", email: "tries@example.com" });
    expect((await askCode(secret)).status).toBe(200);
    const code = await queuedCode(db, "tries@example.com");
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < BID_CODE.tries; i++) {
      const res = await sign(secret, wrong);
      expect((await answer(res, 400)).code).toBe("invalid_code");
    }
    const spent = await sign(secret, code);
    expect((await answer(spent, 400)).error).toMatch(/new code/);
    expect((await askCode(secret)).status).toBe(200);
    expect((await sign(secret, await queuedCode(db, "tries@example.com"))).status).toBe(200);
    expect((await eventKinds(versionId)).filter((k) => k === "code-failed")).toHaveLength(BID_CODE.tries + 1);
  });

  it("one bid's link never acts on another's signer: its code, its decline, its view stay its own", async () => {
    const mine = await send({}, { name: "Mine", email: "mine@example.com" });
    const theirs = await send({}, { name: "Theirs", email: "theirs@example.com" });
    await askCode(theirs.secret);
    const res = await sign(mine.secret, await queuedCode(db, "theirs@example.com"));
    expect(res.status).toBe(400);
    expect((await answer(await bidClient.open({ secret: mine.secret }), 200)).documentId).toBe(mine.versionId);
    expect((await decline(mine.secret, "", "mine@example.com")).status).toBe(200);
    const view = await answer(await bidClient.open({ secret: theirs.secret }), 200);
    expect(view).toMatchObject({ documentId: theirs.versionId, status: "viewed", signer: { declinedAt: null } });
  });

  it(`past ${WRONG_CODES_MAX} wrong codes in all, new codes stop and even the right code is refused`, async () => {
    const { secret } = await send({}, { name: "Guesser", email: "guess@example.com" });
    expect((await askCode(secret)).status).toBe(200);
    const code = await queuedCode(db, "guess@example.com");
    // As if four earlier codes had each used up their tries, and this one has one wrong try left before the bound.
    await db.query("UPDATE bid_signers SET code_failures = $1 WHERE email = 'guess@example.com'", [
      WRONG_CODES_MAX - 1,
    ]);
    expect((await sign(secret, code === "000000" ? "000001" : "000000")).status).toBe(400);
    const right = await sign(secret, code);
    expect((await answer(right, 400)).error).toMatch(/Too many wrong codes/);
    const again = await askCode(secret);
    expect((await answer(again, 400)).code).toBe("invalid_code");
  });

  it("an expired code is refused", async () => {
    const { secret } = await send({}, { name: "Late", email: "late@example.com" });
    await askCode(secret);
    await db.query(
      "UPDATE bid_signers SET code_expires_at = now() - interval '1 second' WHERE email = 'late@example.com'",
    );
    const res = await sign(secret, await queuedCode(db, "late@example.com"));
    expect((await answer(res, 400)).error).toMatch(/expired/);
  });

  it("a disclosure other than today's is refused 409", async () => {
    const { secret } = await send();
    const res = await bidClient.code({ secret, consent: true, consentHash: "0".repeat(64) });
    expect(res.status).toBe(409);
  });

  describe("a version that can no longer be signed answers its status and refuses 410", () => {
    it.each([
      ["replaced", async (bid: { bidId: string }) => void (await send({ bidId: bid.bidId }))],
      [
        "withdrawn",
        async (bid: { bidId: string }) =>
          void (await call("POST", "/api/portal/bids/:id/withdraw", { param: { id: bid.bidId }, token: sender })),
      ],
      ["expired", (bid: { versionId: string }) => expireVersion(bid.versionId)],
      ["declined", async (bid: { secret: string }) => void (await decline(bid.secret, "Too dear"))],
    ] as const)("%s", async (status, close) => {
      const bid = await send();
      await askCode(bid.secret);
      const code = await queuedCode(db, SIGNER.email);
      await close(bid as never);
      const view = await answer(await bidClient.open({ secret: bid.secret }), 200);
      expect(view.status).toBe(status);
      const res = await sign(bid.secret, code);
      expect((await answer(res, 410)).code).toBe("gone");
      expect((await askCode(bid.secret)).status).toBe(410);
    });
  });

  /** Makes a version expire as time would: the guard that keeps sent facts is lifted for this one change. */
  async function expireVersion(versionId: string) {
    await db.query("ALTER TABLE bid_versions DISABLE TRIGGER bid_versions_guard");
    await db.query("UPDATE bid_versions SET expires_on = expires_on - 60 WHERE id = $1", [versionId]);
    await db.query("ALTER TABLE bid_versions ENABLE TRIGGER bid_versions_guard");
  }

  describe("the PDF stays with the client after a decline, an expiry or a signature, not after the company took it back", () => {
    it.each<[string, 200 | 410, (bid: Sent) => Promise<void>]>([
      ["declined", 200, async (bid: Sent) => void (await decline(bid.secret, ""))],
      ["expired", 200, (bid: Sent) => expireVersion(bid.versionId)],
      [
        "accepted",
        200,
        async (bid: Sent) => {
          await askCode(bid.secret);
          expect((await sign(bid.secret, await queuedCode(db, SIGNER.email))).status).toBe(200);
        },
      ],
      ["withdrawn", 410, async (bid: Sent) => void (await withdraw(bid.bidId))],
      ["replaced", 410, async (bid: Sent) => void (await send({ bidId: bid.bidId }))],
    ])("%s: %i", async (_status, expected, close) => {
      const bid = await send();
      await close(bid);
      const res = await bidClient.pdf({ secret: bid.secret });
      expect(res.status).toBe(expected);
      if (expected === 410) expect((await answer(res, 410)).code).toBe("gone");
      else expect(res.headers.get("content-type")).toBe("application/pdf");
    });
  });

  it("a link's PDF and view are rate-limited per link, with Retry-After", async () => {
    const { secret } = await send();
    for (let i = 0; i < LINK_READS.pdf.max; i++) expect((await bidClient.pdf({ secret })).status).toBe(200);
    const refused = await bidClient.pdf({ secret });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The view's budget is larger: filled here as if the page had been opened that often this hour.
    await db.query(
      `INSERT INTO rate_limits (bucket, key, hits) VALUES ('bid-open', $1, array_fill(now(), ARRAY[$2::int]))`,
      [sha256Hex(secret), LINK_READS.open.max],
    );
    expect((await bidClient.open({ secret })).status).toBe(429);
    // Another bid's link is not held back by this one.
    expect((await bidClient.open({ secret: (await send()).secret })).status).toBe(200);
  });

  it("a renewal is asked only after expiry, and tells the sender once a day", async () => {
    const bid = await send();
    expect((await bidClient.renewal({ secret: bid.secret })).status).toBe(409);
    await expireVersion(bid.versionId);
    expect((await bidClient.renewal({ secret: bid.secret })).status).toBe(200);
    expect((await bidClient.renewal({ secret: bid.secret })).status).toBe(200);
    expect((await eventKinds(bid.versionId)).filter((k) => k === "renewal-asked")).toHaveLength(1);
  });

  it("a reissue sends the same document with new links and a new expiry; the old link answers replaced", async () => {
    const bid = await send();
    const expiresOn = bidToSend([SIGNER], { days: 60 }).expiresOn;
    const res = await call("POST", "/api/portal/bids/:id/reissue", {
      param: { id: bid.bidId },
      token: sender,
      json: { expiresOn },
    });
    const again = await answer(res, 201);
    expect(again.version).toBe(2);
    const secret = (await queuedSecrets(db, again.versionId))[SIGNER.email]!;
    expect(secret).not.toBe(bid.secret);
    expect((await answer(await bidClient.open({ secret }), 200)).expiresOn).toBe(expiresOn);
    expect((await answer(await bidClient.open({ secret: bid.secret }), 200)).status).toBe("replaced");
  });

  const reissue = (bidId: string) =>
    call("POST", "/api/portal/bids/:id/reissue", {
      param: { id: bidId },
      token: sender,
      json: { expiresOn: bidToSend([SIGNER]).expiresOn },
    });
  const withdraw = (bidId: string) =>
    call("POST", "/api/portal/bids/:id/withdraw", { param: { id: bidId }, token: sender });

  it("a declined bid can be re-issued as a revised offer, with a working new link; it cannot be withdrawn", async () => {
    const bid = await send({}, { name: "Decliner", email: "decliner@example.com" });
    expect((await decline(bid.secret, "Too dear", "decliner@example.com")).status).toBe(200);
    expect((await withdraw(bid.bidId)).status).toBe(409);
    const res = await reissue(bid.bidId);
    const again = await answer(res, 201);
    expect(again.version).toBe(2);
    const secret = (await queuedSecrets(db, again.versionId))["decliner@example.com"]!;
    expect((await answer(await bidClient.open({ secret }), 200)).status).toBe("viewed");
    // The declined version keeps its decision: it is not marked replaced.
    expect((await answer(await bidClient.open({ secret: bid.secret }), 200)).status).toBe("declined");
  });

  it("an expired bid can be re-issued but not withdrawn; a withdrawn one re-issued but not withdrawn again", async () => {
    const expired = await send();
    await expireVersion(expired.versionId);
    expect((await withdraw(expired.bidId)).status).toBe(409);
    expect((await reissue(expired.bidId)).status).toBe(201);
    const withdrawn = await send();
    expect((await withdraw(withdrawn.bidId)).status).toBe(200);
    expect((await withdraw(withdrawn.bidId)).status).toBe(409);
    expect((await reissue(withdrawn.bidId)).status).toBe(201);
  });

  it("a withdrawal or re-issue that waits on a signature in progress sees it: 409 both", async () => {
    // PGlite has one connection: nothing there runs beside a held transaction. The real server shows the race.
    const [engine] = await db.query<{ v: string }>("SELECT version() AS v");
    if (engine!.v.includes("PGlite")) return;
    const bid = await send({}, { name: "Racer", email: "racer@example.com" });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let signing: Promise<void> | undefined;
    await new Promise<void>((locked) => {
      // What signBid does for the last signer, held open before its commit.
      signing = db.transaction(async (tx) => {
        await tx.query("SELECT 1 FROM bid_versions WHERE id = $1 FOR UPDATE", [bid.versionId]);
        await tx.query("UPDATE bid_signers SET signed_at = now(), signed_name = 'Racer' WHERE version_id = $1", [
          bid.versionId,
        ]);
        await tx.query("UPDATE bid_versions SET accepted_at = now() WHERE id = $1", [bid.versionId]);
        locked();
        await held;
      });
    });
    const answers = Promise.all([withdraw(bid.bidId), reissue(bid.bidId)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await signing;
    expect((await answers).map((r) => r.status)).toEqual([409, 409]);
  });

  it("an accepted bid can be neither re-issued nor withdrawn", async () => {
    const bid = await send({}, { name: "Accepter", email: "accepter@example.com" });
    await askCode(bid.secret);
    expect((await sign(bid.secret, await queuedCode(db, "accepter@example.com"))).status).toBe(200);
    expect((await reissue(bid.bidId)).status).toBe(409);
    expect((await withdraw(bid.bidId)).status).toBe(409);
  });

  it("withdraw and reissue are the sender's or an admin's: anyone else gets 403", async () => {
    const { bidId } = await send();
    expect((await call("POST", "/api/portal/bids/:id/withdraw", { param: { id: bidId }, token: other })).status).toBe(
      403,
    );
    const reissue = { expiresOn: bidToSend([SIGNER]).expiresOn };
    expect(
      (await call("POST", "/api/portal/bids/:id/reissue", { param: { id: bidId }, token: other, json: reissue }))
        .status,
    ).toBe(403);
    const admin = await loginAs("refuse-admin", PASSWORD);
    expect((await call("POST", "/api/portal/bids/:id/withdraw", { param: { id: bidId }, token: admin })).status).toBe(
      200,
    );
  });

  it("an expiry in the past or past 180 days is refused; today and 180 days ahead are taken", async () => {
    for (const [days, status] of [
      [-1, 400],
      [181, 400],
      [0, 201],
      [BID_LIMITS.expiryDays.max, 201],
    ] as const) {
      const res = await call("POST", "/api/portal/bids", { token: sender, json: bidToSend([SIGNER], { days }) });
      expect(res.status, `${days} days`).toBe(status);
    }
  });

  it("names, messages and reasons are stored and answered as the text typed", async () => {
    for (const payload of XSS_PAYLOADS.slice(0, 5)) {
      const signer = { name: payload.slice(0, 200), email: "xss@example.com" };
      const { bidId, secret } = await send({ message: payload }, signer);
      const view = await answer(await bidClient.open({ secret }), 200);
      expect(view.signer.name).toBe(signer.name.trim());
      expect(view.message).toBe(payload.trim());
      expect((await decline(secret, payload.slice(0, 1000), "xss@example.com")).status).toBe(200);
      const detail = await answer(
        await call("GET", "/api/portal/bids/:id", { param: { id: bidId }, token: sender }),
        200,
      );
      expect(detail.signers[0]!.declineReason).toBe(payload.slice(0, 1000).trim());
    }
  });
});
