/** bench:site's console output: the per-page table, the JavaScript and Lighthouse diagnosis, and the targets. */
import { CATEGORIES, type LighthouseFigures } from "./lighthouse";
import type { ScreenJs } from "./portal-js";
import type { Check } from "./results";
import type { PageResult } from "./site-measure";
import { kb, median, sec } from "./targets";
import { textTable } from "./text-table";

const fmtScore = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "n/a" : String(Math.round(n)));
const ms = (n: number) => (Number.isNaN(n) ? "n/a" : `${Math.round(n)} ms`);

/** One row per page: the Lighthouse medians and the weights. */
function pagesTable(results: PageResult[]): string {
  const header = ["page", "perf", "a11y", "bp", "seo", "FCP", "LCP", "TBT", "CLS", "JS gz", "React gz"];
  header.push("island gz", "reqs", "transfer", "HTML gz/br", "blocking CSS");
  return textTable([
    header,
    ...results.map((r) => [
      r.status === 200 ? r.path : `${r.path} (${r.status})`,
      ...CATEGORIES.map((c) => fmtScore(r.median.scores[c])),
      sec(r.median.fcp),
      sec(r.median.lcp),
      ms(r.median.tbt),
      Number.isNaN(r.median.cls) ? "n/a" : r.median.cls.toFixed(3),
      kb(r.js.totalGzip),
      kb(r.js.frameworkGzip),
      kb(r.js.islandGzip),
      String(r.median.requests),
      kb(r.median.transferBytes),
      `${kb(r.html.gzip)}/${kb(r.html.brotli)}`,
      r.blockingCss.length ? String(r.blockingCss.length) : "none",
    ]),
  ]);
}

/** Each page's scripts, with what they are made of. */
function jsDetails(results: PageResult[]): string[] {
  const lines = [
    "JavaScript per page (reachable from the built HTML; gzip -9; React = react, react-dom, scheduler, @astrojs/react):",
  ];
  for (const r of results) {
    const portal = r.js.portal ? "  !! PORTAL CODE" : "";
    lines.push(
      `  ${r.path}: ${r.js.files.length} file(s), ${kb(r.js.totalGzip)} total, inline ${kb(r.js.inlineGzip)}${portal}`,
    );
    for (const f of r.js.files) {
      const top = f.topModules.length
        ? `  ours: ${f.topModules.map((t) => `${t.id} ${(t.share * 100).toFixed(0)}%`).join(", ")}`
        : "";
      lines.push(
        `    ${f.url}  ${kb(f.gzip)} gz (React ${kb(f.frameworkGzip)}, island ${kb(f.islandGzip)}, by ${f.attribution})${f.portal ? " PORTAL" : ""}${top}`,
      );
    }
    const notReachable = r.loadedScripts.filter((u) => !r.js.files.some((f) => f.url === u));
    if (notReachable.length) lines.push(`    loaded but not found in the build graph: ${notReachable.join(", ")}`);
  }
  return lines;
}

/** The audits that cost points, how often, and what the median-TBT run spent its time on. */
function lighthouseDetails(r: PageResult): string[] {
  const counted = new Map<string, { n: number; text: string }>();
  for (const f of r.runs)
    for (const a of f.failing) {
      const key = `${a.category}/${a.id}`;
      const text = `${key} "${a.title}"${a.displayValue ? ` (${a.displayValue})` : ""}`;
      counted.set(key, { n: (counted.get(key)?.n ?? 0) + 1, text });
    }
  const lines = [
    `  ${r.path}: ${counted.size ? [...counted.values()].map((c) => `${c.text} x${c.n}`).join("; ") : "no failing audits"}`,
  ];
  const lcp = r.runs.find((f) => f.lcpElement);
  if (lcp)
    lines.push(`    LCP element: ${lcp.lcpElement!.slice(0, 200)}${lcp.lcpBreakdown ? ` [${lcp.lcpBreakdown}]` : ""}`);
  const range = (pick: (f: LighthouseFigures) => number, fmt: (n: number) => string) => {
    const v = r.runs.map(pick).filter((n) => !Number.isNaN(n));
    return v.length ? `${fmt(Math.min(...v))}-${fmt(Math.max(...v))}` : "n/a";
  };
  lines.push(
    `    ranges over runs: FCP ${range((f) => f.fcp, sec)}, LCP ${range((f) => f.lcp, sec)}, TBT ${range((f) => f.tbt, ms)}, ` +
      `perf ${range((f) => f.scores.performance ?? Number.NaN, String)}, CPU index ${range(
        (f) => f.benchmarkIndex ?? Number.NaN,
        (n) => String(Math.round(n)),
      )}`,
  );
  const middle = r.runs.slice().sort((a, b) => a.tbt - b.tbt)[r.runs.length >> 1];
  if (middle) {
    const short = (u: string) => (u.startsWith("http") ? new URL(u).pathname : u || "(unattributed)");
    lines.push(
      `    TBT ${Math.round(middle.tbt)} ms run: long tasks ${middle.longTasks.map((t) => `${short(t.url)} ${t.durationMs}ms@${t.startMs}`).join(", ") || "none"}`,
      `      script time ${middle.bootup.map((b) => `${short(b.url)} ${b.scriptingMs}ms`).join(", ") || "none"}; main thread ${middle.mainThread.map((g) => `${g.group} ${g.ms}ms`).join(", ")}`,
      `      requests: ${middle.requests.map((q) => `${short(q.url)}${new URL(q.url).search ? "?…" : ""} ${q.resourceType} ${q.priority} ${kb(q.transferSize)}`).join("; ")}`,
    );
    if (middle.consoleErrors.length) lines.push(`      console errors: ${middle.consoleErrors.join(" | ")}`);
  }
  const blocking = [...new Set(r.runs.flatMap((f) => f.renderBlocking))];
  if (blocking.length) lines.push(`    Lighthouse render-blocking: ${blocking.join(", ")}`);
  const errors = [...new Set(r.runs.map((f) => f.runtimeError).filter(Boolean))];
  if (errors.length) lines.push(`    runtime errors: ${errors.join("; ")}`);
  return lines;
}

