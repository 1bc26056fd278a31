/** bench:site in the report: Lighthouse per public page, bytes and requests per page, JavaScript per portal screen. */
import type { Check, SiteResults } from "../results";
import { MEDIAN_PAGE, SITE_FIGURES, TARGETS, type SiteFigure } from "../targets";
import { cell, count, kilobytes, seconds, table, type Figure, type SectionBody } from "./format";

type Page = SiteResults["pages"][number];

const LIGHTHOUSE: SiteFigure[] = ["performance", "accessibility", "best-practices", "seo", "fcp", "lcp", "tbt", "cls"];
const WEIGHT: SiteFigure[] = ["transfer", "requests", "js", "island", "firstPaint"];

/** A page's figure by id: its number, unit and printed form. */
function valueOf(page: Page, id: SiteFigure): Pick<Figure, "value" | "unit" | "measured"> {
  const m = page.median;
  switch (id) {
    case "performance":
    case "accessibility":
    case "best-practices":
    case "seo": {
      const score = m.scores[id] ?? null;
      return { value: score, unit: "score", measured: score === null ? "n/a" : String(Math.round(score)) };
    }
    case "fcp":
    case "lcp":
      return { value: m[id], unit: "ms", measured: seconds(m[id]) };
    case "tbt":
      return { value: m.tbt, unit: "ms", measured: m.tbt === null ? "n/a" : `${Math.round(m.tbt)} ms` };
    case "cls":
      return { value: m.cls, measured: m.cls === null ? "n/a" : m.cls.toFixed(3) };
    case "transfer":
      return { value: m.transferBytes, unit: "bytes", measured: kilobytes(m.transferBytes) };
    case "requests":
      return { value: m.requests, unit: "count", measured: count(m.requests) };
    case "js":
      return { value: page.js.totalGzip, unit: "bytes", measured: kilobytes(page.js.totalGzip) };
    case "island":
      return { value: page.js.islandGzip, unit: "bytes", measured: kilobytes(page.js.islandGzip) };
    case "firstPaint":
      return { value: page.firstPaintBytes.gzip, unit: "bytes", measured: kilobytes(page.firstPaintBytes.gzip) };
    default:
      return { measured: "" };
  }
}

/** The Web Almanac's median page for a figure, where it has one. */
const REFERENCE: Partial<Record<SiteFigure, string>> = {
  transfer: kilobytes(MEDIAN_PAGE.totalBytes),
  requests: count(MEDIAN_PAGE.requests),
  js: kilobytes(MEDIAN_PAGE.jsBytes),
};

/** The limits as the tables' target row prints them (the home page's budgets apply to / only). */
const LIMIT: Record<string, string> = {
  performance: `${TARGETS.score}`,
  accessibility: `${TARGETS.score}`,
  "best-practices": `${TARGETS.score}`,
  seo: `${TARGETS.score}`,
  fcp: `≤ ${seconds(TARGETS.fcpMs)}`,
  lcp: `≤ ${seconds(TARGETS.lcpMs)}`,
  tbt: `≤ ${TARGETS.tbtMs} ms`,
  cls: `≤ ${TARGETS.cls.toFixed(3)}`,
  transfer: `≤ ${kilobytes(TARGETS.homeTransfer)} (/)`,
  requests: `≤ ${TARGETS.homeRequests} (/)`,
  js: `≤ ${kilobytes(TARGETS.jsPerPageGzip)}`,
  island: `≤ ${kilobytes(TARGETS.islandGzip)}`,
  firstPaint: `≤ ${kilobytes(TARGETS.homeHtmlCriticalCss)} (/)`,
};

const isInherent = (c: Check | undefined) => Boolean(c?.note?.startsWith("inherent"));

/** One page's row of a table of figures: each cell marked when its check failed. */
function row(page: Page, ids: SiteFigure[], checks: Map<string, Check>): string[] {
  const label = page.status === 200 ? page.path : `${page.path} (${page.status})`;
  return [
    label,
    ...ids.map((id) => {
      const check = checks.get(`${page.path} ${id}`);
      return cell(valueOf(page, id).measured, check?.pass, isInherent(check) ? "inherent to a 404" : undefined);
    }),
  ];
}

