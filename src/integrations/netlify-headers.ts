import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseAllHeaders, type Header, type MinimalHeader } from "@netlify/headers-parser";

export type { Header } from "@netlify/headers-parser";

/**
 * Netlify's header rules, parsed by Netlify's own parser: netlify.toml's, then (with `frameworkConfig`, a path
 * relative to the project) those the Astro adapter wrote for the build, such as each page's
 * Content-Security-Policy. The dev server passes none: the build's policy would block its inline scripts.
 */
export async function headerRules(projectRoot: string, frameworkConfig?: string): Promise<Header[]> {
  const framework = frameworkConfig
    ? await readFile(join(projectRoot, frameworkConfig), "utf8").then(
        (text) => (JSON.parse(text) as { headers?: MinimalHeader[] }).headers ?? [],
        () => [],
      )
    : [];
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [],
    netlifyConfigPath: join(projectRoot, "netlify.toml"),
    configHeaders: framework,
    minimal: false,
  });
  if (errors.length) throw new Error(errors.map((e) => e.message).join("\n"));
  return headers as Header[];
}

/** The headers every rule matching `path` sets, later rules winning, as Netlify's local engine applies them. */
export const headersFor = (rules: Header[], path: string): Record<string, string> =>
  Object.assign({}, ...rules.filter((rule) => rule.forRegExp.test(path)).map((rule) => rule.values));
