/**
 * npm run bench:dev: `npm run dev` through a working day, as a developer or an editor uses it. A fresh clone (the
 * committed HEAD, or BENCH_DEV_REF) with this checkout's installed packages starts `npm run dev`; the bench signs
 * in and makes BENCH_DEV_CALLS portal API calls (default 2,000) in bursts over at least BENCH_DEV_MINUTES (default
 * 10): template list, save, read and delete, signature lists, messages. Halfway it edits a server file and waits
 * for the change to be served. It reports call latency, 5xx answers, the dev log's error and warning lines, the
 * function bundles the dev server wrote, how soon the edit was live, and the dev server's CPU between bursts.
 * Before the calls every page must answer with the header rules; after them staff walk through the portal in a
 * browser for BENCH_DEV_PORTAL_ROUNDS rounds (default 3) of templates, signature, editor and leads.
 */
import { execFile, spawn } from "node:child_process";
import { readdir, readFile, rm, writeFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { DEV_STAFF_USER } from "../../src/server/config";
import { seedApi, sendTo, type Send } from "../../test/seed";
import { pageProblems, walkPortal } from "./dev-walk";
import { nextIp, percentile, report } from "./harness";

const CALLS = Number(process.env.BENCH_DEV_CALLS ?? 2000);
const MINUTES = Number(process.env.BENCH_DEV_MINUTES ?? 10);
const REF = process.env.BENCH_DEV_REF ?? "HEAD";
const PORT = Number(process.env.BENCH_DEV_PORT ?? 4399);
const PORTAL_ROUNDS = Number(process.env.BENCH_DEV_PORTAL_ROUNDS ?? 3);
/** Calls per burst: one save and one delete among reads, so a burst stays inside the per-account save limit. */
const BURST = 50;
const TARGETS = { p95Ms: 50, idleCpuPercent: 5, editLiveMs: 5_000 };
/** The server file the bench edits halfway, and the answer that shows the edit is served. */
const EDITED_FILE = "src/server/auth/middleware.ts";
const BEFORE_TEXT = '"Sign in required"';
const AFTER_TEXT = '"Sign in required (edited by bench:dev)"';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const origin = `http://127.0.0.1:${PORT}`;

const clone = await mkdtemp(join(tmpdir(), "bench-dev-"));
await run("git", ["clone", "-q", resolve("."), clone]);
await run("git", ["-C", clone, "checkout", "-q", REF]);
// The installed packages, hard-linked (an install is not what this measures), without Vite's dependency cache.
await run("cp", ["-al", resolve("node_modules"), join(clone, "node_modules")]);
await rm(join(clone, "node_modules", ".vite"), { recursive: true, force: true });

const log: string[] = [];
const started = performance.now();
const dev = spawn("npm", ["run", "dev", "--", "--port", String(PORT), "--host", "127.0.0.1"], {
  cwd: clone,
  detached: true,
  env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
});
for (const stream of [dev.stdout!, dev.stderr!])
  stream.on("data", (chunk: Buffer) => log.push(...chunk.toString().split("\n").filter(Boolean)));

try {
  let firstPage = 0;
  while (!firstPage) {
    const status = await fetch(`${origin}/`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) firstPage = performance.now() - started;
    else await sleep(250);
    if (performance.now() - started > 600_000) throw new Error(`npm run dev did not answer:\n${log.join("\n")}`);
  }
  const pages = await pageProblems(origin);
  const token = await seedApi(sendTo(origin)).login(DEV_STAFF_USER, nextIp());

  const times: number[] = [];
  const statuses = new Map<number, number>();
  /** Each call timed to its answer's last byte, and its status counted. */
  const timed: Send = async (path, init) => {
    const t = performance.now();
    const response = await sendTo(origin)(path, init);
    const body = await response.arrayBuffer();
    times.push(performance.now() - t);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    return new Response(body.byteLength ? body : null, response);
  };
  const api = seedApi(timed);
  /** One burst of BURST calls: save a template, read it and the lists, then delete it. */
  async function burst(n: number): Promise<void> {
    const saved = await api.createTemplate(token, {
      title: `Bench ${n}`,
      description: "bench:dev",
      templateContent: "Scope of work",
      category: "residential",
    });
    const { id } = (await saved.json().catch(() => ({}))) as { id?: string };
    const reads = [
      () => api.templateList(token, "summary"),
      () => (id ? api.templateById(token, id) : api.templateList(token)),
      () => api.signatureList(token),
      () => api.companySignatureList(token),
      () => api.messages(token, { handled: "false" }),
    ];
    for (let i = 0; i < BURST - 2; i++) await reads[i % reads.length]!();
    await api.deleteTemplate(token, id ?? "missing");
  }

  const bursts = Math.ceil(CALLS / BURST);
  const every = (MINUTES * 60_000) / bursts;
  const idleCpu: number[] = [];
  let editLiveMs = Number.NaN;
  let bundlesBeforeEdit = 0;
  const loopStart = performance.now();
  for (let n = 0; n < bursts; n++) {
    await burst(n);
    if (n === Math.floor(bursts / 2)) {
      bundlesBeforeEdit = await bundleFolders(clone);
      editLiveMs = await editAndWait(clone);
    }
    // Between bursts: the dev server's CPU from 2 s after the burst (pool connections closing, the log written)
    // to shortly before the next.
    const next = loopStart + (n + 1) * every;
    await sleep(2_000);
    const window = next - performance.now() - 500;
    if (window > 2_000) idleCpu.push(await cpuPercent(dev.pid!, window));
    await sleep(Math.max(0, next - performance.now()));
  }
  const minutes = (performance.now() - loopStart) / 60_000;
  const walk = await walkPortal(origin, PORTAL_ROUNDS).then(
    () => "",
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  const problems = log.filter((line) => !/\[\d{3}\] /.test(line) && /\b(error|warn(ing)?)\b|\[WARN\]/i.test(line));
  const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((sum, [, count]) => sum + count, 0);
  const bundlesAfter = await bundleFolders(clone);
  const ok = await report("bench-dev", [
    { figure: `ref ${REF}: first page after npm run dev`, value: firstPage / 1000, unit: "s" },
    { figure: "pages not answering with the header rules", value: pages.length, target: "0", pass: !pages.length },
    {
      figure: `portal walk in a browser, ${PORTAL_ROUNDS} rounds`,
      value: walk ? "failed" : "done",
      target: "done",
      pass: !walk,
    },
    { figure: "API calls", value: times.length, target: `${CALLS}`, pass: times.length >= CALLS },
    { figure: "over", value: minutes, unit: "min", target: `>= ${MINUTES}`, pass: minutes >= MINUTES * 0.98 },
    { figure: "p50", value: percentile(times, 50), unit: "ms" },
    {
      figure: "p95",
      value: percentile(times, 95),
      unit: "ms",
      target: `<= ${TARGETS.p95Ms}`,
      pass: percentile(times, 95) <= TARGETS.p95Ms,
    },
    { figure: "max", value: Math.max(...times), unit: "ms" },
    { figure: "5xx answers", value: fiveHundreds, target: "0", pass: fiveHundreds === 0 },
    { figure: "error or warning lines in the dev log", value: problems.length, target: "0", pass: !problems.length },
    {
      figure: "function bundle folders before the edit",
      value: bundlesBeforeEdit,
      target: "0",
      pass: !bundlesBeforeEdit,
    },
    { figure: "function bundle folders at the end", value: bundlesAfter },
    {
      figure: "server edit served after",
      value: editLiveMs,
      unit: "ms",
      target: `<= ${TARGETS.editLiveMs}`,
      pass: editLiveMs <= TARGETS.editLiveMs,
    },
    { figure: "CPU between bursts, median", value: percentile(idleCpu, 50), unit: "% of a core" },
    // No window at all (calls slower than the interval) is a miss, not a pass.
    {
      figure: "CPU between bursts, max",
      value: idleCpu.length ? Math.max(...idleCpu) : "no idle time between bursts",
      unit: idleCpu.length ? "% of a core" : undefined,
      target: `< ${TARGETS.idleCpuPercent}`,
      pass: idleCpu.length > 0 && Math.max(...idleCpu) < TARGETS.idleCpuPercent,
    },
  ]);
  if (problems.length) console.log(`dev log lines:\n${problems.slice(0, 20).join("\n")}`);
  if (pages.length) console.log(`pages:\n${pages.join("\n")}`);
  if (walk) console.log(`portal walk:\n${walk}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  if (dev.pid) process.kill(-dev.pid, "SIGTERM");
  await sleep(1_000);
  await rm(clone, { recursive: true, force: true });
}

/** Edits a server file's answer and polls until the dev server serves the new one; the time it took. */
async function editAndWait(root: string): Promise<number> {
  const file = join(root, EDITED_FILE);
  const source = await readFile(file, "utf8");
  if (!source.includes(BEFORE_TEXT)) throw new Error(`${EDITED_FILE} no longer has ${BEFORE_TEXT}`);
  const t = performance.now();
  await writeFile(file, source.replace(BEFORE_TEXT, AFTER_TEXT));
  while (performance.now() - t < 60_000) {
    const text = await (await seedApi(sendTo(origin)).templateList()).text();
    if (text.includes("edited by bench:dev")) return performance.now() - t;
    await sleep(100);
  }
  return Number.POSITIVE_INFINITY;
}

/** Folders the Netlify function emulation bundled the API into (one per re-bundle). */
async function bundleFolders(root: string): Promise<number> {
  return (await readdir(join(root, ".netlify", "functions-serve")).catch(() => [])).length;
}

/** The CPU the process tree under `pid` used over `ms`, in percent of one core. */
async function cpuPercent(pid: number, ms: number): Promise<number> {
  const before = await treeTicks(pid);
  await sleep(ms);
  const after = await treeTicks(pid);
  // Linux counts CPU time in clock ticks of 1/100 s.
  return ((after - before) / 100 / (ms / 1000)) * 100;
}

/** User and system clock ticks of `pid` and every process below it. */
async function treeTicks(pid: number): Promise<number> {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const text = await readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    // The command name may hold spaces: the fields after it start past its closing parenthesis.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    if (fields.length < 13) continue;
    stats.set(Number(name), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  let total = 0;
  const queue = [pid];
  while (queue.length) {
    const current = queue.pop()!;
    total += stats.get(current)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.parent === current) queue.push(child);
  }
  return total;
}
