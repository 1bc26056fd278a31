import { afterAll, beforeAll, expect, it } from "vitest";
import { useBidPdf } from "./pdf-port";
import { bidToSend, fakeBidPdf, queuedSecrets } from "../../../test/fixtures/sent-bid";
import { call, describeEachBackend, loginAs, answer } from "../../../test/api";

const PASSWORD = "correct horse battery";
const SIGNERS = [
  { name: "Jo Client", email: "jo@example.com" },
  { name: "Lê Văn Minh", email: "minh@example.com" },
];

describeEachBackend("bids: the link sent again to one signer", (db) => {
  let token = "";

  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
    await db.createStaff("resend-sender", PASSWORD);
    token = await loginAs("resend-sender", PASSWORD);
  });
  afterAll(() => useBidPdf(undefined));

  /** Sends a bid to both signers; answers its ids and the signers' ids in order. */
  const send = async () => {
    const res = await call("POST", "/api/portal/bids", { token, json: bidToSend(SIGNERS) });
    const { bidId, versionId } = await answer(res, 201);
    const signers = await db.query<{ id: string }>(
      "SELECT id FROM bid_signers WHERE version_id = $1 ORDER BY position",
      [versionId],
    );
    return { bidId, versionId, signerIds: signers.map((s) => s.id) };
  };
  const resend = (bidId: string, signerId: string) =>
    call("POST", "/api/portal/bids/:id/resend", { param: { id: bidId }, token, json: { signerId } });
  const linkMails = (versionId: string, email: string) =>
    db.query<{ facts: unknown }>(
      "SELECT facts FROM notification_outbox WHERE kind = 'bid-link' AND bid_version_id = $1 AND recipient = $2",
      [versionId, email],
    );
  /** What opening a link answers: its HTTP status and the bid's status. */
  const opened = async (secret: string) => {
    const res = await call("POST", "/api/bids/open", { json: { secret } });
    const body = await res.json();
    return { http: res.status, status: "status" in body ? body.status : undefined };
  };

  it("mails that signer only a fresh link; the link they had and the new one both open the bid", async () => {
    const { bidId, versionId, signerIds } = await send();
    const first = (await queuedSecrets(db, versionId))[SIGNERS[1]!.email]!;

    const res = await resend(bidId, signerIds[1]!);
    const detail = await answer(res, 200);
    expect(detail.events.some((e) => e.kind === "reminded" && e.detail === "link sent again")).toBe(true);

    expect(await linkMails(versionId, SIGNERS[1]!.email)).toHaveLength(2);
    expect(await linkMails(versionId, SIGNERS[0]!.email)).toHaveLength(1);
    const fresh = (await queuedSecrets(db, versionId))[SIGNERS[1]!.email]!;
    const secrets = (await linkMails(versionId, SIGNERS[1]!.email)).map(
      (r) => (typeof r.facts === "string" ? JSON.parse(r.facts) : r.facts) as { secret: string },
    );
    expect(new Set(secrets.map((s) => s.secret)).size).toBe(2);
    expect(secrets.map((s) => s.secret)).toContain(first);
    expect(secrets.map((s) => s.secret)).toContain(fresh);
    for (const { secret } of secrets) expect(await opened(secret)).toEqual({ http: 200, status: "viewed" });
    const [entry] = await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE target_id = $1 AND action = 'bid.resend-link'",
      [bidId],
    );
    expect(entry).toBeDefined();
  });

  it("refuses a signer of another bid 404, a signer who answered 409 and a withdrawn bid 409, sending nothing", async () => {
    const one = await send();
    const other = await send();
    const before = async () => (await db.query("SELECT id FROM notification_outbox")).length;

    let count = await before();
    const foreign = await resend(one.bidId, other.signerIds[0]!);
    expect((await answer(foreign, 404)).code).toBe("not_found");

    await db.query("UPDATE bid_signers SET declined_at = now() WHERE id = $1", [one.signerIds[0]]);
    const answered = await resend(one.bidId, one.signerIds[0]!);
    expect((await answer(answered, 409)).code).toBe("conflict");

    expect((await call("POST", "/api/portal/bids/:id/withdraw", { param: { id: other.bidId }, token })).status).toBe(
      200,
    );
    count = await before();
    const withdrawn = await resend(other.bidId, other.signerIds[1]!);
    expect(withdrawn.status).toBe(409);
    expect(await before()).toBe(count);

    const malformed = await call("POST", "/api/portal/bids/:id/resend", {
      param: { id: one.bidId },
      token,
      json: { signerId: "x" },
    });
    expect(malformed.status).toBe(400);
  });
});
