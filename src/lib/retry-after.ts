/**
 * Retry-After in words, for every page that is refused for a while: the contact form, sign-in, the portal's client
 * and the client's signing page. Plain functions with no imports, kept out of the contact form's bundling group
 * (astro.config.mjs), so the signing page, which has no React, loads them without the form's chunk.
 */

/** Reads a Retry-After header given in seconds (what /api/contact sends); undefined if absent or not a number. */
export function parseRetryAfter(header: string | null | undefined): number | undefined {
  return header && /^\s*\d+\s*$/.test(header) ? Number(header) : undefined;
}

/** Words for a wait: "in 45 seconds", "in 2 minutes", or "later" when unknown. */
export function formatWait(seconds: number | undefined): string {
  if (seconds === undefined) return "later";
  if (seconds < 60) return seconds === 1 ? "in 1 second" : `in ${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "in 1 minute" : `in ${minutes} minutes`;
}
