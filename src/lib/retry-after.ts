/** Reads a Retry-After header (delay in seconds or an HTTP date) as whole seconds from `now`; undefined if absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Words for a wait, e.g. "in 45 seconds", "in 2 minutes", "in about 1 hour", or "later" when unknown. */
export function formatWait(seconds: number | undefined): string {
  if (seconds === undefined) return "later";
  if (seconds <= 1) return "in a moment";
  if (seconds < 60) return `in ${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "in 1 minute" : `in ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? "in about 1 hour" : `in about ${hours} hours`;
}
