/**
 * Every staff call about sent bids, in one place: the editor's send and the pipeline's reads and actions,
 * through the portal's typed client (paths and bodies checked against the API's routes).
 */
import { api, ApiError, read } from "~/lib/api-client";
import type { BidDetail, BidSend, BidSummary } from "~/schemas/bids";

/** Sends the proposal (again, replacing the earlier link, when `send.bidId` names it); the bid's id. */
export function sendBid(send: BidSend): Promise<{ bidId: string }> {
  return read(api.portal.bids.$post({ json: send }));
}

/** The pipeline: every bid's newest version, newest send first. */
export function listBids(): Promise<BidSummary[]> {
  return read(api.portal.bids.$get());
}

/** One bid with its signers and timeline. */
export function bidDetail(id: string): Promise<BidDetail> {
  return read(api.portal.bids[":id"].$get({ param: { id } }));
}

/** The newest version's PDF (the sealed one once it exists), and the file name the API gives it. */
export async function bidPdf(id: string): Promise<{ blob: Blob; fileName: string | null }> {
  // A failure has thrown its ApiError already; what comes back is the file.
  const response = await api.portal.bids[":id"].pdf.$get({ param: { id } });
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/** Takes back the open version: its links then say it was withdrawn. */
export async function withdrawBid(id: string): Promise<void> {
  await read(api.portal.bids[":id"].withdraw.$post({ param: { id } }));
}

/** The same document to the same signers as a new version, open until `expiresOn`. */
export async function reissueBid(id: string, expiresOn: string): Promise<void> {
  await read(api.portal.bids[":id"].reissue.$post({ param: { id }, json: { expiresOn } }));
}

/** Mails one signer of the open version a fresh link (the links they have keep working). */
export async function resendLink(id: string, signerId: string): Promise<void> {
  await read(api.portal.bids[":id"].resend.$post({ param: { id }, json: { signerId } }));
}

/** The top bar's count of bid updates starts again from now. */
export async function markBidsSeen(): Promise<void> {
  await read(api.portal.bids.seen.$post());
}

/** The field errors of a refused send, by path ("signers.1.email"), from the API's zod issues. */
export function issuesByPath(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".");
    if (issue.message && !(path in fields)) fields[path] = issue.message;
  }
  return fields;
}
