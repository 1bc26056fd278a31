/**
 * Limits the browser and the API both hold entities to, each defined once: the one module the schemas depend
 * on besides zod. Server-only limits (throttles, secrets) are in src/server/config.ts.
 */

/** Largest request body any endpoint accepts (413 above it). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Portal password length bounds; longer ones are refused rather than silently truncated. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/**
 * Passwords chosen in the portal (an invitation, a change): at least 12 characters, and the strength
 * estimator's score at least 3 of 4. The command line keeps PASSWORD_LENGTH for emergencies.
 */
export const PORTAL_PASSWORD = { minLength: 12, minScore: 3 } as const;

/** Display names of staff accounts. */
export const DISPLAY_NAME_LENGTH = { min: 1, max: 100 } as const;

/** Username bounds for staff accounts. */
export const USERNAME_LENGTH = { min: 1, max: 64 } as const;

/** Portal session (and token) lifetimes in seconds from the last use: a working day, or 30 days with "stay signed in". */
export const TOKEN_TTL_SECONDS = { session: 12 * 60 * 60, rememberMe: 30 * 24 * 60 * 60 } as const;

/** Text caps for portal entities, generous but bounded so one row cannot eat the 1 MB body alone twice. */
export const TEXT_LIMITS = {
  title: 200,
  description: 2000,
  templateContent: 900_000,
  signatureName: 100,
  signatureJson: 100_000,
  htmlContent: 400_000,
  logoUrl: 400_000,
} as const;

/**
 * Staff inbox paging for GET /api/contacts: the page the inbox asks for, and the most one call may
 * ask for. Without `limit` the call answers every matching message.
 */
export const INBOX_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;

/**
 * An image this site stores, as a template's logo names it (`/api/signature-images/<sha256>.<ext>`): a logo is
 * kept once by its hash and referenced by this path, which any origin serving the portal loads as 'self'.
 */
export const STORED_IMAGE_PATH = String.raw`\/api\/signature-images\/[0-9a-f]{64}\.(?:png|jpg|webp|gif)`;

/** URLs a logo style, a saved logoUrl or exported HTML may point at: https, an inline raster image, a stored image. */
export const SAFE_IMAGE_URL = new RegExp(
  String.raw`^(?:https:\/\/[^\s"'()\\<>]+|data:image\/(?:png|jpeg|webp|gif);base64,[a-z0-9+/=\s]+|${STORED_IMAGE_PATH})$`,
  "i",
);

/**
 * What is kept of a proposal template: every version younger than `youngDays` days (so a burst of saves
 * cannot push out the past), older ones only while they are among its newest `versions` versions (the
 * current one included), and a deleted one in the Trash for `trashDays` days before the daily job purges it.
 */
export const TEMPLATE_KEEP = { versions: 50, youngDays: 30, trashDays: 30 } as const;

/**
 * What one staff account may store, so no account (or a stolen token) can fill the database: saves past a
 * count or the stored bytes are refused with 409, uploads and template saves past the hourly rate with 429.
 * `storedBytes` counts the account's stored images and the proposal template text it saved (current
 * versions and every kept earlier version).
 */
export const ACCOUNT_QUOTAS = {
  signatureTemplates: 100,
  /** Counted until purged: the Trash holds them for 30 days. */
  proposalTemplates: 200,
  storedBytes: 50 * 1024 * 1024,
  imageUploadsPerHour: 20,
  /** Creating, saving or restoring a proposal template: each writes a version that is kept 30 days. */
  templateSavesPerHour: 60,
} as const;

/** Bid limits, each defined once: the browser checks them before sending, the API refuses past them. */
export const BID_LIMITS = {
  /** One or two signers: a homestead improvement in Texas needs both spouses. */
  signers: { min: 1, max: 2 },
  /** Days from today a bid stays open by default, and the longest allowed. */
  expiryDays: { default: 30, max: 180 },
  message: 2000,
  signerName: 200,
  email: 254,
  declineReason: 1000,
  /** The drawn signature, a PNG data URL from the signing pad. */
  drawingChars: 200_000,
  /** The logo a sent bid carries inline (a PNG or JPEG data URL), as the editor's upload budget allows. */
  logoChars: 240_000,
  /** Body nodes nest at most this deep (lists in columns in lists...). */
  bodyDepth: 12,
} as const;
