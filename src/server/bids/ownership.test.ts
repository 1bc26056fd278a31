import { beforeAll, afterAll, expect, it } from "vitest";
import { companyDay } from "~/lib/bid-days";
import { addDays } from "~/lib/company-days";
import { describeAppRoutes } from "~/server/app";
import { BID_SENDER, fieldsOf, type DescribedRoute } from "~/server/contract";
import { useBidPdf } from "./pdf-port";
import { bidToSend, fakeBidPdf, queuedSecrets } from "../../../test/fixtures/sent-bid";
import { call, callUnchecked, describeEachBackend, loginAs, answer } from "../../../test/api";

const PASSWORD = "correct horse battery";
const SIGNER = { name: "Jo Client", email: "jo@example.com" };
const ATTACKER = { name: "Mallory", email: "attacker@evil.test" };

/** The app's routes, with what each declares. */
const ROUTES = describeAppRoutes();
const routeName = ({ method, path }: DescribedRoute) => `${method} ${path}`;
/** The routes guarded by `bidSenderOnly` (the bid's sender or an admin): every route that changes one bid by its `:id`. */
const SENDER_ONLY = ROUTES.filter((r) => r.who === BID_SENDER);
/** Staff writes under a bid's id that change no bid: the caller's own "seen" mark. */
const OWN_MARKS = ["POST /api/portal/bids/:id/seen"];

/**
 * What this test puts in a body field of those routes, by the field's name, for a bid whose newest version's first
 * signer is `signerId`: a route whose fields are all here gets a body that passes its validation.
 */
const FIELD_VALUES: Record<string, (ids: { signerId: string }) => unknown> = {
  expiresOn: () => addDays(companyDay(), 20),
  signerId: ({ signerId }) => signerId,
};
/** Whether this test can make `route` a valid body: it takes none, or every field of it is in `FIELD_VALUES`. */
const bodyKnown = (route: DescribedRoute) => !route.body || fieldsOf(route.body).every((f) => f in FIELD_VALUES);
/** The body of a route whose body is known, made of `FIELD_VALUES` (undefined for a route that takes none). */
const bodyOf = (route: DescribedRoute, ids: { signerId: string }): object | undefined =>
  route.body && Object.fromEntries(fieldsOf(route.body).map((f) => [f, FIELD_VALUES[f]!(ids)]));

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
  const request = (route: DescribedRoute, bidId: string, token: string, json?: object) =>
    callUnchecked(route.method, route.path.replace(":id", bidId), { token, json });
  /**
   * What a colleague sends to take bid `bidId` over: the route's own body where this test can make it (it would pass
   * validation), else any body.
   */
  const takeoverBody = async (route: DescribedRoute, bidId: string) =>
    (bodyKnown(route) && bodyOf(route, await idsOf(bidId))) || { bidId };
  /** The ids a body may name: the first signer of the bid's newest version. */
  const idsOf = async (bidId: string) => {
    const [signer] = await db.query<{ id: string }>(
      `SELECT s.id FROM bid_signers s JOIN bid_versions v ON v.id = s.version_id WHERE v.bid_id = $1
       ORDER BY v.version DESC, s.position LIMIT 1`,
      [bidId],
    );
    return { signerId: signer!.id };
  };

  it("every staff write under a bid's id runs the bid-sender guard, unless it is the caller's own mark", () => {
    const writes = ROUTES.filter((r) => r.method !== "GET" && r.path.startsWith("/api/portal/bids/:id/"));
    expect(writes.length).toBeGreaterThan(OWN_MARKS.length);
    for (const route of writes)
      expect([routeName(route), route.who]).toEqual([
        routeName(route),
        OWN_MARKS.includes(routeName(route)) ? "staff" : BID_SENDER,
      ]);
  });

  it("the guard is only on routes under a bid's id (its guard reads the bid from `:id`)", () => {
    expect(SENDER_ONLY.length).toBeGreaterThan(0);
    for (const route of SENDER_ONLY) expect(route.path).toMatch(/^\/api\/portal\/bids\/:id\//);
  });

  // The guard answers before the body is read: what a colleague sends, a valid body included, makes no difference.
  it.each(
    SENDER_ONLY.flatMap((route) => [
      [routeName(route), "no body", route] as const,
      [routeName(route), "a body", route] as const,
    ]),
  )("%s: a colleague sending %s gets 403 not_bid_sender and nothing changes", async (_, body, route) => {
    const { bidId } = await send();
    const before = await state(bidId);
    const json = body === "a body" ? await takeoverBody(route, bidId) : undefined;
    const res = await request(route, bidId, colleague, json);
    expect(res.status, await res.clone().text()).toBe(403);
    expect(await res.json()).toMatchObject({ code: "not_bid_sender" });
    expect(await state(bidId)).toEqual(before);
  });

  // Past the guard, the route's own checks answer: a body it lacks is a 400, which shows the guard let them in.
  it.each(SENDER_ONLY.map((route) => [routeName(route), route] as const))(
    "%s: the guard lets the sender and an admin in, whatever the body",
    async (_, route) => {
      const { bidId } = await send();
      for (const token of [sender, admin]) {
        const res = await request(route, bidId, token);
        expect([401, 403, 404], await res.clone().text()).not.toContain(res.status);
      }
    },
  );

  // With a body this test can make (a route taking a field it has no value for is shown by the test above), the
  // sender's and an admin's call succeeds and changes the bid.
  it.each(SENDER_ONLY.filter(bodyKnown).map((route) => [routeName(route), route] as const))(
    "%s: the sender and an admin may",
    async (_, route) => {
      for (const token of [sender, admin]) {
        const { bidId } = await send();
        const before = await state(bidId);
        const res = await request(route, bidId, token, bodyOf(route, await idsOf(bidId)));
        expect(res.status, await res.clone().text()).toBeLessThan(300);
        expect(await state(bidId)).not.toEqual(before);
      }
    },
  );

  it.each(SENDER_ONLY.map((route) => [routeName(route), route] as const))(
    "%s: an unknown or malformed bid id is a 404 Bid not found, for an admin too",
    async (_, route) => {
      for (const id of [crypto.randomUUID(), "not-a-bid"])
        for (const token of [colleague, admin]) {
          const res = await request(route, id, token);
          expect(res.status, await res.clone().text()).toBe(404);
          expect(await res.json()).toEqual({ error: "Bid not found", code: "not_found" });
        }
    },
  );

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
