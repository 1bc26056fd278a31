/**
 * npm run bench:portal — the signature generator's Gmail/Outlook export (issue 8): the time from the
 * 'Copy for Gmail/Outlook' click to the image table being on the clipboard (render the card at 2x,
 * store the PNG through the API, write the clipboard), in Debian Chromium against the production build on
 * the production-like server (scripts/serve-prod.ts in a child process, with its throw-away embedded
 * database; built first if missing). Median of the runs; writes bench-results/portal.json.
 *
 * Flags: --runs <n> (7)  --port <n> (0: a free one)  --base-url <url> (use a running server instead)
 */
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { DEV_STAFF_USER } from "../src/server/config";
import { ensureBuild } from "./bench/build";
import { writeResults } from "./bench/results";
import { median } from "./bench/targets";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "7" },
    port: { type: "string", default: "0" },
    "base-url": { type: "string" },
  },
});
const RUNS = Number(values.runs);

/** scripts/serve-prod.ts in a child process, so the server does not share this process's event loop. */
async function startServer(): Promise<{ url: string; stop: () => void }> {
  ensureBuild(process.cwd());
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve-prod.ts", "--port", values.port], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`serve-prod exited (${code})`)));
    child.stdout!.on("data", (d: Buffer) => {
      const started = /serve-prod: (http\S+)/.exec(d.toString());
      if (started) resolve(started[1]!);
    });
  });
  return { url, stop: () => child.kill("SIGTERM") };
}

async function main(): Promise<void> {
  const server = values["base-url"] ? { url: values["base-url"], stop: () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const login = await fetch(`${server.url}/api/portal/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...DEV_STAFF_USER, rememberMe: false }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await context.addInitScript((value) => localStorage.setItem("portalToken", value), token);
    const page = await context.newPage();
    await page.goto("/portal/signature");
    await page.getByRole("heading", { level: 1, name: "Email Signature Generator" }).waitFor({ timeout: 120_000 });

    const button = page.getByRole("button", { name: "Copy for Gmail/Outlook" });
    const times: number[] = [];
    // Run 0 warms up (the first render loads the fonts and the renderer's code); it is not counted.
    for (let run = 0; run <= RUNS; run++) {
      // A different name each run, so every run renders and stores a new image.
      await page.getByLabel("Name", { exact: true }).fill(`Bench Run ${run}`);
      await page.evaluate(() => navigator.clipboard.writeText(""));
      const started = performance.now();
      await button.click();
      await page.waitForFunction(
        async (name) => (await navigator.clipboard.readText()).includes(`alt="${name},`),
        `Bench Run ${run}`,
        { polling: 5, timeout: 60_000 },
      );
      const ms = performance.now() - started;
      if (run > 0) times.push(ms);
      process.stdout.write(`  run ${run}${run === 0 ? " (warm-up)" : ""}: ${ms.toFixed(0)} ms\n`);
      await page.keyboard.press("Escape");
    }
    const result = {
      scenario: "Copy for Gmail/Outlook click -> clipboard (render 2x PNG, POST, write)",
      server: values["base-url"] ?? "production-like server (serve-prod, embedded database)",
      runs: times.length,
      medianMs: Math.round(median(times)),
      minMs: Math.round(Math.min(...times)),
      maxMs: Math.round(Math.max(...times)),
    };
    console.log(
      `\nSignature export: 'Copy for Gmail/Outlook' click to clipboard: median ${result.medianMs} ms (min ${result.minMs}, max ${result.maxMs}, ${result.runs} runs, ${result.server})`,
    );
    console.log(`bench:portal: wrote ${writeResults("portal", result)}`);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
