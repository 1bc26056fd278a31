/**
 * npm run bench:bid-page: Lighthouse (its default: a phone, simulated 4x CPU and a slow 4G network) on the client's
 * signing page showing a real bid and on /verify, each in English and Spanish. `bench:lighthouse` cannot reach the signing page: its link
 * exists only once a bid is sent, and its secret only in the e-mail. So this starts the production-like server
 * (HTTPS and HTTP/2, as Netlify's CDN and `bench:lighthouse` serve it), sends the default proposal through the
 * API, takes the link from the e-mail a local SMTP server accepted, and runs Lighthouse three times on each
 * page in Debian's Chromium; each figure is the median of its page's runs. The reports go to
 * bench-results/bid-page/ (git-ignored).
 */
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { setTimeout as sleep } from "node:timers/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { DEV_STAFF_USER } from "../../src/server/config";
import { BID_PAGE_PATH, BID_PAGE_PATHS, VERIFY_PAGE_PATH } from "../../src/schemas/bid-fields";
import { defaultSentDocument } from "../../test/fixtures/bid-document";
import { seedApi, type Send } from "../../test/seed";
import { startSmtp } from "../../test/smtp";
import { nextIp, percentile, report, startServer, type Figure } from "./harness";

const RUNS = 3;
const TARGET = { performance: 95, accessibility: 100 };
const OUT = "bench-results/bid-page";
const SIGNER = { name: "Dana Client", email: "dana@example.com" };

// A certificate made for this run, which Chromium trusts by its key's hash (as lighthouserc.cjs does).
mkdirSync(`${OUT}/tls`, { recursive: true });
execFileSync(
  "openssl",
  [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
    ...["-keyout", `${OUT}/tls/key.pem`, "-out", `${OUT}/tls/cert.pem`, "-subj", "/CN=127.0.0.1"],
    ...["-addext", "subjectAltName=IP:127.0.0.1"],
  ],
  { stdio: "ignore" },
);
const certificate = readFileSync(`${OUT}/tls/cert.pem`, "utf8");
const spkiHash = createHash("sha256")
  .update(new X509Certificate(certificate).publicKey.export({ type: "spki", format: "der" }))
  .digest("base64");

const smtp = await startSmtp();
const server = await startServer(undefined, {
  env: { SMTP_URL: smtp.url, MAIL_FROM: "Bench <bench@example.com>" },
  args: ["--tls-key", `${OUT}/tls/key.pem`, "--tls-cert", `${OUT}/tls/cert.pem`],
});

/** The figures of one page's runs, as Lighthouse's JSON names them. */
interface Run {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKiB: number;
  failedAudits: string[];
}

/** One Lighthouse run on `url` in a fresh Chromium, as Lighthouse CI runs each. */
async function lighthouseRun(url: string, name: string, run: number): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      ...["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
      `--ignore-certificate-errors-spki-list=${spkiHash}`,
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    writeFileSync(`${OUT}/${name}-${run}.json`, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scripts = (
      lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] }
    )?.items?.find((item) => item.resourceType === "script");
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      scriptKiB: (scripts?.transferSize ?? 0) / 1024,
      failedAudits: (lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    };
  } finally {
    chrome.kill();
  }
}

/** Requests to the server over HTTPS, trusting this run's certificate only (the global fetch takes no CA). */
const send: Send = (path, init) =>
  new Promise((resolve, reject) => {
    const headers = Object.fromEntries(new Headers(init.headers));
    const outgoing = request(new URL(path, server.url), { method: init.method ?? "GET", headers, ca: certificate });
    outgoing.on("response", (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const status = incoming.statusCode ?? 500;
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        const names = Object.entries(incoming.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        );
        resolve(new Response(body, { status, headers: names }));
      });
    });
    outgoing.on("error", reject);
    outgoing.end(typeof init.body === "string" ? init.body : undefined);
  });

const rows: Figure[] = [];
try {
  const seed = seedApi(send);
  const token = await seed.login(DEV_STAFF_USER, nextIp());
  const expiresOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await seed.sendBid(token, { document: defaultSentDocument(), signers: [SIGNER], message: "", expiresOn });
  let secret: string | undefined;
  for (let waited = 0; !secret && waited < 30_000; waited += 50) {
    secret = /\/bid#([A-Za-z0-9_-]{43})/.exec(
      smtp.received.find((m) => /Proposal from/.test(m.subject ?? ""))?.text ?? "",
    )?.[1];
    if (!secret) await sleep(50);
  }
  if (!secret) throw new Error("No link e-mail arrived");

  const pages = [
    {
      name: "bid",
      label: `${BID_PAGE_PATH}#<secret> (the default proposal)`,
      url: `${server.url}${BID_PAGE_PATH}#${secret}`,
    },
    // The Spanish page holds the same budgets as the English one: its own words, the same proposal.
    {
      name: "bid-es",
      label: `${BID_PAGE_PATHS.es}#<secret> (the default proposal, in Spanish)`,
      url: `${server.url}${BID_PAGE_PATHS.es}#${secret}`,
    },
    { name: "verify", label: VERIFY_PAGE_PATH, url: `${server.url}${VERIFY_PAGE_PATH}` },
    { name: "verify-es", label: `${VERIFY_PAGE_PATH}/es`, url: `${server.url}${VERIFY_PAGE_PATH}/es` },
  ];
  for (const page of pages) {
    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run++) runs.push(await lighthouseRun(page.url, page.name, run));
    const median = (pick: (r: Run) => number) => percentile(runs.map(pick), 50);
    const each = (pick: (r: Run) => number, digits = 0) => runs.map((r) => pick(r).toFixed(digits)).join(", ");
    const failed = [...new Set(runs.flatMap((r) => r.failedAudits))];
    rows.push(
      {
        figure: `${page.label}: performance, median of ${RUNS} (each ${each((r) => r.performance)})`,
        value: median((r) => r.performance),
        target: `>= ${TARGET.performance}`,
        pass: median((r) => r.performance) >= TARGET.performance,
      },
      {
        figure: `${page.label}: accessibility, median of ${RUNS}${failed.length ? ` (audits failed: ${failed.join(", ")})` : ""}`,
        value: median((r) => r.accessibility),
        target: `${TARGET.accessibility}`,
        pass: median((r) => r.accessibility) >= TARGET.accessibility,
      },
      {
        figure: `${page.label}: LCP (each ${each((r) => r.lcp)} ms)`,
        value: Math.round(median((r) => r.lcp)),
        unit: "ms",
      },
      {
        figure: `${page.label}: TBT (each ${each((r) => r.tbt)} ms)`,
        value: Math.round(median((r) => r.tbt)),
        unit: "ms",
      },
      { figure: `${page.label}: CLS`, value: median((r) => r.cls) },
      { figure: `${page.label}: scripts transferred`, value: median((r) => r.scriptKiB), unit: "KiB" },
    );
  }
} finally {
  server.stop();
  await smtp.close();
}
process.exitCode = (await report("bid-page", rows)) ? 0 : 1;
