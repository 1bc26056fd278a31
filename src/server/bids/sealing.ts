/**
 * Sealing an accepted version: the PDF again with the certificate page (every event so far), signed with the
 * company's key; its SHA-256 is what /verify knows. A failure is recorded and retried by the every-minute job.
 */
import { VERIFY_PAGE_PATH, type BidLanguage } from "~/schemas/bid-fields";
import { type SentDocument } from "~/schemas/bids";
import type { Queryable } from "~/server/db";
import { sql } from "~/server/db/sql";
import { env } from "~/server/env";
import { sealedMailSql } from "./mail-queue";
import { bidPdf, type CertificateFacts } from "./pdf-port";
import { CONSENT_HASH, sha256Hex } from "./secrets";
import { iso } from "./status";

/**
 * How long after an attempt starts no other may: it is still running, or it died without a word (a function
 * stopped at its time limit). One that fails says so and frees the version for the job's next run at once.
 */
export const SEAL_RETRY_SECONDS = 60;

/**
 * Takes the version's seal attempt (none while another runs or before a failed one's pause ends). Without a
 * `now`, the database's clock decides, the one that stamped the acceptance.
 */
async function claimAttempt(db: Queryable, versionId: string, now: Date | null) {
  const [row] = await db.query<{ id: string; document: unknown; expiresOn: string; sha256: string }>(
    `UPDATE bid_versions SET seal_attempt_at = COALESCE($2::timestamptz, now()) + make_interval(secs => $3)
     WHERE id = $1 AND accepted_at IS NOT NULL AND sealed_at IS NULL AND seal_attempt_at <= COALESCE($2::timestamptz, now())
     RETURNING id, document, expires_on::text AS "expiresOn", sha256`,
    [versionId, now, SEAL_RETRY_SECONDS],
  );
  return row;
}

/** A version's whole timeline, oldest first, as the certificate and the export's event log name it. */
export async function versionEvents(db: Queryable, versionId: string) {
  const events = await db.query<{
    kind: string;
    at: Date;
    signer: string | null;
    ip: string | null;
    userAgent: string | null;
    detail: string | null;
  }>(
    `SELECT e.kind, e.at, s.name AS signer, e.ip, e.user_agent AS "userAgent", e.detail
     FROM bid_events e LEFT JOIN bid_signers s ON s.id = e.signer_id WHERE e.version_id = $1 ORDER BY e.at, e.id`,
    [versionId],
  );
  return events.map((e) => ({ ...e, at: iso(e.at)! }));
}

/** The certificate page's facts: signers, the disclosure's hash and every event so far, oldest first. */
async function certificateOf(db: Queryable, versionId: string, sentSha256: string): Promise<CertificateFacts> {
  const signers = await db.query<{
    name: string;
    email: string;
    typedName: string;
    signedAt: Date;
    drawing: string | null;
    consentHash: string;
    language: BidLanguage;
  }>(
    `SELECT name, email, signed_name AS "typedName", signed_at AS "signedAt", drawing, sign_consent_hash AS "consentHash",
       language
     FROM bid_signers WHERE version_id = $1 ORDER BY position`,
    [versionId],
  );
  const events = await versionEvents(db, versionId);
  return {
    documentId: versionId,
    sentSha256,
    consentHash: signers[0]?.consentHash ?? CONSENT_HASH,
    verifyUrl: new URL(VERIFY_PAGE_PATH, env().SITE_URL).href,
    language: signers.some((s) => s.language === "es") ? "es" : "en",
    signers: signers.map(({ consentHash: _hash, language: _language, ...s }) => ({ ...s, signedAt: iso(s.signedAt)! })),
    events,
  };
}

/**
 * Stores the sealed PDF, its "sealed" event and its e-mails as one statement: all of them or none. Only the
 * first seal of a version is stored (an attempt whose pause ran out while it rendered may finish second): true
 * when this one was.
 */
async function storeSeal(db: Queryable, versionId: string, pdf: Uint8Array): Promise<boolean> {
  const sha256 = sha256Hex(pdf);
  const [signers, sender] = sealedMailSql(sql`sealed`);
  const statement = sql`WITH sealed AS (
      UPDATE bid_versions SET sealed_pdf = ${pdf}, sealed_sha256 = ${sha256}, sealed_at = now(), seal_error = NULL
      WHERE id = ${versionId} AND sealed_at IS NULL RETURNING id),
    logged AS (INSERT INTO bid_events (version_id, kind, detail) SELECT id, 'sealed', ${sha256} FROM sealed),
    to_signers AS (${signers}),
    to_sender AS (${sender})
    SELECT count(*)::int AS n FROM sealed`;
  const [row] = await db.query<{ n: number }>(statement.text, statement.values);
  return row!.n > 0;
}

/** Seals one accepted version if its attempt is due; true when it is sealed now. */
export async function sealVersion(db: Queryable, versionId: string, now: Date | null = null): Promise<boolean> {
  const version = await claimAttempt(db, versionId, now);
  if (!version) return false;
  try {
    const document = (
      typeof version.document === "string" ? JSON.parse(version.document) : version.document
    ) as SentDocument;
    const certificate = await certificateOf(db, versionId, version.sha256);
    const engine = await bidPdf();
    const sealed = await engine.seal(
      await engine.render({ document, documentId: versionId, expiresOn: version.expiresOn, certificate }),
    );
    return await storeSeal(db, versionId, sealed);
  } catch (error) {
    const message = String(error instanceof Error ? error.message : error).slice(0, 500);
    console.error(`sealing bid version ${versionId} failed`, error);
    // Due again at once: with the job once a minute, waiting out the pause as well would leave an accepted
    // bid unsealed for up to two minutes after a failed first attempt.
    await db.query(
      // Not once another attempt sealed it: the log of a sealed version ends with its seal.
      `WITH failed AS (UPDATE bid_versions SET seal_error = $2, seal_attempt_at = COALESCE($3::timestamptz, now())
         WHERE id = $1 AND sealed_at IS NULL RETURNING id)
       INSERT INTO bid_events (version_id, kind, detail) SELECT id, 'seal-failed', $2 FROM failed`,
      [versionId, message, now],
    );
    return false;
  }
}

/** The every-minute job's part: seals the accepted versions still unsealed whose attempt is due. */
export async function sealDue(db: Queryable, now = new Date(), limit = 5): Promise<{ sealed: number; failed: number }> {
  const due = await db.query<{ id: string }>(
    `SELECT id FROM bid_versions WHERE accepted_at IS NOT NULL AND sealed_at IS NULL AND seal_attempt_at <= $1
     ORDER BY seal_attempt_at LIMIT $2`,
    [now, limit],
  );
  let sealed = 0;
  for (const { id } of due) if (await sealVersion(db, id, now)) sealed++;
  return { sealed, failed: due.length - sealed };
}