/** The host's CPU index as Lighthouse saw it, with a warning when it is too busy to trust CPU-bound figures. */
function hostLines(results: PageResult[]): string[] {
  const bi = median(results.flatMap((r) => r.runs.map((f) => f.benchmarkIndex ?? Number.NaN)));
  const lines = [
    `Host CPU benchmarkIndex (median): ${Number.isNaN(bi) ? "n/a" : Math.round(bi)} (Lighthouse simulates a 4x slower phone from this machine's own timings; a loaded machine inflates TBT)`,
  ];
  if (bi < 1000)
    lines.push(
      "WARNING: benchmarkIndex < 1000: this host is slow or busy, so TBT, FCP and LCP are inflated by CPU time; compare ranges, and rerun on a quiet machine before trusting a CPU-bound miss.",
    );
  return lines;
}

/** Every check with its verdict, then a one-line summary. */
function targetLines(checks: Check[]): string[] {
  const table = textTable(
    [
      ["page", "target", "actual", "limit", "result"],
      ...checks.map((c) => [
        c.page,
        c.target,
        c.actual,
        c.limit,
        `${c.pass ? "PASS" : "FAIL"}${c.note ? ` (${c.note})` : ""}`,
      ]),
    ],
    [0, 1, 4],
  );
  const failed = checks.filter((c) => !c.pass);
  const inherent = failed.filter((c) => c.note?.startsWith("inherent"));
  const misses = failed.map(
    (c) => `${c.page} ${c.target} ${c.actual}${c.note?.startsWith("inherent") ? " (inherent)" : ""}`,
  );
  return [
    "Targets:",
    table,
    "",
    `bench:site SUMMARY: ${checks.length - failed.length}/${checks.length} targets met` +
      (failed.length ? `; FAIL: ${misses.join("; ")}` : "; all targets met") +
      (inherent.length ? ` [${inherent.length} inherent to a 404 status]` : ""),
  ];
}

/** The whole public-site printout. */
export function siteText(results: PageResult[], checks: Check[]): string {
  const home = results.find((r) => r.path === "/");
  const css = home?.blockingCss.length
    ? home.blockingCss.map((c) => `${c.href} ${kb(c.gzip)} gz / ${kb(c.brotli)} br`).join("; ")
    : "none";
  return [
    pagesTable(results),
    "",
    ...jsDetails(results),
    ...(home
      ? [
          "",
          `/ first paint bytes: HTML ${kb(home.html.raw)} raw, ${kb(home.html.gzip)} gzip, ${kb(home.html.brotli)} brotli; render-blocking CSS: ${css}; total ${kb(home.firstPaintBytes.gzip)} gzip, ${kb(home.firstPaintBytes.brotli)} brotli`,
        ]
      : []),
    "",
    "Lighthouse details (audits that cost points, with how many runs they failed in; LCP element):",
    ...results.flatMap(lighthouseDetails),
    "",
    ...hostLines(results),
    "",
    ...targetLines(checks),
  ].join("\n");
}

/** The portal screens' JavaScript, and where the editor's heavy libraries sit. */
export function portalText(screens: ScreenJs[], placement: Record<string, string> | undefined): string {
  const lines = [
    "Portal screens: JavaScript loaded (gzip -9; up front = page scripts and their static imports):",
    textTable([
      ["screen", "up front", "on demand", "files"],
      ...screens.map((s) => [s.path, kb(s.eagerGzip), kb(s.lazyGzip), String(s.files.length)]),
    ]),
  ];
  if (placement)
    lines.push(
      `/portal/proposal-editor, loaded only when needed (issue 9): ${Object.entries(placement)
        .map(([name, where]) => `${name} ${where}`)
        .join("; ")}`,
    );
  return lines.join("\n");
}
