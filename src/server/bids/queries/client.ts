/**
 * What a signer's page reads once its link is found: the version's view, and a version's PDF.
 * Reads only; nothing here refuses but by finding nothing.
 */
import type { BidView, SentDocument } from "~/schemas/bids";
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { iso } from "../status";
import type { BidLanguage } from "~/schemas/bid-fields";
import { CONSENT_HASHES, DISCLOSURES, maskEmail } from "../secrets";
import type { Link } from "../commands/link";

/** The client page's view of the link's version, with the disclosure in `language` (the signer's by default). */
export async function bidView(db: Queryable, link: Link, language: BidLanguage = link.language): Promise<BidView> {
  const [v] = await db.query<{ sentAt: Date; expiresOn: string; sender: string; message: string; document: unknown }>(
    `SELECT sent_at AS "sentAt", expires_on::text AS "expiresOn", sent_by_name AS sender, message, document
     FROM bid_versions WHERE id = $1`,
    [link.versionId],
  );
  const signers = await db.query<{ name: string; signed: boolean; declined: boolean }>(
    `SELECT name, signed_at IS NOT NULL AS signed, declined_at IS NOT NULL AS declined
     FROM bid_signers WHERE version_id = $1 ORDER BY position`,
    [link.versionId],
  );
  return {
    documentId: link.versionId,
    status: link.status,
    sentAt: iso(v!.sentAt)!,
    expiresOn: v!.expiresOn,
    sender: v!.sender,
    message: v!.message,
    document: (typeof v!.document === "string" ? JSON.parse(v!.document) : v!.document) as SentDocument,
    signer: {
      name: link.name,
      email: maskEmail(link.email),
      consentedAt: iso(link.consentedAt),
      signedAt: iso(link.signedAt),
      declinedAt: iso(link.declinedAt),
      language: link.language,
    },
    signers,
    consent: { paragraphs: [...DISCLOSURES[language]], hash: CONSENT_HASHES[language] },
    sealed: link.sealed,
  };
}

/** A version's PDF bytes and the project it is for. */
export async function versionPdf(db: Queryable, versionId: string) {
  const [row] = await db.query<{ pdf: Uint8Array; projectName: string; sealed: boolean }>(
    `SELECT COALESCE(sealed_pdf, pdf) AS pdf, project_name AS "projectName", sealed_pdf IS NOT NULL AS sealed
     FROM bid_versions WHERE id = $1`,
    [versionId],
  );
  if (!row) throw new HttpError(404, "Bid not found");
  return row;
}
