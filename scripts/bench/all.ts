/** npm run bench: every bench in turn, all of them even when one misses its targets; fails if any did. */
import { spawnSync } from "node:child_process";

const BENCHES = [
  "bench:lighthouse",
  "bench:api",
  "bench:load",
  "bench:cold-start",
  "bench:ui",
  "bench:notify",
  "bench:lead-ack",
  "bench:leads",
  "bench:attention",
  "bench:bids",
  "bench:bid-page",
  "bench:dev",
];
const failed = BENCHES.filter((name) => spawnSync("npm", ["run", name], { stdio: "inherit" }).status !== 0);
if (failed.length) console.error(`\nMissed targets or failed: ${failed.join(", ")}`);
process.exitCode = failed.length ? 1 : 0;