/** bench:site's section. */
export function siteSection(site: SiteResults): SectionBody {
  const checks = new Map(site.checks.map((c) => [`${c.page} ${c.id}`, c]));
  const names = (ids: SiteFigure[]) => ids.map((id) => SITE_FIGURES[id].replace(/^Lighthouse /, ""));
  const lines = [
    `Lighthouse (mobile, simulated throttling) in Chromium against the production build on the production-like server; every figure is the median of ${site.runs} runs per page. Bytes and requests are as Lighthouse saw them transferred; JavaScript is what the built HTML can load, gzip -9.`,
    "",
    "### Lighthouse per page",
    "",
    ...table(
      ["page", ...names(LIGHTHOUSE)],
      [["target", ...LIGHTHOUSE.map((id) => LIMIT[id]!)], ...site.pages.map((p) => row(p, LIGHTHOUSE, checks))],
    ),
    "",
    "### Bytes and requests per page",
    "",
    ...table(
      ["page", ...names(WEIGHT)],
      [
        ["target", ...WEIGHT.map((id) => LIMIT[id]!)],
        [`reference: ${MEDIAN_PAGE.source}`, ...WEIGHT.map((id) => REFERENCE[id] ?? "")],
        ...site.pages.map((p) => row(p, WEIGHT, checks)),
      ],
    ),
  ];

  const failed = site.checks.filter((c) => !c.pass);
  const inherent = failed.filter(isInherent);
  const marked = new Set<string>([...LIGHTHOUSE, ...WEIGHT]);
  const unmarked = failed.filter((c) => !marked.has(c.id));
  lines.push(
    "",
    `Reference: HTTP Archive's Web Almanac 2024 (October 2024 crawl), median home page on mobile, bytes as transferred: ${Object.entries(
      MEDIAN_PAGE.chapters,
    )
      .map(([chapter, url]) => `[${chapter}](${url})`)
      .join(" and ")} chapters.`,
    "",
    `${site.checks.length - failed.length} of ${site.checks.length} page targets met; misses are marked ✗.` +
      (inherent.length
        ? ` Inherent to the 404 status, not to fix: ${inherent.map((c) => `${c.target} (${c.note!.replace(/^inherent: /, "")})`).join("; ")}.`
        : "") +
      (unmarked.length ? ` Also missed: ${unmarked.map((c) => `${c.page} ${c.target}: ${c.actual}`).join("; ")}.` : ""),
  );

  const editorLibraries = Object.entries(site.onDemandLibraries ?? {});
  const librariesPass = editorLibraries.map(([, where]) => where !== "UP FRONT");
  lines.push(
    "",
    "### JavaScript per portal screen (gzip)",
    "",
    ...table(
      ["screen", "up front", "on demand"],
      [
        [`reference: ${MEDIAN_PAGE.source} (all its JavaScript)`, kilobytes(MEDIAN_PAGE.jsBytes), ""],
        ...site.portalScreens.map((s) => [s.path, kilobytes(s.eagerGzip), kilobytes(s.lazyGzip)]),
      ],
    ),
  );
  if (editorLibraries.length)
    lines.push(
      "",
      `Loaded only when needed on /portal/proposal-editor (issue 9): ${editorLibraries
        .map(([name, where], i) => `${name} ${librariesPass[i] ? where : `**${where}** ✗`}`)
        .join("; ")}.`,
    );

  const figures: Figure[] = [
    ...site.checks.map((c) => {
      const page = site.pages.find((p) => p.path === c.page);
      const id = c.id as SiteFigure;
      const measured = page && c.id in SITE_FIGURES ? valueOf(page, id) : { measured: c.actual };
      return {
        subject: c.page,
        figure: c.target,
        ...measured,
        measured: measured.measured || c.actual,
        target: c.limit,
        pass: c.pass,
        ...(REFERENCE[id] ? { reference: `${MEDIAN_PAGE.source}: ${REFERENCE[id]}` } : {}),
        ...(c.note ? { note: c.note } : {}),
      };
    }),
    ...site.portalScreens.map((s) => ({
      subject: s.path,
      figure: "JavaScript up front (gzip)",
      measured: kilobytes(s.eagerGzip),
      value: s.eagerGzip,
      unit: "bytes" as const,
      reference: `${MEDIAN_PAGE.source}: ${kilobytes(MEDIAN_PAGE.jsBytes)}`,
    })),
    ...editorLibraries.map(([name, where], i) => ({
      subject: "/portal/proposal-editor",
      figure: `${name} loaded`,
      measured: where,
      target: "on demand",
      pass: librariesPass[i],
    })),
  ];
  const judged = [...site.checks.map((c) => c.pass), ...librariesPass];
  return { lines, figures, targets: { met: judged.filter(Boolean).length, total: judged.length } };
}
