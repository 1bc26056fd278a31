import { Hono, type Context } from "hono";
import type { ErrorCode } from "~/schemas/error-codes";
import { z } from "~/schemas/zod";
import { BID_SENDER, contract, GROUP, okAnswer } from "~/server/contract";
import { createMiddleware } from "hono/factory";
import {
  bidCodeCheckAnswerSchema,
  bidCodeCheckSchema,
  bidCodeRequestSchema,
  bidDeclineSchema,
  bidLinkSchema,
  bidOpenSchema,
  bidReissueSchema,
  bidResendSchema,
  bidSendSchema,
  bidDetailSchema,
  bidSignSchema,
  bidSummarySchema,
  bidVerificationSchema,
  bidViewSchema,
  sha256HexSchema,
} from "~/schemas/bids";
import { actorOf } from "~/server/auth/middleware";
import { isSignedPortalToken } from "~/server/auth/tokens";
import { askRenewal, clientPdf, declineBid, openBid, requestCode, requestDeclineCode } from "./commands/client";
import { versionPdf } from "./queries/client";
import { CodeRefused, confirmCode } from "./commands/code-check";
import { pdfFileName } from "./emails";
import { bidDetail, listBids, newestVersionId } from "./queries/pipeline";
import { markBidsSeen } from "./commands/seen";
import { sealVersion } from "./sealing";
import { checkBidSender, reissueBid, resendLink, sendBid, withdrawBid } from "./commands/send";
import { signBid } from "./commands/sign";
import { verifyFingerprint } from "./queries/verify";
import { clientOf, HttpError, idParam, jsonBody, mailAfterResponse, type AppEnv } from "~/server/http";

/** What every call of the client's page may be refused with: an unknown link, too many tries, a staff session. */
const CLIENT_REFUSALS = ["not_found", "rate_limited", "staff_cannot_sign"] as const satisfies readonly ErrorCode[];

/** A bid sent or re-issued: the bid, and its new version. */
const sentBidAnswer = z.object({ bidId: z.uuid(), versionId: z.uuid(), version: z.number() });

/**
 * Sends a bid version's queued e-mails right after the response; the every-minute job sends whatever this
 * attempt does not. The mailer loads only when there is something to send.
 */
function mailSoon(c: Context<AppEnv>, versionId: string | null): void {
  if (versionId) mailAfterResponse(c, { bidVersionId: versionId });
}

/**
 * Staff never act as the client: a request carrying a portal token the company signed is refused before
 * anything is read or recorded (the client's page sends the token when this browser has one). A live
 * session's token is one such; so is an expired one or one whose session ended, since its holder is still
 * staff. No session is looked up (that would extend it); a token that does not verify is ignored, as the
 * page may carry anything in its storage.
 */
const refuseStaff = createMiddleware<AppEnv>(async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
  if (match && (await isSignedPortalToken(match[1]!)))
    throw new HttpError(403, "You are signed in to the portal: staff cannot sign for the client", {
      code: "staff_cannot_sign",
    });
  await next();
});

/**
 * The routes that change one bid by its `:id` run this right after their contract, before their body is read: a
 * colleague is refused 403 `not_bid_sender` whatever they send. Its tag names who may call the route in the docs'
 * tables, and is how the ownership test finds every such route.
 */
const bidSenderOnly = Object.assign(
  createMiddleware<AppEnv>(async (c, next) => {
    await checkBidSender(await c.var.db(), idParam(c, "Bid"), actorOf(c));
    await next();
  }),
  { [GROUP]: BID_SENDER },
);

/** Runs a client call that takes the code: a refused code still sends the sender's notice when it spent the last. */
async function withCode<T>(c: Context<AppEnv>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CodeRefused) mailSoon(c, error.mailFor);
    throw error;
  }
}

/** A PDF download with a file name safe in the header. */
const pdfAnswer = (c: Context<AppEnv>, pdf: { pdf: Uint8Array; projectName: string; sealed: boolean }) =>
  c.body(new Uint8Array(pdf.pdf), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${pdfFileName(pdf.projectName, pdf.sealed ? "signed" : "proposal")}"`,
  });

