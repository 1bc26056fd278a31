/** One Lighthouse run (mobile default config, simulated throttling) in a fresh Debian Chromium, reduced to the figures the bench prints. */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/** Flags that keep Chromium quiet on a machine without internet. */
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** A request seen by Lighthouse. */
export interface SeenRequest {
  url: string;
  resourceType: string;
  transferSize: number;
  statusCode: number;
  priority: string;
}

export interface LighthouseFigures {
  scores: Record<Category, number | null>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  requests: SeenRequest[];
  transferBytes: number;
  /** Audits that cost points, per category, for the diagnosis. */
  failing: { category: Category; id: string; title: string; score: number | null; displayValue?: string }[];
  lcpElement?: string;
  lcpBreakdown?: string;
  renderBlocking: string[];
  benchmarkIndex?: number;
  /** Longest main-thread tasks with the script Lighthouse blames (what TBT is made of). */
  longTasks: { url: string; startMs: number; durationMs: number }[];
  /** Script evaluation time per script URL. */
  bootup: { url: string; scriptingMs: number }[];
  /** Main-thread time by kind (style/layout, script evaluation, paint...). */
  mainThread: { group: string; ms: number }[];
  consoleErrors: string[];
  warnings: string[];
  runtimeError?: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
type Details = { type?: string; items?: Record<string, unknown>[] } | undefined;

function items(lhr: Lhr, id: string): Record<string, unknown>[] {
  return ((lhr.audits[id]?.details as Details)?.items ?? []) as Record<string, unknown>[];
}

/** Finds the LCP element's selector or snippet inside an audit's (possibly nested) details. */
function lcpNode(lhr: Lhr): string | undefined {
  const seek = (value: unknown): string | undefined => {
    if (!value || typeof value !== "object") return undefined;
    const v = value as Record<string, unknown>;
    if (v.type === "node") return `${String(v.selector ?? "")} ${String(v.snippet ?? "")}`.trim();
    for (const child of Object.values(v)) {
      const found = Array.isArray(child) ? child.map(seek).find(Boolean) : seek(child);
      if (found) return found;
    }
    return undefined;
  };
  return (
    seek(lhr.audits["largest-contentful-paint-element"]?.details) ?? seek(lhr.audits["lcp-breakdown-insight"]?.details)
  );
}

function lcpBreakdown(lhr: Lhr): string | undefined {
  const phases = items(lhr, "largest-contentful-paint-element").flatMap(
    (i) => (i as { items?: Record<string, unknown>[] }).items ?? [],
  );
  const fromPhases = phases
    .filter((p) => typeof p.timing === "number" && p.phase)
    .map((p) => `${String(p.phase)} ${Math.round(p.timing as number)}ms`);
  if (fromPhases.length) return fromPhases.join(", ");
  const insight = items(lhr, "lcp-breakdown-insight")
    .filter((p) => typeof p.duration === "number" && p.label)
    .map((p) => `${String(p.label)} ${Math.round(p.duration as number)}ms`);
  return insight.length ? insight.join(", ") : undefined;
}

/** Runs Lighthouse once against url in a new browser. */
export async function runLighthouse(
  url: string,
  chromePath: string,
  opts: { ignoreStatusCode?: boolean } = {},
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ignoreStatusCode: opts.ignoreStatusCode,
    } as Parameters<typeof lighthouse>[1]);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests: SeenRequest[] = items(lhr, "network-requests")
      .filter((r) => !/^(data|blob|chrome-extension):/.test(String(r.url)))
      .map((r) => ({
        url: String(r.url),
        resourceType: String(r.resourceType ?? ""),
        transferSize: Number(r.transferSize ?? 0),
        statusCode: Number(r.statusCode ?? 0),
        priority: String(r.priority ?? ""),
      }));
    const failing: LighthouseFigures["failing"] = [];
    for (const category of CATEGORIES) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
        if (["manual", "notApplicable", "informative"].includes(audit.scoreDisplayMode)) continue;
        failing.push({
          category,
          id: ref.id,
          title: audit.title,
          score: audit.score,
          displayValue: audit.displayValue,
        });
      }
    }
    const renderBlocking = [...items(lhr, "render-blocking-insight"), ...items(lhr, "render-blocking-resources")]
      .map((i) => String(i.url ?? ""))
      .filter(Boolean);
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [
          c,
          lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100),
        ]),
      ) as Record<Category, number | null>,
      fcp: num("first-contentful-paint"),
      lcp: num("largest-contentful-paint"),
      tbt: num("total-blocking-time"),
      cls: num("cumulative-layout-shift"),
      requests,
      transferBytes: requests.reduce((s, r) => s + r.transferSize, 0),
      failing,
      lcpElement: lcpNode(lhr),
      lcpBreakdown: lcpBreakdown(lhr),
      renderBlocking: [...new Set(renderBlocking)],
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      longTasks: items(lhr, "long-tasks")
        .slice(0, 6)
        .map((t) => ({
          url: String(t.url ?? ""),
          startMs: Math.round(Number(t.startTime ?? 0)),
          durationMs: Math.round(Number(t.duration ?? 0)),
        })),
      bootup: items(lhr, "bootup-time")
        .slice(0, 5)
        .map((b) => ({
          url: String(b.url ?? ""),
          scriptingMs: Math.round(Number(b.scripting ?? 0) + Number(b.scriptParseCompile ?? 0)),
        })),
      mainThread: items(lhr, "mainthread-work-breakdown")
        .slice(0, 5)
        .map((g) => ({ group: String(g.groupLabel ?? g.group ?? ""), ms: Math.round(Number(g.duration ?? 0)) })),
      consoleErrors: items(lhr, "errors-in-console").map(
        (e) =>
          `${String(e.source ?? "")}: ${String(e.description ?? "").slice(0, 140)} <${String(e.sourceLocation && typeof e.sourceLocation === "object" ? ((e.sourceLocation as { url?: string }).url ?? "") : (e.url ?? ""))}>`,
      ),
      warnings: lhr.runWarnings ?? [],
      runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    };
  } finally {
    await chrome.kill();
  }
}
