/**
 * The docs' endpoint tables, written from the app's own routes and their contracts (`contract()` where each route is
 * defined). A table is a block of a docs/*.md file between `<!-- routes PATTERN -->` and `<!-- /routes -->`, where
 * PATTERN is a regular expression the routes' paths must match (`who=REGEX` narrows it to the groups it matches from their start: `anyone`, `staff,` (open during set-up), `staff$`, `admin`).
 * `npm run docs:routes` rewrites the blocks; route-docs.test.ts fails while one is stale.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import prettier from "prettier";
import { describeAppRoutes } from "~/server/app";
import { fieldsOf, type DescribedRoute } from "~/server/contract";

const BLOCK = /(<!-- routes (\S+)(?: who=(\S+))? -->\n)[\s\S]*?(<!-- \/routes -->)/g;

const code = (text: string) => `\`${text}\``;
/** A table cell: pipes escaped, so a cell's text never splits the row. */
const cell = (text: string) => text.replace(/\|/g, "\\|");

/** One route as a table row: the call, who may make it, what it takes, what it answers, what it does. */
function row({ method, path, who, contract, body, query }: DescribedRoute): string {
  const takes = [
    body && `{${fieldsOf(body).join(", ")}}`,
    query && fieldsOf(query).length > 0 && `?${fieldsOf(query).join(", ?")}`,
  ].filter(Boolean);
  const answer = contract
    ? [
        `${contract.status ?? 200} ${typeof contract.answer === "string" ? contract.answer : "JSON"}`,
        ...(contract.refusals ?? []).map(code),
      ].join(", ")
    : "";
  const cells = [code(`${method} ${path}`), who, takes.map((t) => code(t as string)).join(" ") || "none", answer];
  return `| ${[...cells, contract?.does ?? ""].map(cell).join(" | ")} |`;
}

/** The table of the routes whose path matches `pattern` (and whose group matches `who`, when given). */
export function routeTable(routes: DescribedRoute[], pattern: string, who?: string): string {
  const matching = routes.filter(
    (r) => new RegExp(pattern).test(r.path) && (!who || new RegExp(`^(?:${who})`).test(r.who)),
  );
  return [
    "| Call | Who | Body / query | Answer, refusals | Does |",
    "| --- | --- | --- | --- | --- |",
    ...matching.map(row),
  ].join("\n");
}

/** Each docs file with its route tables written from the routes, formatted as `prettier --write` would. */
export async function renderDocs(dir: string, routes = describeAppRoutes()): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of (await readdir(dir)).filter((n) => n.endsWith(".md"))) {
    const path = join(dir, name);
    const text = await readFile(path, "utf8");
    if (!text.includes("<!-- routes ")) continue;
    const written = text.replace(
      BLOCK,
      (_, open: string, pattern: string, who: string | undefined, close: string) =>
        `${open}\n${routeTable(routes, pattern, who)}\n\n${close}`,
    );
    const options = (await prettier.resolveConfig(path)) ?? {};
    files.set(path, await prettier.format(written, { ...options, filepath: path }));
  }
  return files;
}
