/**
 * The zod-free half of the bids contract: limits, the code's shape and the pages' paths. The client's
 * signing page, /verify and the Proposals screen import them without loading zod, and so does
 * everything else: they live here only.
 */

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
  /** Elements and texts in a body, all levels counted. */
  bodyNodes: 20_000,
  /** Characters of text in a body (about 60 printed pages). */
  bodyChars: 200_000,
} as const;

/** The confirmation code e-mailed to a signer: 6 digits, 5 tries, 10 minutes. */
export const BID_CODE = { digits: 6, tries: 5, ttlMinutes: 10 } as const;

/** The client's page (the link is `<site>/bid#<secret>`: a fragment never reaches a server log or a Referer). */
export const BID_PAGE_PATH = "/bid";
/** The languages a signer reads their e-mails, page, disclosure and certificate in; English unless staff choose. */
export const BID_LANGUAGES = ["en", "es"] as const;
export type BidLanguage = (typeof BID_LANGUAGES)[number];

/** Each language's name in itself, as the switch and the "Send to client" choice show it. */
export const LANGUAGE_NAMES: Record<BidLanguage, string> = { en: "English", es: "Español" };

/** The client's page in each language: the English one is BID_PAGE_PATH. */
export const BID_PAGE_PATHS: Record<BidLanguage, string> = { en: BID_PAGE_PATH, es: `${BID_PAGE_PATH}/es` };

/** The public page where anyone checks a PDF against the company's seals. */
export const VERIFY_PAGE_PATH = "/verify";
