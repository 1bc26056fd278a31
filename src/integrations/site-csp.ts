import { readFile, writeFile } from "node:fs/promises";
import type { AstroIntegration } from "astro";

interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

const CSP = "Content-Security-Policy";

/**
 * One policy from several: every directive with the sources any of them allows. The pages' policies differ
 * only in the hashes of the scripts Astro wrote into each, so the union allows nothing a page did not.
 */
export function mergePolicies(policies: string[]): string {
  const directives = new Map<string, Set<string>>();
  for (const policy of policies)
    for (const part of policy.split(";")) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (!name) continue;
      const merged = directives.get(name) ?? new Set<string>();
      for (const source of sources) merged.add(source);
      directives.set(name, merged);
    }
  return [...directives].map(([name, sources]) => [name, ...sources].join(" ")).join("; ");
}

/**
 * The Netlify adapter writes each page's Content-Security-Policy as a header rule for that exact path, so a
 * response at any other path (the 404 page at an unknown URL) would go out with no policy at all. This moves
 * the policy to one rule for every path, merged from the pages' own. It runs after the adapter (Astro runs
 * the adapter's hooks first) and rewrites the Frameworks API file the adapter left.
 */
export default function siteCsp({ configFile }: { configFile: URL }): AstroIntegration {
  return {
    name: "site-csp",
    hooks: {
      async "astro:build:done"({ logger }) {
        const config = JSON.parse(await readFile(configFile, "utf8")) as { headers?: HeaderRule[] };
        const rules = config.headers ?? [];
        const policies = rules.flatMap((rule) => (rule.values[CSP] ? [rule.values[CSP]] : []));
        if (policies.length === 0) return;
        const others = rules
          .map((rule) => ({
            ...rule,
            values: Object.fromEntries(Object.entries(rule.values).filter(([k]) => k !== CSP)),
          }))
          .filter((rule) => Object.keys(rule.values).length > 0);
        config.headers = [{ for: "/*", values: { [CSP]: mergePolicies(policies) } }, ...others];
        await writeFile(configFile, JSON.stringify(config));
        logger.info(`one Content-Security-Policy for every path, from ${policies.length} pages`);
      },
    },
  };
}
