/** A measured public page judged against issue 3's targets. */
import { CATEGORIES } from "./lighthouse";
import type { Check } from "./results";
import type { PageResult } from "./site-measure";
import { atMost, kb, sec, SITE_FIGURES, TARGETS } from "./targets";

/** The part of a page's figures the checks read. */
export type CheckedPage = Pick<PageResult, "path" | "status" | "median" | "js" | "firstPaintBytes" | "blockingCss"> & {
  runs: Pick<PageResult["runs"][number], "failing" | "consoleErrors">[];
};

/** SEO audits that fail on any page answered with status 404, by Lighthouse's design. */
const INHERENT_404_SEO = new Set(["http-status-code", "is-crawlable"]);

/** Why a missed Lighthouse score on the 404 page is inherent to its status, if it is. */
function inherent404(r: CheckedPage, category: string): string | undefined {
  if (r.status !== 404) return undefined;
  const failing = r.runs.flatMap((f) => f.failing).filter((f) => f.category === category);
  if (!failing.length) return undefined;
  if (category === "seo" && failing.every((f) => INHERENT_404_SEO.has(f.id)))
    return "inherent: Lighthouse fails http-status-code on any 404 response";
  if (category === "best-practices") {
    const errors = r.runs.flatMap((f) => f.consoleErrors);
    const onlyDocument404 =
      errors.every((e) => /status of 404/.test(e) && e.endsWith(`${r.path}>`)) &&
      failing.every((f) => f.id === "errors-in-console");
    if (onlyDocument404) return "inherent: Chrome logs the document's own 404 as a console error";
  }
  return undefined;
}

/** Every target that applies to a page: Lighthouse scores and timings, JS weight, and the home page's budgets. */
export function pageChecks(r: CheckedPage): Check[] {
  const out: Check[] = CATEGORIES.map((c) => {
    const score = r.median.scores[c]!;
    const pass = score === TARGETS.score;
    const note = pass || Number.isNaN(score) ? undefined : inherent404(r, c);
    return {
      page: r.path,
      id: c,
      target: SITE_FIGURES[c],
      actual: Number.isNaN(score) ? "n/a" : String(score),
      limit: `= ${TARGETS.score}`,
      pass,
      ...(note ? { note } : {}),
    };
  });
  out.push(
    atMost(r.path, "fcp", r.median.fcp, TARGETS.fcpMs, sec),
    atMost(r.path, "lcp", r.median.lcp, TARGETS.lcpMs, sec),
    atMost(r.path, "tbt", r.median.tbt, TARGETS.tbtMs, (n) => `${Math.round(n)} ms`),
    atMost(r.path, "cls", r.median.cls, TARGETS.cls, (n) => n.toFixed(3)),
    atMost(r.path, "js", r.js.totalGzip, TARGETS.jsPerPageGzip, kb),
    atMost(r.path, "island", r.js.islandGzip, TARGETS.islandGzip, kb),
    {
      page: r.path,
      id: "portal",
      target: SITE_FIGURES.portal,
      actual: r.js.portal ? "portal code reachable" : "none",
      limit: "none",
      pass: !r.js.portal,
    },
  );
  if (r.path !== "/") return out;
  out.push(
    atMost(
      r.path,
      "firstPaint",
      r.firstPaintBytes.gzip,
      TARGETS.homeHtmlCriticalCss,
      kb,
      `brotli ${kb(r.firstPaintBytes.brotli)}`,
    ),
    {
      page: r.path,
      id: "blockingCss",
      target: SITE_FIGURES.blockingCss,
      actual: r.blockingCss.length ? r.blockingCss.map((c) => c.href).join(" ") : "none",
      limit: "none",
      pass: r.blockingCss.length === 0,
    },
    atMost(r.path, "transfer", r.median.transferBytes, TARGETS.homeTransfer, kb),
    atMost(r.path, "requests", r.median.requests, TARGETS.homeRequests, (n) => String(n)),
  );
  return out;
}