/** The client's calls: each body names its link's secret. */
export const bidClientRoutes = new Hono<AppEnv>()
  .post(
    "/api/bids/open",
    contract({
      does: "the `BidView` in the language asked for; the first open by each signer records `viewed` and tells the sender",
      answer: bidViewSchema,
      refusals: CLIENT_REFUSALS,
    }),
    refuseStaff,
    jsonBody(bidOpenSchema),
    async (c) => {
      const { secret, language } = c.req.valid("json");
      const { view, mailFor } = await openBid(await c.var.db(), secret, clientOf(c), language);
      mailSoon(c, mailFor);
      return c.json(view);
    },
  )
  .post(
    "/api/bids/pdf",
    contract({
      does: "the PDF: the sealed one once it exists, else the sent version's",
      answer: "pdf",
      refusals: [...CLIENT_REFUSALS, "gone"],
    }),
    refuseStaff,
    jsonBody(bidLinkSchema),
    async (c) => pdfAnswer(c, await clientPdf(await c.var.db(), c.req.valid("json").secret, clientOf(c).ip)),
  )
  .post(
    "/api/bids/code",
    contract({
      does: "records consent (with the disclosure's hash), e-mails a 6-digit code to the signer's address",
      answer: bidViewSchema,
      refusals: CLIENT_REFUSALS,
    }),
    refuseStaff,
    jsonBody(bidCodeRequestSchema),
    async (c) => {
      const { view, mailFor } = await requestCode(await c.var.db(), c.req.valid("json"), clientOf(c));
      mailSoon(c, mailFor);
      return c.json(view);
    },
  )
  .post(
    "/api/bids/decline-code",
    contract({
      does: "e-mails a 6-digit code to the signer's address, for declining (a forwarded link alone cannot decline)",
      answer: bidViewSchema,
      refusals: CLIENT_REFUSALS,
    }),
    refuseStaff,
    jsonBody(bidLinkSchema),
    async (c) => {
      const { view, mailFor } = await requestDeclineCode(await c.var.db(), c.req.valid("json").secret, clientOf(c));
      mailSoon(c, mailFor);
      return c.json(view);
    },
  )
  .post(
    "/api/bids/check-code",
    contract({
      does: "checks the code as typed (each check counts toward the 5 tries and the 25 in all); the last wrong code tells the sender",
      answer: bidCodeCheckAnswerSchema,
      refusals: CLIENT_REFUSALS,
    }),
    refuseStaff,
    jsonBody(bidCodeCheckSchema),
    async (c) => {
      const { answer, mailFor } = await confirmCode(await c.var.db(), c.req.valid("json"), clientOf(c));
      mailSoon(c, mailFor);
      return c.json(answer);
    },
  )
  .post(
    "/api/bids/sign",
    contract({
      does: "checks the code (5 tries, 10 min), records the signature; the last signature seals",
      answer: bidViewSchema,
      refusals: [...CLIENT_REFUSALS, "invalid_code"],
    }),
    refuseStaff,
    jsonBody(bidSignSchema),
    async (c) => {
      const db = await c.var.db();
      const { view, mailFor, accepted } = await withCode(c, () => signBid(db, c.req.valid("json"), clientOf(c)));
      // The last signature seals right after the response, then the sealed PDF leaves with the other e-mails.
      if (accepted) c.var.afterResponse((db) => sealVersion(db, view.documentId));
      mailSoon(c, mailFor);
      return c.json(view);
    },
  )
  .post(
    "/api/bids/decline",
    contract({
      does: "checks the e-mailed code, records the decline and its reason, tells the sender",
      answer: bidViewSchema,
      refusals: [...CLIENT_REFUSALS, "invalid_code"],
    }),
    refuseStaff,
    jsonBody(bidDeclineSchema),
    async (c) => {
      const db = await c.var.db();
      const { view, mailFor } = await withCode(c, () => declineBid(db, c.req.valid("json"), clientOf(c)));
      mailSoon(c, mailFor);
      return c.json(view);
    },
  )
  .post(
    "/api/bids/renewal",
    contract({ does: "after expiry: asks the sender for a new bid", answer: bidViewSchema, refusals: CLIENT_REFUSALS }),
    refuseStaff,
    jsonBody(bidLinkSchema),
    async (c) => {
      const { view, mailFor } = await askRenewal(await c.var.db(), c.req.valid("json").secret, clientOf(c));
      mailSoon(c, mailFor);
      return c.json(view);
    },
  );

