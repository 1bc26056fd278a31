/**
 * npm run bench:portal — the signature generator's Gmail/Outlook export (issue 8): the time from the
 * 'Copy for Gmail/Outlook' click to the image table being on the clipboard (render the card at 2x,
 * store the PNG through the API, write the clipboard), in Debian Chromium against `astro dev` (the
 * only server that runs the functions locally), which it starts on a free port and stops.
 *
 * Flags: --runs <n> (default 7)  --base-url <url> (use a running server instead of starting one)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { DEV_STAFF_USER } from "../src/server/config";
import { median } from "./bench/targets";

const { values } = parseArgs({ options: { runs: { type: "string", default: "7" }, "base-url": { type: "string" } } });
const RUNS = Number(values.runs);
const DEV_DB_INFO = join(".data", "dev-database.json");

/** A free TCP port on localhost. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** True while another `astro dev` of this worktree runs: two would share (and corrupt) .data/db. */
function devServerRunning(): boolean {
  if (!existsSync(DEV_DB_INFO)) return false;
  const { pid } = JSON.parse(readFileSync(DEV_DB_INFO, "utf8")) as { pid: number };
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startDevServer(): Promise<{ url: string; stop: () => void }> {
  if (devServerRunning())
    throw new Error(`An astro dev server of this folder is running (${DEV_DB_INFO}): stop it, or pass --base-url`);
  const port = await freePort();
  const child: ChildProcess = spawn("npx", ["astro", "dev", "--port", String(port)], {
    stdio: "ignore",
    detached: true,
  });
  const url = `http://localhost:${port}`;
  const stop = () => child.pid && process.kill(-child.pid, "SIGTERM");
  for (let waited = 0; waited < 180_000; waited += 500) {
    if (
      await fetch(`${url}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error("astro dev did not start within 3 minutes");
}

async function main(): Promise<void> {
  const server = values["base-url"] ? { url: values["base-url"], stop: () => {} } : await startDevServer();
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
    // Run 0 warms up (the dev server compiles the function and the renderer on first use); it is not counted.
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
    const sorted = [...times].sort((a, b) => a - b);
    const result = {
      scenario: "Copy for Gmail/Outlook click -> clipboard (render 2x PNG, POST, write)",
      runs: times.length,
      medianMs: Math.round(median(times)),
      minMs: Math.round(sorted[0]!),
      maxMs: Math.round(sorted.at(-1)!),
    };
    console.log(
      `\nSignature export: 'Copy for Gmail/Outlook' click to clipboard: median ${result.medianMs} ms (min ${result.minMs}, max ${result.maxMs}, ${result.runs} runs, astro dev)`,
    );
    mkdirSync("bench-results", { recursive: true });
    writeFileSync(join("bench-results", "portal.json"), JSON.stringify(result, null, 2) + "\n");
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
