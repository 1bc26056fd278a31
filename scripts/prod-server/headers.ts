import { readFileSync } from "node:fs";
import { join } from "node:path";

/** One header rule as the Netlify adapter writes it to .netlify/v1/config.json (the Frameworks API). */
export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

/** Where the adapter leaves the per-page headers (the CSP Astro computed for each page). */
export const FRAMEWORK_CONFIG = ".netlify/v1/config.json";

/**
 * The header rules of the Frameworks API file. @netlify/dev applies netlify.toml's rules but not this
 * file's, which Netlify merges at deploy time; the production-like server adds them itself.
 */
export function readFrameworkHeaders(projectRoot: string): HeaderRule[] {
  let text: string;
  try {
    text = readFileSync(join(projectRoot, FRAMEWORK_CONFIG), "utf8");
  } catch {
    return [];
  }
  const parsed = JSON.parse(text) as { headers?: HeaderRule[] };
  return parsed.headers ?? [];
}

/** A Netlify `for` path as a RegExp: `*` matches the rest, `:name` one segment, a trailing slash is optional. */
export function netlifyPathPattern(path: string): RegExp {
  const body = path
    .replace(/\/+$/, "")
    .split("/")
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body}/?$`, "i");
}

/** The headers every matching rule sets for `pathname`, later rules winning. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) if (netlifyPathPattern(rule.for).test(pathname)) Object.assign(out, rule.values);
  return out;
}
