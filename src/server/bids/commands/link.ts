/**
 * A client's link: issuing one, finding the signer its secret names (a wrong secret counts against the caller's
 * address), and the checks that refuse what a closed, decided or unoffered link may not do.
 */
import type { BidStatus } from "~/schemas/bids";
import type { Queryable } from "~/server/db";
import { HttpError } from "~/server/http";
import { bidStatus, CLOSED, type StatusFacts } from "../status";
import { addressKey } from "~/server/client-address";
import { admit, retryAfter, type Limit } from "~/server/rate-limit";
import type { BidLanguage } from "~/schemas/bid-fields";
import { newSecret, sha256Hex } from "../secrets";

/** Wrong link secrets per client address: a person mistyping a link gets there; a guesser does not. */
export const WRONG_LINK_LIMIT = { max: 10, windowSeconds: 15 * 60 } as const;

const wrongLinks = (ip: string | null): Limit => ({
  bucket: "bid-link",
  key: addressKey(ip) ?? "unknown",
  ...WRONG_LINK_LIMIT,
});

/** A signer and their version, as a link finds them. */
export interface Link {
  signerId: string;
  versionId: string;
  name: string;
  email: string;
  viewedAt: Date | null;
  consentedAt: Date | null;
  signedAt: Date | null;
  declinedAt: Date | null;
  renewalAskedAt: Date | null;
  codeFailures: number;
  /** The signer's language: their e-mails, and their page's disclosure unless the page asks for the other. */
  language: BidLanguage;
  /** The SHA-256 of the secret that found this signer: the link's own rate limits are keyed by it. */
  linkHash: string;
  status: BidStatus;
  sealed: boolean;
}

const LINK_SQL = `SELECT s.id AS "signerId", s.version_id AS "versionId", s.name, s.email, s.viewed_at AS "viewedAt",
    s.consented_at AS "consentedAt", s.signed_at AS "signedAt", s.declined_at AS "declinedAt",
    s.renewal_asked_at AS "renewalAskedAt", s.code_failures AS "codeFailures", s.language, l.secret_hash AS "linkHash",
    v.withdrawn_at AS "withdrawnAt", v.declined_at AS "versionDeclinedAt",
    v.accepted_at AS "acceptedAt", v.replaced_at AS "replacedAt", v.expires_on::text AS "expiresOn",
    v.sealed_at IS NOT NULL AS sealed,
    EXISTS (SELECT 1 FROM bid_signers o WHERE o.version_id = v.id AND o.viewed_at IS NOT NULL) AS viewed
  FROM bid_links l JOIN bid_signers s ON s.id = l.signer_id JOIN bid_versions v ON v.id = s.version_id
  WHERE l.secret_hash = $1`;

/**
 * A new personal link for the signer: a fresh 256-bit secret, stored as its hash beside the earlier ones (which
 * keep working). The secret is answered for the e-mail that carries it, and kept nowhere else.
 */
export async function issueLink(db: Queryable, signerId: string): Promise<string> {
  const secret = newSecret();
  await db.query("INSERT INTO bid_links (secret_hash, signer_id) VALUES ($1, $2)", [sha256Hex(secret), signerId]);
  return secret;
}

/** The link's signer, or 404 (429 once this address has guessed wrong too often). */
export async function findLink(db: Queryable, secret: string, ip: string | null): Promise<Link> {
  type Row = Omit<Link, "status"> & Omit<StatusFacts, "declinedAt"> & { versionDeclinedAt: Date | null };
  const [row] = await db.query<Row>(LINK_SQL, [sha256Hex(secret)]);
  if (row) return { ...row, status: bidStatus({ ...row, declinedAt: row.versionDeclinedAt }) };
  const limit = wrongLinks(ip);
  if (await admit(db, limit)) throw new HttpError(404, "This link is not valid: open the one in your e-mail");
  return refuse(db, limit, "Too many wrong links, try again later");
}

/** 429 with the wait until `limit` admits again. */
async function refuse(db: Queryable, limit: Limit, message: string): Promise<never> {
  const wait = await retryAfter(db, limit);
  throw new HttpError(429, message, { headers: { "Retry-After": String(Math.max(1, wait)) } });
}

/** Counts a hit against `limit`, or refuses 429 with Retry-After when it is full. */
export async function throttle(db: Queryable, limit: Limit, message: string): Promise<void> {
  if (!(await admit(db, limit))) await refuse(db, limit, message);
}

/**
 * Opens and downloads per link per hour: a page reloaded all day (and its wait for the seal) gets there; a
 * script pulling the view or the PDF in a loop does not.
 */
export const LINK_READS = {
  open: { max: 120, windowSeconds: 3600 },
  pdf: { max: 30, windowSeconds: 3600 },
} as const;

/** Counts one read of the link (`open` or `pdf`), or refuses 429. */
export const throttleRead = (db: Queryable, link: Link, read: keyof typeof LINK_READS) =>
  throttle(
    db,
    { bucket: `bid-${read}`, key: link.linkHash, ...LINK_READS[read] },
    "Too many requests for this link, try again later",
  );

/** 410 unless the link's version can still be signed or declined: the page explains each status. */
export function checkOpen(link: Link): void {
  if (CLOSED.includes(link.status)) throw new HttpError(410, WHY_CLOSED[link.status]!, { code: "gone" });
}

const WHY_CLOSED: Partial<Record<BidStatus, string>> = {
  withdrawn: "The company withdrew this proposal",
  replaced: "A newer proposal replaced this one: open the link in the newer e-mail",
  expired: "This proposal has expired: you can ask for a new one",
  declined: "This proposal was declined",
  accepted: "This proposal is already signed",
};

/**
 * 410 when the company took the link's document back (withdrawn, or replaced by a newer send): its PDF is no
 * offer any more. A declined, expired or accepted proposal stays downloadable: it is what the client was offered.
 */
export function checkOffered(link: Link): void {
  if (link.status === "withdrawn" || link.status === "replaced")
    throw new HttpError(410, WHY_CLOSED[link.status]!, { code: "gone" });
}

/** 409 when this signer has already answered. */
export function checkUndecided(link: Link): void {
  if (link.signedAt) throw new HttpError(409, "You have already signed this proposal");
  if (link.declinedAt) throw new HttpError(409, "You have declined this proposal");
}
