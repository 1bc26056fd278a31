/**
 * npm run bench:cold-start: how long a function takes from a cold start to its first answer, as a new Netlify
 * instance does: a fresh Node process loads the function's bundle (`npm run build`, .netlify/functions) and
 * answers one contact-form post that reaches the database. Median of 5 processes. BENCH_FUNCTIONS_DIR points
 * at another build's bundle (an older commit's) for a before/after figure.
 */
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { startEmbeddedPostgres } from "../../src/integrations/embedded-postgres";
import { prepare } from "../../src/integrations/dev-database";
import { API } from "../../test/seed";
import { percentile, POSTGRES_URL, report, scratchDatabase } from "./harness";

const BUNDLE = resolve(process.env.BENCH_FUNCTIONS_DIR ?? ".netlify/functions");
const TARGET_MS = 300;
const execFileAsync = promisify(execFile);
const RUNS = 5;

/** Runs in the fresh process: load the function, time one request from before the import to the answer. */
const CHILD = `
const started = performance.now();
const { default: handler } = await import(process.argv[1]);
const response = await handler(new Request("http://localhost${API.contact}", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ firstName: "Cold", email: "cold@example.com", message: "Cold start" }),
}), { ip: "192.0.2." + Math.floor(Math.random() * 250) });
await response.text();
console.log(JSON.stringify({ status: response.status, ms: performance.now() - started }));
process.exit(0);
`;

const scratch = POSTGRES_URL ? await scratchDatabase(POSTGRES_URL) : undefined;
const embedded = scratch ? undefined : await startEmbeddedPostgres();
if (embedded) await prepare(embedded.url, "migrations", { info: () => {} });
try {
  const entry = pathToFileURL(join(BUNDLE, "contact", "netlify", "functions", "contact.mjs")).href;
  const env = { ...process.env, DATABASE_URL: scratch?.url ?? embedded!.url, PORTAL_JWT_SECRET: "x".repeat(48) };
  const runs: number[] = [];
  // One process after another, and never a synchronous spawn: the embedded database answers from this process.
  for (let run = 0; run < RUNS; run++) {
    const { stdout } = await execFileAsync(process.execPath, ["--input-type=module", "-e", CHILD, entry], {
      env,
    });
    const { status, ms } = JSON.parse(stdout.trim().split("\n").at(-1)!) as { status: number; ms: number };
    if (status !== 201) throw new Error(`the contact function answered ${status}`);
    runs.push(ms);
  }
  const median = percentile(runs, 50);
  process.exitCode = (await report("cold-start", [
    {
      figure: `contact function (${BUNDLE}): module load to first answer, median of ${RUNS} (min ${Math.round(Math.min(...runs))})`,
      value: Math.round(median),
      unit: "ms",
      target: `≤ ${TARGET_MS} ms`,
      pass: median <= TARGET_MS,
    },
  ]))
    ? 0
    : 1;
} finally {
  await scratch?.drop();
  await embedded?.stop();
}
