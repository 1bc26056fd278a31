import { beforeAll, afterAll, expect, it } from "vitest";
import { createApp } from "~/server/app";
import { useBidPdf } from "./pdf-port";
import { bidToSend, fakeBidPdf, queuedSecrets } from "../../../test/fixtures/sent-bid";
import { call, callUnchecked, describeEachBackend, loginAs, answer } from "../../../test/api";
import { BID_SENDER, describeRoutes } from "~/server/contract";

const PASSWORD = "correct horse battery";
const SIGNER = { name: "Jo Client", email: "jo@example.com" };
const ATTACKER = { name: "Mallory", email: "attacker@evil.test" };

/** The app's routes, with what each declares. */
const ROUTES = describeRoutes(createApp({ database: () => Promise.reject(new Error("not opened")) }).routes);
/** Every route whose own guard keeps it to the bid's sender or an admin, as "METHOD /pattern". */
const SENDER_ONLY = ROUTES.filter((r) => r.who === BID_SENDER).map((r) => `${r.method} ${r.path}`);
/** Staff writes under a bid's id that change no bid: the caller's own "seen" mark. */
const OWN_MARKS = ["POST /api/portal/bids/:id/seen"];

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
  /** `route` on bid `bidId` as `token`, with `json` as its body. */
  const request = (route: string, bidId: string, token: string, json?: object) => {
    const [method, pattern] = route.split(" ") as [string, string];
    return callUnchecked(method, pattern.replace(":id", bidId), { token, json });
  };

  it("every staff write under a bid's id keeps to its sender, unless it is the caller's own mark", () => {
    const writes = ROUTES.filter((r) => r.method !== "GET" && r.path.startsWith("/api/portal/bids/:id/"));
    expect(writes.length).toBeGreaterThan(OWN_MARKS.length);
    for (const { method, path, who } of writes)
      expect([`${method} ${path}`, who]).toEqual([
        `${method} ${path}`,
        OWN_MARKS.includes(`${method} ${path}`) ? "staff" : BID_SENDER,
      ]);
  });

  // The guard answers before the body is read: what a colleague sends makes no difference.
  it.each(SENDER_ONLY.flatMap((route) => [[route, "no body"] as const, [route, "a body"] as const]))(
    "%s: a colleague sending %s gets 403 not_bid_sender and nothing changes",
    async (route, body) => {
      const { bidId } = await send();
      const before = await state(bidId);
      const res = await request(route, bidId, colleague, body === "a body" ? { bidId } : undefined);
      expect(res.status, await res.clone().text()).toBe(403);
      expect(await res.json()).toMatchObject({ code: "not_bid_sender" });
      expect(await state(bidId)).toEqual(before);
    },
  );

  // Past the guard, the route's own checks answer (a body it lacks is a 400): each route's tests show the change.
  it.each(SENDER_ONLY)("%s: the guard lets the sender and an admin in", async (route) => {
    const { bidId } = await send();
    for (const token of [sender, admin]) {
      const res = await request(route, bidId, token);
      expect([401, 403, 404], await res.clone().text()).not.toContain(res.status);
    }
  });

  it.each(SENDER_ONLY)("%s: a bid that does not exist is a 404 for anyone", async (route) => {
    const res = await callUnchecked(route.split(" ")[0]!, route.split(" ")[1]!.replace(":id", crypto.randomUUID()), {
      token: colleague,
    });
    expect(res.status).toBe(404);
  });

  it("sending again with a colleague's bidId leaves the real client's link open", async () => {
    const { bidId, versionId } = await send();
    const secret = (await queuedSecrets(db, versionId))[SIGNER.email]!;
    const before = await state(bidId);
    const res = await call("POST", "/api/portal/bids", { token: colleague, json: bidToSend([ATTACKER], { bidId }) });
    expect(await answer(res, 403)).toMatchObject({ code: "not_bid_sender" });
    expect(await state(bidId)).toEqual(before);
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
