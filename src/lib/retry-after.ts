/**
 * Retry-After in words, for every page that is refused for a while: the contact form, sign-in, the portal's client
 * and the client's signing page. Plain functions with no imports, kept out of the contact form's bundling group
 * (astro.config.mjs), so the signing page, which has no React, loads them without the form's chunk.
 */

/** Reads a Retry-After header given in seconds (what /api/contact sends); undefined if absent or not a number. */
export function parseRetryAfter(header: string | null | undefined): number | undefined {
  return header && /^\s*\d+\s*$/.test(header) ? Number(header) : undefined;
}

/** How a wait is worded in one language: the client's signing page has an English and a Spanish set. */
export interface WaitWords {
  later: string;
  seconds: (n: number) => string;
  minutes: (n: number) => string;
}

/** The site's words for a wait (the portal and the public pages speak English). */
export const ENGLISH_WAIT: WaitWords = {
  later: "later",
  seconds: (n) => (n === 1 ? "in 1 second" : `in ${n} seconds`),
  minutes: (n) => (n === 1 ? "in 1 minute" : `in ${n} minutes`),
};

/** Words for a wait: "in 45 seconds", "in 2 minutes", or "later" when unknown (in `words`' language). */
export function formatWait(seconds: number | undefined, words: WaitWords = ENGLISH_WAIT): string {
  if (seconds === undefined) return words.later;
  if (seconds < 60) return words.seconds(seconds);
  return words.minutes(Math.ceil(seconds / 60));
}
