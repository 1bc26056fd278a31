/** The signed bids' part of the company export: each sealed PDF and its event log, a few versions at a time. */
import type { Queryable } from "~/server/db";
import { versionEvents } from "./sealing";

/** Sealed versions read per query: each carries its whole PDF. */
const BATCH = 10;

/** One file of the export. */
export interface ExportFile {
  name: string;
  content: Uint8Array;
}

interface SealedRow {
  id: string;
  bidId: string;
  version: number;
  sealedPdf: Uint8Array;
  sealedSha256: string;
  sha256: string;
  cursorAt: string;
}

/** The version's event log as the certificate names it: every event, oldest first. */
async function eventLog(db: Queryable, row: SealedRow) {
  const log = {
    documentId: row.id,
    bidId: row.bidId,
    version: row.version,
    sentSha256: row.sha256,
    sealedSha256: row.sealedSha256,
    events: await versionEvents(db, row.id),
  };
  return new TextEncoder().encode(JSON.stringify(log, null, 2));
}

/**
 * `bids/<bidId>/v<version>-signed.pdf` and `bids/<bidId>/v<version>-events.json` for every sealed version, in
 * the order they were sealed, paged by (sealed_at, id) exact to the microsecond.
 */
export async function* signedBidFiles(db: Queryable): AsyncGenerator<ExportFile> {
  let after: [string, string] = ["-infinity", "00000000-0000-0000-0000-000000000000"];
  for (;;) {
    const rows = await db.query<SealedRow>(
      `SELECT id, bid_id AS "bidId", version, sealed_pdf AS "sealedPdf", sealed_sha256 AS "sealedSha256", sha256,
         sealed_at::text AS "cursorAt"
       FROM bid_versions WHERE sealed_at IS NOT NULL AND (sealed_at, id) > ($1::timestamptz, $2::uuid)
       ORDER BY sealed_at, id LIMIT $3`,
      [...after, BATCH],
    );
    for (const row of rows) {
      const base = `bids/${row.bidId}/v${row.version}`;
      yield { name: `${base}-signed.pdf`, content: new Uint8Array(row.sealedPdf) };
      yield { name: `${base}-events.json`, content: await eventLog(db, row) };
    }
    if (rows.length < BATCH) return;
    after = [rows.at(-1)!.cursorAt, rows.at(-1)!.id];
  }
}
