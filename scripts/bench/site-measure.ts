/** One public page measured: Lighthouse mobile N times (figures are the medians) and its JS, HTML and CSS weight from the build. */
import { existsSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import type { ChunkModules } from "./build";
import { renderBlockingStylesheets, tags } from "./html";
import { analysePageJs, gzipBytes, type PageJs } from "./js";
import { CATEGORIES, runLighthouse, type LighthouseFigures } from "./lighthouse";
import { median, sec } from "./targets";

/** Everything bench:site knows about one page. */
export interface PageResult {
  path: string;
  status: number;
  runs: LighthouseFigures[];
  median: {
    scores: Record<string, number>;
    fcp: number;
    lcp: number;
    tbt: number;
    cls: number;
    transferBytes: number;
    requests: number;
  };
  js: PageJs;
  html: { raw: number; gzip: number; brotli: number };
  blockingCss: { href: string; gzip: number; brotli: number }[];
  /** HTML plus render-blocking CSS, compressed: what the first round trips must carry before the first paint. */
  firstPaintBytes: { gzip: number; brotli: number };
  loadedScripts: string[];
}

const brotliBytes = (data: Buffer | string) =>
  brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Fetches a page and its static assets once, so the server's compressed copies exist before Lighthouse measures. */
async function warm(base: string, path: string, js: PageJs, html: string): Promise<void> {
  const urls = [
    path,
    ...js.files.map((f) => f.url),
    ...tags(html, ["link"])
      .filter((t) => /stylesheet|preload|icon/.test(t.attrs.rel ?? ""))
      .map((t) => t.attrs.href ?? ""),
  ];
  await Promise.all(
    urls
      .filter((u) => u.startsWith("/"))
      .map((u) =>
        fetch(base + u, { headers: { "accept-encoding": "br, gzip", accept: "image/avif,image/webp,*/*" } })
          .then((r) => r.arrayBuffer())
          .catch(() => undefined),
      ),
  );
}

/** Lighthouse `runs` times on `base + path`, logging each run; failed runs are left out of the medians. */
async function lighthouseRuns(url: string, runs: number, chromePath: string, status: number) {
  const figures: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    process.stdout.write(`  ${new URL(url).pathname} run ${i + 1}/${runs}...`);
    const started = performance.now();
    try {
      const f = await runLighthouse(url, chromePath, { ignoreStatusCode: status >= 400 });
      figures.push(f);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(
        ` perf ${f.scores.performance} LCP ${sec(f.lcp)} (${seconds} s)${f.runtimeError ? ` ERROR ${f.runtimeError}` : ""}\n`,
      );
    } catch (error) {
      process.stdout.write(` failed: ${(error as Error).message}\n`);
    }
  }
  return figures;
}

/** Measures one page served at `base`, built into `dist`. */
export async function measurePage(
  base: string,
  dist: string,
  path: string,
  runs: number,
  chromePath: string,
  chunks: Map<string, ChunkModules> | undefined,
): Promise<PageResult> {
  const response = await fetch(base + path);
  const html = await response.text();
  const js = analysePageJs(dist, html, chunks);
  const blockingCss = renderBlockingStylesheets(html).map(({ href }) => {
    const file = href.startsWith("/") ? posix.join(dist, href.split(/[?#]/)[0]!) : "";
    const css = file && existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    return { href, gzip: gzipBytes(css), brotli: brotliBytes(css) };
  });
  const htmlSizes = { raw: Buffer.byteLength(html), gzip: gzipBytes(html), brotli: brotliBytes(html) };
  await warm(base, path, js, html);

  const figures = await lighthouseRuns(base + path, runs, chromePath, response.status);
  const m = (pick: (f: LighthouseFigures) => number) => median(figures.map(pick));
  return {
    path,
    status: response.status,
    runs: figures,
    median: {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, m((f) => f.scores[c] ?? Number.NaN)])),
      fcp: m((f) => f.fcp),
      lcp: m((f) => f.lcp),
      tbt: m((f) => f.tbt),
      cls: m((f) => f.cls),
      transferBytes: m((f) => f.transferBytes),
      requests: m((f) => f.requests.length),
    },
    js,
    html: htmlSizes,
    blockingCss,
    firstPaintBytes: {
      gzip: htmlSizes.gzip + blockingCss.reduce((s, c) => s + c.gzip, 0),
      brotli: htmlSizes.brotli + blockingCss.reduce((s, c) => s + c.brotli, 0),
    },
    loadedScripts: [
      ...new Set(
        figures.flatMap((f) =>
          f.requests.filter((r) => r.resourceType === "Script").map((r) => new URL(r.url).pathname),
        ),
      ),
    ],
  };
}
