import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { describeAppRoutes } from "~/server/app";
import { renderDocs } from "./lib/route-docs";

const DOCS = new URL("../docs", import.meta.url).pathname;

it("the docs' endpoint tables are the ones the routes' contracts give (npm run docs:routes rewrites them)", async () => {
  const rendered = await renderDocs(DOCS);
  expect(rendered.size).toBeGreaterThan(0);
  for (const [path, text] of rendered) expect(await readFile(path, "utf8"), path).toBe(text);
});

it("docs/api.md lists every route the app answers", async () => {
  const api = await readFile(`${DOCS}/api.md`, "utf8");
  for (const { method, path } of describeAppRoutes()) expect(api).toContain(`\`${method} ${path}\``);
});
