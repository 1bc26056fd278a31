/** Small, dependency-free readers of the built HTML: scripts, islands, stylesheets. */

/** Attributes of one start tag, lower-cased names. */
export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  const body = tag.replace(/^<\s*[\w-]+/, "").replace(/\/?>$/, "");
  for (const m of body.matchAll(re)) out[m[1]!.toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? "");
  return out;
}

function decode(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** The HTML without comments and <noscript> blocks (neither loads anything when scripts run). */
export function stripInert(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, "").replace(/<noscript\b[\s\S]*?<\/noscript>/gi, "");
}

/** Every start tag of the given element names, with its attributes. */
export function tags(html: string, names: string[]): { name: string; attrs: Record<string, string> }[] {
  const re = new RegExp(`<(${names.join("|")})\\b[^>]*>`, "gi");
  return [...stripInert(html).matchAll(re)].map((m) => ({ name: m[1]!.toLowerCase(), attrs: attributes(m[0]) }));
}

/** Inline <script> bodies (no src), JSON-LD and other data blocks excluded. */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of stripInert(html).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributes(`<script ${m[1]}>`);
    const type = (attrs.type ?? "").toLowerCase();
    if (attrs.src !== undefined) continue;
    if (type && !["module", "text/javascript", "application/javascript"].includes(type)) continue;
    out.push(m[2]!);
  }
  return out;
}

/** Inline <style> bodies. */
export function inlineStyles(html: string): string[] {
  return [...stripInert(html).matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!);
}

/** URLs of JavaScript the page itself points at: scripts, modulepreloads, island component/renderer URLs, imports in inline scripts. */
export function pageScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const { name, attrs } of tags(html, ["script", "link", "astro-island"])) {
    if (name === "script" && attrs.src) urls.add(attrs.src);
    if (name === "link" && /\bmodulepreload\b/i.test(attrs.rel ?? "") && attrs.href) urls.add(attrs.href);
    if (name === "link" && /\bpreload\b/i.test(attrs.rel ?? "") && attrs.as === "script" && attrs.href)
      urls.add(attrs.href);
    if (name === "astro-island")
      for (const key of ["component-url", "renderer-url", "before-hydration-url"])
        if (attrs[key]) urls.add(attrs[key]!);
  }
  for (const body of inlineScripts(html))
    for (const m of body.matchAll(/["'`](\/[^"'`\s]+?\.m?js)["'`]/g)) urls.add(m[1]!);
  return [...urls];
}

/** A stylesheet link that blocks the first paint. */
export interface BlockingStylesheet {
  href: string;
  media?: string;
}

/** Stylesheets that block rendering: rel=stylesheet without a non-matching media query, plus @import in inline styles. */
export function renderBlockingStylesheets(html: string): BlockingStylesheet[] {
  const head = stripInert(html);
  const out: BlockingStylesheet[] = [];
  for (const { attrs } of tags(head, ["link"])) {
    const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("stylesheet") || rel.includes("alternate") || attrs.disabled !== undefined || !attrs.href)
      continue;
    const media = attrs.media?.trim().toLowerCase();
    if (media && media !== "all" && media !== "screen" && !media.startsWith("screen and") && !media.startsWith("("))
      continue;
    out.push({ href: attrs.href, media });
  }
  for (const css of inlineStyles(html))
    for (const m of css.matchAll(/@import\s+(?:url\()?\s*["']?([^"')\s;]+)/g)) out.push({ href: m[1]! });
  return out;
}
