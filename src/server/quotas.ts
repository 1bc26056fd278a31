/** Per-account quotas: each check runs in the transaction that writes, holding the account's row. */
import { ACCOUNT_QUOTAS } from "~/schemas/limits";
import type { Queryable } from "./db";
import { HttpError } from "./http";

const MB = 1024 * 1024;

/**
 * Locks the account's row for the rest of the transaction, so two saves by one account cannot both pass a
 * count taken before either wrote.
 */
async function lockAccount(tx: Queryable, staffId: string): Promise<void> {
  await tx.query("SELECT 1 FROM staff_users WHERE id = $1 FOR UPDATE", [staffId]);
}

/** 409 when the account already holds its quota of signature templates. */
export async function assertSignatureTemplateRoom(tx: Queryable, staffId: string): Promise<void> {
  await lockAccount(tx, staffId);
  const [row] = await tx.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM signature_templates WHERE owner_id = $1",
    [staffId],
  );
  const max = ACCOUNT_QUOTAS.signatureTemplates;
  if (row!.n >= max)
    throw new HttpError(409, `Quota reached: an account keeps at most ${max} signature templates. Delete one first.`);
}

/** 409 when the account already created its quota of proposal templates (the Trash counts until purged). */
export async function assertProposalTemplateRoom(tx: Queryable, staffId: string): Promise<void> {
  await lockAccount(tx, staffId);
  const [row] = await tx.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM proposal_templates WHERE created_by = $1",
    [staffId],
  );
  const max = ACCOUNT_QUOTAS.proposalTemplates;
  if (row!.n >= max)
    throw new HttpError(
      409,
      `Quota reached: an account keeps at most ${max} proposal templates, those in the Trash included. Delete one first.`,
    );
}

/** 409 when storing `bytes` more would take the account's stored images past its quota. */
export async function assertImageRoom(tx: Queryable, staffId: string, bytes: number): Promise<void> {
  await lockAccount(tx, staffId);
  const [row] = await tx.query<{ n: string }>(
    "SELECT coalesce(sum(octet_length(bytes)), 0)::text AS n FROM signature_images WHERE created_by = $1",
    [staffId],
  );
  const max = ACCOUNT_QUOTAS.imageBytes;
  if (Number(row!.n) + bytes > max)
    throw new HttpError(409, `Quota reached: an account stores at most ${max / MB} MB of images.`);
}
