/**
 * axe-core with the WCAG 2.1 A/AA and best-practice rules docs/requirements.md#accessibility asks for, reported
 * compactly.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** A violation as one readable line per failing node. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now and returns its violations. */
export async function axeViolations(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? "",
    help: v.help,
    targets: v.nodes.map(
      (n) =>
        `${n.target.join(" ")}${n.failureSummary ? ` -> ${n.failureSummary.replace(/\s+/g, " ").slice(0, 160)}` : ""}`,
    ),
  }));
}
