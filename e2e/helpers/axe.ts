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

/**
 * Runs axe on the page as it is now and returns its violations. Only violations are gathered (`resultTypes`): the
 * passing nodes of every rule were collected and sent back from the page for nothing (the editor's scans: 16-18 s
 * against 13-15 s on the same loaded machine).
 *
 * One `axe.run` in the page (`setLegacyMode`) instead of the builder's default, which runs each frame's part and
 * then opens a blank tab, loads axe into it a second time and merges the parts there. That default exists for
 * cross-origin frames; no page of ours has a frame. The blank tab cost most of every scan: 180 ms against 450 on a
 * quiet machine, and under CI's load it was where three scans ran out of a test's 30 s.
 */
export async function axeViolations(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
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
