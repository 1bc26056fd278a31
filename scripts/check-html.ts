// npm run check:html (the last step of `npm run build` before the functions): every built page through the
// W3C HTML checker (vnu). A page with a markup error fails the build, before any test runs on it.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import vnuJar from "vnu-jar";
import { PUBLISH_DIR } from "./lib/deploy-paths";
import { htmlErrors } from "./lib/html-errors";

const pages = readdirSync(PUBLISH_DIR, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".html"))
  .map((file) => join(PUBLISH_DIR, file));

let output = "";
try {
  output = execFileSync("java", ["-jar", vnuJar, "--errors-only", "--format", "gnu", ...pages], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
} catch (error) {
  // vnu exits 1 when it found errors and writes them to stderr; anything else (no java) has no stderr of vnu's.
  const stderr = (error as { stderr?: string }).stderr;
  if (stderr === undefined) throw error;
  output = stderr;
}
const errors = htmlErrors(output);
if (pages.length < 10) {
  console.error(`check:html: only ${pages.length} pages in ${PUBLISH_DIR}/; run astro build first.`);
  process.exitCode = 1;
} else if (errors.length) {
  console.error(`check:html: ${errors.length} markup errors in the built pages:\n${errors.join("\n")}`);
  process.exitCode = 1;
} else console.log(`check:html: ${pages.length} built pages, no markup error.`);
