/**
 * Retry-After in words, as ~/lib/retry-after says it. The page cannot import that module: the build puts it
 * in the contact form's chunk (a bundling group takes its members' imports along), which loads React, and
 * this page's budget has no room for React. wait.test.ts holds the two to the same answers.
 */
import { t } from "./language";

/** Seconds from a Retry-After header given in seconds; undefined if absent or not a number. */
export function parseRetryAfter(header: string | null | undefined): number | undefined {
  return header && /^\s*\d+\s*$/.test(header) ? Number(header) : undefined;
}

/** "in 45 seconds", "in 2 minutes", or "later" when unknown. */
export function formatWait(seconds: number | undefined): string {
  const { wait } = t();
  if (seconds === undefined) return wait.later;
  if (seconds < 60) return wait.seconds(seconds);
  return wait.minutes(Math.ceil(seconds / 60));
}
