/** Rewrites the endpoint tables in docs/*.md from the app's routes and their contracts (scripts/lib/route-docs.ts). */
import { writeFile } from "node:fs/promises";
import { renderDocs } from "./lib/route-docs";

for (const [path, text] of await renderDocs(new URL("../docs", import.meta.url).pathname)) {
  await writeFile(path, text);
  console.log(`wrote ${path}`);
}
