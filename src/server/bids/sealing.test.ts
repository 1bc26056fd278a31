import { afterAll, beforeAll, expect, it } from "vitest";
import { JOBS } from "~/server/jobs";
import { useBidPdf } from "./pdf-port";
import { CONSENT_HASH } from "./secrets";
import { sealDue, sealVersion } from "./sealing";
import { bidToSend, fakeBidPdf, queuedCode, queuedSecrets } from "../../../test/fixtures/sent-bid";
import { answer, call, describeEachBackend, loginAs } from "../../../test/api";
import { bidClient } from "../../../test/fixtures/bid-client";

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
    ({ bidId, versionId } = await answer(sent, 201));
    const secret = (await queuedSecrets(db, versionId))["sol@example.com"]!;
    await answer(await bidClient.code({ secret, consent: true, consentHash: CONSENT_HASH }), 200);
    engine.fail = true;
    const code = await queuedCode(db, "sol@example.com");
    const signed = await bidClient.sign({
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
    const list = await answer(await call("GET", "/api/portal/bids", { token }), 200);
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

describeEachBackend("bids: attempts racing to seal one version", (db) => {
  /** Seals held until the test settles them, in the order they began. */
  const pending: { pdf: Uint8Array; resolve: (sealed: Uint8Array) => void; reject: (error: Error) => void }[] = [];
  const engine = {
    ...fakeBidPdf(),
    seal: (pdf: Uint8Array) =>
      new Promise<Uint8Array>((resolve, reject) => void pending.push({ pdf, resolve, reject })),
  };
  let versionId = "";

  beforeAll(async () => {
    useBidPdf(engine);
    await db.createStaff("race-sender", "correct horse battery");
    const token = await loginAs("race-sender", "correct horse battery");
    const sent = await call("POST", "/api/portal/bids", {
      token,
      json: bidToSend([{ name: "Rae", email: "rae@example.com" }]),
    });
    ({ versionId } = await answer(sent, 201));
    const secret = (await queuedSecrets(db, versionId))["rae@example.com"]!;
    await answer(await bidClient.code({ secret, consent: true, consentHash: CONSENT_HASH }), 200);
    const code = await queuedCode(db, "rae@example.com");
    const signed = await bidClient.sign({
      secret,
      code,
      name: "Rae",
      drawing: null,
      consentHash: CONSENT_HASH,
      accept: true,
    });
    expect(signed.status).toBe(200);
  });
  afterAll(() => useBidPdf(undefined));

  const count = async (kind: string) =>
    (await db.query("SELECT 1 FROM bid_events WHERE version_id = $1 AND kind = $2", [versionId, kind])).length;

  it("one claim at a time; a late attempt that fails after the seal leaves no trace: one seal, one set of e-mails", async () => {
    // The attempt right after the response is sealing; then its pause runs out as if it were slow.
    await expect.poll(() => pending.length, { timeout: 10_000 }).toBe(1);
    await db.query("UPDATE bid_versions SET seal_attempt_at = now() - interval '1 second' WHERE id = $1", [versionId]);
    // Two workers start at once: only one of them claims the attempt.
    const late = Promise.all([sealVersion(db, versionId), sealVersion(db, versionId)]);
    await expect.poll(() => pending.length, { timeout: 10_000 }).toBe(2);
    pending[0]!.resolve(new Uint8Array([...pending[0]!.pdf, 1]));
    await expect.poll(() => count("sealed"), { timeout: 10_000 }).toBe(1);
    pending[1]!.reject(new Error("the late one fails"));
    expect(await late).toEqual([false, false]);
    expect(await count("seal-failed")).toBe(0);
    const [v] = await db.query<{ error: string | null }>("SELECT seal_error AS error FROM bid_versions WHERE id = $1", [
      versionId,
    ]);
    expect(v!.error).toBeNull();
    const mails = await db.query(
      "SELECT 1 FROM notification_outbox WHERE kind = 'bid-sealed' AND bid_version_id = $1",
      [versionId],
    );
    expect(mails).toHaveLength(1);
  });

  it("a late attempt that succeeds second stores nothing either", async () => {
    // The version unsealed again, as the test's starting point (the guard that keeps a seal is lifted for it).
    await db.query("ALTER TABLE bid_versions DISABLE TRIGGER bid_versions_guard");
    await db.query("UPDATE bid_versions SET sealed_at = NULL, sealed_pdf = NULL, sealed_sha256 = NULL WHERE id = $1", [
      versionId,
    ]);
    await db.query("ALTER TABLE bid_versions ENABLE TRIGGER bid_versions_guard");
    await db.query("UPDATE bid_versions SET seal_attempt_at = now() - interval '1 second' WHERE id = $1", [versionId]);
    const first = sealVersion(db, versionId);
    await expect.poll(() => pending.length, { timeout: 10_000 }).toBe(3);
    await db.query("UPDATE bid_versions SET seal_attempt_at = now() - interval '1 second' WHERE id = $1", [versionId]);
    const second = sealVersion(db, versionId);
    await expect.poll(() => pending.length, { timeout: 10_000 }).toBe(4);
    pending[2]!.resolve(new Uint8Array([...pending[2]!.pdf, 2]));
    expect(await first).toBe(true);
    pending[3]!.resolve(new Uint8Array([...pending[3]!.pdf, 3]));
    expect(await second).toBe(false);
    // One seal from the test above and one from this one's first attempt: the second stored nothing.
    expect(await count("sealed")).toBe(2);
    const mails = await db.query(
      "SELECT 1 FROM notification_outbox WHERE kind = 'bid-sealed' AND bid_version_id = $1",
      [versionId],
    );
    expect(mails).toHaveLength(2);
  });
});
