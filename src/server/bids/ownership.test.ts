import { beforeAll, afterAll, expect, it } from "vitest";
import { createApp } from "~/server/app";
import { useBidPdf } from "./pdf-port";
import { companyDay } from "~/lib/bid-days";
import { addDays } from "~/lib/company-days";
import { bidToSend, fakeBidPdf, queuedSecrets } from "../../../test/fixtures/sent-bid";
import { call, callUnchecked, describeEachBackend, loginAs, answer } from "../../../test/api";

const PASSWORD = "correct horse battery";
const SIGNER = { name: "Jo Client", email: "jo@example.com" };
const ATTACKER = { name: "Mallory", email: "attacker@evil.test" };

/** Every route that changes a bid, and the body a colleague would send to take it over. */
const BID_CHANGING: Record<string, (ids: { bidId: string; signerId: string }) => unknown> = {
  "POST /api/portal/bids": ({ bidId }) => bidToSend([ATTACKER], { bidId }),
  "POST /api/portal/bids/:id/withdraw": () => undefined,
  "POST /api/portal/bids/:id/reissue": () => ({ expiresOn: addDays(companyDay(), 20) }),
  "POST /api/portal/bids/:id/resend": ({ signerId }) => ({ signerId }),
};
/** Staff routes under /api/portal/bids that change no bid: the caller's own "seen" marks (all bids, or one). */
const NOT_BID_CHANGING = ["POST /api/portal/bids/seen", "POST /api/portal/bids/:id/seen"];

/** Every route of the app that writes under /api/portal/bids, as "METHOD /pattern". */
const BID_WRITES = [
  ...new Set(
    createApp({ database: () => Promise.reject(new Error("not opened")) })
      .routes.filter((r) => r.method !== "ALL" && r.method !== "GET" && r.path.startsWith("/api/portal/bids"))
      .map((r) => `${r.method} ${r.path}`),
  ),
];

describeEachBackend("bids: a bid belongs to its sender", (db) => {
  let sender = "";
  let colleague = "";
  let admin = "";

  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
    await db.createStaff("own-admin", PASSWORD);
    await db.createStaff("own-sender", PASSWORD);
    await db.createStaff("own-colleague", PASSWORD);
    admin = await loginAs("own-admin", PASSWORD);
    sender = await loginAs("own-sender", PASSWORD);
    colleague = await loginAs("own-colleague", PASSWORD);
  });
  afterAll(() => useBidPdf(undefined));

  /** Sends a bid as `token`; answers its ids. */
  const send = async (token = sender) => {
    const res = await call("POST", "/api/portal/bids", { token, json: bidToSend([SIGNER]) });
    return await answer(res, 201);
  };
  /** What a takeover would change: the versions, who sent the newest, its signers and whether it is open. */
  const state = async (bidId: string) => ({
    versions: await db.query(
      `SELECT v.id, v.version, v.sent_by, v.withdrawn_at, v.replaced_at,
         (SELECT string_agg(email, ',') FROM bid_signers s WHERE s.version_id = v.id) AS signers
       FROM bid_versions v WHERE v.bid_id = $1 ORDER BY v.version`,
      [bidId],
    ),
    outbox: await db.query("SELECT recipient FROM notification_outbox WHERE recipient = $1", [ATTACKER.email]),
    // A link sent again is a new link row and an e-mail to the real signer.
    links: await db.query(
      `SELECT count(*)::int AS n FROM bid_links l JOIN bid_signers s ON s.id = l.signer_id
       JOIN bid_versions v ON v.id = s.version_id WHERE v.bid_id = $1`,
      [bidId],
    ),
  });
  const request = async (route: string, bidId: string, token: string) => {
    const [method, pattern] = route.split(" ") as [string, string];
    const [signer] = await db.query<{ id: string }>(
      `SELECT s.id FROM bid_signers s JOIN bid_versions v ON v.id = s.version_id WHERE v.bid_id = $1
       ORDER BY v.version DESC, s.position LIMIT 1`,
      [bidId],
    );
    const json = BID_CHANGING[route]!({ bidId, signerId: signer!.id });
    return callUnchecked(method, pattern.replace(":id", bidId), { token, json });
  };

  it("every write under /api/portal/bids is either bid-changing or named as not", () => {
    expect(BID_WRITES.sort()).toEqual([...Object.keys(BID_CHANGING), ...NOT_BID_CHANGING].sort());
  });

  it.each(Object.keys(BID_CHANGING))("%s: a colleague gets 403 not_bid_sender and nothing changes", async (route) => {
    const { bidId } = await send();
    const before = await state(bidId);
    const res = await request(route, bidId, colleague);
    expect(res.status, await res.clone().text()).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("not_bid_sender");
    expect(await state(bidId)).toEqual(before);
  });

  it.each(Object.keys(BID_CHANGING))("%s: the sender and an admin may", async (route) => {
    for (const token of [sender, admin]) {
      const { bidId } = await send();
      const res = await request(route, bidId, token);
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    }
  });

  it("sending again with a colleague's bidId leaves the real client's link open", async () => {
    const { bidId, versionId } = await send();
    const secret = (await queuedSecrets(db, versionId))[SIGNER.email]!;
    expect(
      (await call("POST", "/api/portal/bids", { token: colleague, json: bidToSend([ATTACKER], { bidId }) })).status,
    ).toBe(403);
    const open = await call("POST", "/api/bids/open", { json: { secret } });
    expect((await answer(open, 200)).status).not.toBe("replaced");
  });

  it("an admin's send keeps the bid's owner: its sender may still change it", async () => {
    const { bidId } = await send();
    expect(
      (await call("POST", "/api/portal/bids", { token: admin, json: bidToSend([SIGNER], { bidId }) })).status,
    ).toBe(201);
    const res = await call("POST", "/api/portal/bids/:id/withdraw", { param: { id: bidId }, token: sender });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});
