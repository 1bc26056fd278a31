import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { useBidPdf } from "~/server/bids/pdf-port";
import { CONSENT_HASH } from "~/server/bids/secrets";
import { leadDetail } from "./queries/leads";
import { bidToSend, fakeBidPdf, queuedCode, queuedSecrets } from "../../../test/fixtures/sent-bid";
import { answer, call, describeEachBackend, loginAs, randomIp } from "../../../test/api";
import { bidClient } from "../../../test/fixtures/bid-client";

const PASSWORD = "correct horse battery";
const SIGNER = { name: "Jo Client", email: "jo@example.com" };

describeEachBackend("leads: proposals sent from a lead", (db) => {
  let token = "";
  let lead = "";

  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
    await db.createStaff("proposal-sender", PASSWORD);
    token = await loginAs("proposal-sender", PASSWORD);
  });
  afterAll(() => useBidPdf(undefined));
  beforeEach(async () => {
    const res = await call("POST", "/api/contact", {
      json: { firstName: "Jo", lastName: "Client", email: "jo@example.com", message: "A new roof for 12 units" },
      ip: randomIp(),
    });
    expect(res.status).toBe(201);
    lead = (await db.query<{ id: string }>("SELECT id FROM contact_messages ORDER BY created_at DESC LIMIT 1"))[0]!.id;
  });

  const detail = async () => answer(await call("GET", "/api/portal/leads/:id", { param: { id: lead }, token }), 200);
  /** Sends a bid from the lead; its ids and the signer's link secret. */
  const send = async (options: Parameters<typeof bidToSend>[1] = {}) => {
    const res = await call("POST", "/api/portal/bids", {
      token,
      json: { ...bidToSend([SIGNER], options), leadId: lead },
    });
    const sent = await answer(res, 201);
    return { ...sent, secret: (await queuedSecrets(db, sent.versionId))[SIGNER.email]! };
  };

  it("the lead carries what the editor fills in, and a proposal sent from it is linked and listed", async () => {
    const before = await detail();
    expect(before).toMatchObject({
      firstName: "Jo",
      lastName: "Client",
      email: "jo@example.com",
      projectType: "general",
    });
    expect(before.message).toBe("A new roof for 12 units");
    const { bidId } = await send();
    const after = await detail();
    expect(after.status).toBe("proposal-sent");
    expect(after.bids).toMatchObject([{ id: bidId, status: "sent" }]);
    expect(after.lostReasonNeeded).toBe(false);
  });

  it("an accepted proposal wins its lead", async () => {
    const { secret } = await send();
    await answer(await bidClient.code({ secret, consent: true, consentHash: CONSENT_HASH }), 200);
    const code = await queuedCode(db, SIGNER.email);
    const signed = await bidClient.sign({
      secret,
      code,
      name: "Jo Client",
      drawing: null,
      consentHash: CONSENT_HASH,
      accept: true,
    });
    await answer(signed, 200);
    const won = await detail();
    expect(won.status).toBe("won");
    expect(won.bids[0]!.status).toBe("accepted");
  });

  it("a declined or expired proposal asks for a lost reason, without losing the lead by itself", async () => {
    const { secret } = await send();
    await answer(await bidClient.declineCode({ secret }), 200);
    await answer(
      await bidClient.decline({ secret, reason: "Too dear", code: await queuedCode(db, SIGNER.email) }),
      200,
    );
    const declined = await detail();
    expect(declined).toMatchObject({ status: "proposal-sent", lostReasonNeeded: true });
    const list = await answer(await call("GET", "/api/portal/leads", { token }), 200);
    expect(list.items.find((l) => l.id === lead)!.lostReasonNeeded).toBe(true);
    // Recording the reason answers it.
    await call("PATCH", "/api/portal/leads/:id", {
      param: { id: lead },
      token,
      json: { status: "lost", lostReason: "Price" },
    });
    expect(await detail()).toMatchObject({ status: "lost", lostReasonNeeded: false });

    // An expired one likewise, until a new proposal is open again.
    await call("PATCH", "/api/portal/leads/:id", { param: { id: lead }, token, json: { status: "proposal-sent" } });
    await send({ days: 1 });
    // Seen a week on (a sent version never changes, so the clock moves instead of its expiry day).
    const weekOn = new Date(Date.now() + 7 * 86_400_000);
    const expired = await leadDetail(db, lead, weekOn);
    expect(expired.bids.map((b) => b.status).sort()).toEqual(["declined", "expired"]);
    expect(expired.lostReasonNeeded).toBe(true);
    expect((await detail()).lostReasonNeeded).toBe(false);
    await send({ days: 30 });
    expect((await leadDetail(db, lead, weekOn)).lostReasonNeeded).toBe(false);
  });

  it("refuses a lead id that names no lead", async () => {
    const res = await call("POST", "/api/portal/bids", {
      token,
      json: { ...bidToSend([SIGNER]), leadId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(res.status).toBe(400);
  });
});
