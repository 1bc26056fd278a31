/**
 * The suite's `test`: Playwright's, plus a guard that fails any test whose page reported a
 * Content-Security-Policy violation. Every spec runs on the production build under the production CSP,
 * so every feature it drives is also checked to work within that policy.
 */
import { expect, test as base } from "@playwright/test";

// Everything else (expect, the types) as Playwright exports it; `test` below shadows its own.
export * from "@playwright/test";
import { watchViolations } from "./helpers/csp";

/**
 * Chromium reports the inline event handlers of HTML that DOMPurify parses into its inert document as
 * script-src-attr violations, though nothing runs there and DOMPurify then removes them (it happens for
 * any parse from a page with this CSP: DOMParser, a template, createHTMLDocument). Those reports, and the
 * console lines that repeat them, are the sanitiser doing its job on hostile input; anything else fails.
 */
function expected(violations: string[]): string[] {
  const fromSanitiser = (v: string) => /^script-src-attr blocked inline at .*\/purify\.[^/]*\.js/.test(v);
  const onlySanitiser = violations.filter((v) => v.startsWith("script-src-attr")).every(fromSanitiser);
  return violations.filter(
    (v) => !fromSanitiser(v) && !(onlySanitiser && v.startsWith("Executing inline event handler violates")),
  );
}

/** The violations a test fails on, of those `watchViolations` recorded (for pages of a context a spec opens itself). */
export const unexpectedViolations = expected;

export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ page }, use) => {
      const violations = await watchViolations(page);
      await use();
      // A test may end on a closed page: then only the console lines recorded so far are left to read.
      expect(expected(await violations().catch(() => [])), "CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});
