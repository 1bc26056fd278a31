import { afterAll, beforeAll, expect, it } from "vitest";
import type { BidSummary } from "~/schemas/bids";
import { JOBS } from "~/server/jobs";
import { useBidPdf } from "./pdf-port";
import { CONSENT_HASH } from "./secrets";
import { sealDue } from "./sealing";
import { bidToSend, fakeBidPdf, queuedCode, queuedSecrets } from "../../../test/fixtures/sent-bid";
import { call, describeEachBackend, loginAs, randomIp } from "../../../test/api";

describeEachBackend("bids: a failed seal is recorded and retried", (db) => {
  const engine = fakeBidPdf();
  let token = "";
  let bidId = "";
  let versionId = "";

  beforeAll(async () => {
    useBidPdf(engine);
    await db.createStaff("seal-sender", "correct horse battery");
    token = await loginAs("seal-sender", "correct horse battery");
    const signer = { name: "Sol", email: "sol@example.com" };
    const sent = await call("POST", "/api/portal/bids", { token, json: bidToSend([signer]) });
    ({ bidId, versionId } = (await sent.json()) as { bidId: string; versionId: string });
    const secret = (await queuedSecrets(db, versionId))["sol@example.com"]!;
    const client = (path: string, json: object) => call("POST", `/api/bids/${path}`, { json, ip: randomIp() });
    await client("code", { secret, consent: true, consentHash: CONSENT_HASH });
    engine.fail = true;
    const code = await queuedCode(db, "sol@example.com");
    const signed = await client("sign", {
      secret,
      code,
      name: "Sol",
      drawing: null,
      consentHash: CONSENT_HASH,
      accept: true,
    });
    expect(signed.status).toBe(200);
  });
  afterAll(() => useBidPdf(undefined));

  const kinds = async () =>
    (
      await db.query<{ kind: string }>("SELECT kind FROM bid_events WHERE version_id = $1 ORDER BY id", [versionId])
    ).map((r) => r.kind);

  it("the attempt right after the response fails: recorded, unsealed, shown in the pipeline", async () => {
    await expect.poll(kinds, { timeout: 10_000 }).toContain("seal-failed");
    const list = (await (await call("GET", "/api/portal/bids", { token })).json()) as BidSummary[];
    expect(list.find((b) => b.id === bidId)).toMatchObject({ status: "accepted", sealed: false, sealFailed: true });
  });

  it("the every-minute job's next run retries it, however soon, then e-mails the sealed PDF", async () => {
    engine.fail = false;
    // A failed attempt is over: the pause that keeps a running one from being overlapped does not hold it back.
    const later = new Date(Date.now() + 1000);
    // The every-minute notifications job does it, as Netlify's schedule and `npm run serve:prod` run it.
    expect(await JOBS["deliver-notifications"](db, later)).toMatchObject({ bids: { sealed: 1, followUps: 0 } });
    expect(await kinds()).toContain("sealed");
    const mails = await db.query(
      "SELECT 1 FROM notification_outbox WHERE kind = 'bid-sealed' AND bid_version_id = $1",
      [versionId],
    );
    expect(mails).toHaveLength(1);
    expect(await sealDue(db, new Date(later.getTime() + 120_000))).toEqual({ sealed: 0, failed: 0 });
  });
});