/** Anyone checks a PDF's fingerprint against the company's seals. */
export const verifyRoutes = new Hono<AppEnv>().get(
  "/api/verify/:sha256",
  contract({
    does: "whether the company sealed exactly that file, for whom and when (404 if not)",
    answer: bidVerificationSchema,
    refusals: ["not_found"],
  }),
  async (c) => {
    const hash = sha256HexSchema.safeParse(c.req.param("sha256").toLowerCase());
    if (!hash.success) throw new HttpError(404, "No document sealed by us has this fingerprint");
    return c.json(await verifyFingerprint(await c.var.db(), hash.data));
  },
);

/** The staff's calls: send, the pipeline, one bid, its PDF, withdraw, reissue and the updates count. */
export const bidRoutes = new Hono<AppEnv>()
  .post(
    "/api/portal/bids",
    contract({
      does: "send (or re-send with `bidId`): renders the PDF, stores the version, queues the link e-mails",
      answer: sentBidAnswer,
      status: 201,
      refusals: ["not_found", "conflict", "not_bid_sender"],
    }),
    jsonBody(bidSendSchema),
    async (c) => {
      const sent = await sendBid(await c.var.db(), c.req.valid("json"), actorOf(c));
      mailSoon(c, sent.versionId);
      return c.json(sent, 201);
    },
  )
  .get(
    "/api/portal/bids",
    contract({ does: "the pipeline: every bid's newest version as a `BidSummary`", answer: z.array(bidSummarySchema) }),
    async (c) => c.json(await listBids(await c.var.db())),
  )
  .post(
    "/api/portal/bids/seen",
    contract({ does: "the top bar's count of bid updates starts again from now", answer: okAnswer }),
    async (c) => {
      await markBidsSeen(await c.var.db(), c.var.staff.id);
      return c.json({ ok: true });
    },
  )
  .get(
    "/api/portal/bids/:id",
    contract({ does: "`BidDetail`: signers and the timeline", answer: bidDetailSchema, refusals: ["not_found"] }),
    async (c) => c.json(await bidDetail(await c.var.db(), idParam(c, "Bid"))),
  )
  .get(
    "/api/portal/bids/:id/pdf",
    contract({
      does: "the newest version's PDF (sealed once it exists): the staff preview",
      answer: "pdf",
      refusals: ["not_found"],
    }),
    async (c) => {
      const db = await c.var.db();
      return pdfAnswer(c, await versionPdf(db, await newestVersionId(db, idParam(c, "Bid"))));
    },
  )
  .post(
    "/api/portal/bids/:id/withdraw",
    contract({
      does: "withdraws the open (sent or viewed) version (its links then say so)",
      answer: bidDetailSchema,
      refusals: ["not_found", "conflict", "not_bid_sender"],
    }),
    bidSenderOnly,
    async (c) => {
      const db = await c.var.db();
      const id = idParam(c, "Bid");
      await withdrawBid(db, id, actorOf(c));
      return c.json(await bidDetail(db, id));
    },
  )
  .post(
    "/api/portal/bids/:id/reissue",
    contract({
      does: "the same document and signers as a new version with a new expiry; not after a signature",
      answer: sentBidAnswer,
      status: 201,
      refusals: ["not_found", "conflict", "not_bid_sender"],
    }),
    bidSenderOnly,
    jsonBody(bidReissueSchema),
    async (c) => {
      const sent = await reissueBid(await c.var.db(), idParam(c, "Bid"), c.req.valid("json").expiresOn, actorOf(c));
      mailSoon(c, sent.versionId);
      return c.json(sent, 201);
    },
  )
  .post(
    "/api/portal/bids/:id/resend",
    contract({
      does: "mails one signer of the open version a fresh link again; the links they have keep working",
      answer: bidDetailSchema,
      refusals: ["not_found", "conflict", "not_bid_sender"],
    }),
    bidSenderOnly,
    jsonBody(bidResendSchema),
    async (c) => {
      const db = await c.var.db();
      const id = idParam(c, "Bid");
      mailSoon(c, await resendLink(db, id, c.req.valid("json").signerId, actorOf(c)));
      return c.json(await bidDetail(db, id));
    },
  );
