/** Content-Security-Policy violations a page reports: every spec fails on one (fixtures.ts). */
import type { Page } from "@playwright/test";

/**
 * Records every CSP violation the page reports, from its first script on, plus Chromium's console
 * "Refused to ..." lines (which also cover violations in frames the listener does not see).
 * Returns a reader for what was recorded in the current document.
 */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) console.push(m.text());
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
    ...console,
  ];
}
