/** Per-account quotas: each check runs in the transaction that writes, holding the account's row. */
import { AsyncLocalStorage } from "node:async_hooks";
import { ACCOUNT_QUOTAS } from "~/schemas/limits";
import { admit, retryAfter } from "~/server/rate-limit";
import { TEMPLATE_SAVE_WINDOW_SECONDS } from "./config";
import type { Queryable } from "./db";
import { HttpError } from "./http";

const MB = 1024 * 1024;

/** The per-account limits the checks below apply. */
export type AccountQuotas = { readonly [K in keyof typeof ACCOUNT_QUOTAS]: number };

const inForce = new AsyncLocalStorage<AccountQuotas>();

/**
 * Runs `fn` with `quotas` applied by the checks below instead of ACCOUNT_QUOTAS, for the work `fn` starts:
 * a test reaches a quota with a few small saves instead of tens of megabytes, and other work is unaffected.
 */
export function withAccountQuotas<T>(quotas: AccountQuotas, fn: () => T): T {
  return inForce.run(quotas, fn);
}

/** The quotas in force: ACCOUNT_QUOTAS unless `withAccountQuotas` set others. */
export const accountQuotas = (): AccountQuotas => inForce.getStore() ?? ACCOUNT_QUOTAS;

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
  const max = accountQuotas().signatureTemplates;
  if (row!.n >= max)
    throw new HttpError(409, `Quota reached: an account keeps at most ${max} signature templates. Delete one first.`, {
      code: "quota_exceeded",
    });
}

/** 409 when the account already created its quota of proposal templates (the Trash counts until purged). */
export async function assertProposalTemplateRoom(tx: Queryable, staffId: string): Promise<void> {
  await lockAccount(tx, staffId);
  const [row] = await tx.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM proposal_templates WHERE created_by = $1",
    [staffId],
  );
  const max = accountQuotas().proposalTemplates;
  if (row!.n >= max)
    throw new HttpError(
      409,
      `Quota reached: an account keeps at most ${max} proposal templates, those in the Trash included. Delete one first.`,
      { code: "quota_exceeded" },
    );
}

/**
 * What an account stores, in bytes: the images it stored first, the proposal templates it saved last (their
 * current text, Trash included) and every earlier version it saved that is still kept.
 */
export async function storedBytes(db: Queryable, staffId: string): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    `SELECT (
       (SELECT coalesce(sum(octet_length(bytes)), 0) FROM signature_images WHERE created_by = $1)
       + (SELECT coalesce(sum(octet_length(template_content)), 0) FROM proposal_templates
          WHERE COALESCE(updated_by, created_by) = $1)
       + (SELECT coalesce(sum(octet_length(template_content)), 0) FROM proposal_template_versions WHERE saved_by = $1)
     )::text AS n`,
    [staffId],
  );
  return Number(row!.n);
}

/**
 * 409 when storing `bytes` more would take what the account stores (images, proposal templates and their
 * kept versions) past its quota.
 */
export async function assertStorageRoom(tx: Queryable, staffId: string, bytes: number): Promise<void> {
  await lockAccount(tx, staffId);
  const max = accountQuotas().storedBytes;
  if ((await storedBytes(tx, staffId)) + bytes > max)
    throw new HttpError(
      409,
      `Quota reached: an account stores at most ${max / MB} MB of images, proposal templates and their kept ` +
        "versions (a version is kept 30 days). Delete templates or images you no longer need first.",
      { code: "quota_exceeded" },
    );
}

/**
 * Counts one proposal template save (a creation, a save or a restore) of the account; 429 with Retry-After
 * past the hourly limit, so a burst of saves cannot fill the version history faster than anyone can look.
 */
export async function admitTemplateSave(tx: Queryable, staffId: string): Promise<void> {
  const max = accountQuotas().templateSavesPerHour;
  const limit = { bucket: "template-save", key: staffId, max, windowSeconds: TEMPLATE_SAVE_WINDOW_SECONDS };
  if (await admit(tx, limit)) return;
  const wait = await retryAfter(tx, limit);
  throw new HttpError(
    429,
    `Too many template saves: an account saves proposal templates at most ${max} times an hour. ` +
      `Try again in ${wait} s.`,
    { headers: { "Retry-After": String(wait) } },
  );
}
