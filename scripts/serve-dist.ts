/**
 * A small static server for the built site that answers the way Netlify does for static files:
 * pretty URLs, 404.html with status 404, brotli/gzip, long cache for /_astro/*, _headers and
 * simple _redirects, and an emulation of the Netlify Image CDN (/.netlify/images) with sharp.
 *
 * CLI: tsx scripts/serve-dist.ts [--dir dist] [--port 4322] [--host 127.0.0.1]
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".pdf": "application/pdf",
  ".map": "application/json; charset=utf-8",
};

/** Types Netlify compresses on the fly (text); images and fonts are sent as they are. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/;

/** Netlify's default for everything that has no other rule. */
const DEFAULT_CACHE = "public, max-age=0, must-revalidate";

interface HeaderRule {
  pattern: RegExp;
  headers: Record<string, string>;
}
interface RedirectRule {
  from: RegExp;
  to: string;
  status: number;
  force: boolean;
}
interface CachedBody {
  body: Buffer;
  type: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

export interface ServeOptions {
  /** The build output directory (default: dist). */
  dir?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Print one line per request. */
  log?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  close: () => Promise<void>;
}

/** Turns a Netlify path pattern (`/_astro/*`, `/blog/:slug`) into a RegExp. */
export function netlifyPattern(path: string): RegExp {
  const escaped = path
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]\w*/g, "[^/]+"))
    .join("(.*)");
  return new RegExp(`^${escaped}$`);
}

/** Parses a Netlify `_headers` file. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith("#")) continue;
    if (!/^\s/.test(raw)) {
      current = { pattern: netlifyPattern(raw.trim()), headers: {} };
      rules.push(current);
    } else if (current) {
      const at = raw.indexOf(":");
      if (at > 0) current.headers[raw.slice(0, at).trim().toLowerCase()] = raw.slice(at + 1).trim();
    }
  }
  return rules;
}

/** Parses the simple forms of a Netlify `_redirects` file (`from to [status][!]`, splats). */
export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [from, to, code] = line.split(/\s+/);
    if (!from || !to || !from.startsWith("/")) continue;
    const status = code ? Number.parseInt(code, 10) : 301;
    rules.push({
      from: netlifyPattern(from),
      to,
      status: Number.isNaN(status) ? 301 : status,
      force: Boolean(code?.endsWith("!")),
    });
  }
  return rules;
}

/** Headers that the Netlify adapter asks for in .netlify/v1/config.json (the /_astro/* immutable rule). */
function adapterHeaderRules(projectRoot: string): HeaderRule[] {
  const file = join(projectRoot, ".netlify", "v1", "config.json");
  const rules: HeaderRule[] = [
    { pattern: /^\/_astro\/.*$/, headers: { "cache-control": "public, max-age=31536000, immutable" } },
  ];
  if (!existsSync(file)) return rules;
  try {
    const config = JSON.parse(readFileSync(file, "utf8")) as {
      headers?: { for: string; values: Record<string, string> }[];
    };
    for (const h of config.headers ?? []) {
      const headers = Object.fromEntries(Object.entries(h.values).map(([k, v]) => [k.toLowerCase(), v]));
      rules.push({ pattern: netlifyPattern(h.for), headers });
    }
  } catch {
    // A broken adapter config only loses extra headers.
  }
  return rules;
}

function etagOf(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
}

/** Picks the encoding Netlify would use for this request: brotli first, then gzip. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accept = (acceptEncoding ?? "").toLowerCase();
  const allows = (name: string) =>
    new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+)?\\s*(,|$)`).test(accept);
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return undefined;
}

/** Starts the server; resolves once it listens. */
export async function serveDist(options: ServeOptions = {}): Promise<RunningServer> {
  const projectRoot = resolve(fileURLToPath(new URL("..", import.meta.url)));
  const root = resolve(options.dir ?? join(projectRoot, "dist"));
  if (!existsSync(root)) throw new Error(`serve-dist: build output ${root} does not exist; run astro build first`);
  const headerRules = [
    ...adapterHeaderRules(projectRoot),
    ...(existsSync(join(root, "_headers")) ? parseHeadersFile(readFileSync(join(root, "_headers"), "utf8")) : []),
  ];
  const redirectRules = existsSync(join(root, "_redirects"))
    ? parseRedirectsFile(readFileSync(join(root, "_redirects"), "utf8"))
    : [];
  const cache = new Map<string, CachedBody>();
  const imageCache = new Map<string, CachedBody>();

  async function fileAt(path: string): Promise<string | undefined> {
    const full = normalize(join(root, path));
    if (full !== root && !full.startsWith(root + sep)) return undefined;
    try {
      const s = await stat(full);
      if (s.isFile()) return full;
    } catch {
      return undefined;
    }
    return undefined;
  }

  /** Netlify's pretty URLs: /about, /about/ -> about/index.html or about.html. */
  async function resolvePath(pathname: string): Promise<string | undefined> {
    if (pathname.endsWith("/"))
      return (await fileAt(join(pathname, "index.html"))) ?? (await fileAt(`${pathname.slice(0, -1)}.html`));
    return (
      (await fileAt(pathname)) ?? (await fileAt(join(pathname, "index.html"))) ?? (await fileAt(`${pathname}.html`))
    );
  }

  /** Reads a file once per version: a rebuild under a running server is picked up (keyed by mtime and size). */
  async function load(full: string): Promise<CachedBody> {
    const { mtimeMs, size } = await stat(full);
    const key = `${full}:${mtimeMs}:${size}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const body = await readFile(full);
    const entry: CachedBody = {
      body,
      type: TYPES[extname(full).toLowerCase()] ?? "application/octet-stream",
      etag: etagOf(body),
    };
    cache.set(key, entry);
    return entry;
  }

  function headersFor(pathname: string): Record<string, string> {
    const out: Record<string, string> = { "cache-control": DEFAULT_CACHE };
    for (const rule of headerRules) if (rule.pattern.test(pathname)) Object.assign(out, rule.headers);
    return out;
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    entry: CachedBody,
    extra: Record<string, string>,
  ) {
    const headers: Record<string, string> = {
      "content-type": entry.type,
      etag: entry.etag,
      vary: "Accept-Encoding",
      server: "serve-dist",
      ...extra,
    };
    if (status === 200 && req.headers["if-none-match"] === entry.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    let body = entry.body;
    const encoding = COMPRESSIBLE.test(entry.type) ? pickEncoding(req.headers["accept-encoding"]) : undefined;
    if (encoding === "br") {
      entry.br ??= brotliCompressSync(entry.body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
      });
      body = entry.br;
      headers["content-encoding"] = "br";
    } else if (encoding === "gzip") {
      entry.gzip ??= gzipSync(entry.body, { level: 9 });
      body = entry.gzip;
      headers["content-encoding"] = "gzip";
    }
    headers["content-length"] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Netlify Image CDN emulation: url, w, h, fm, q, fit; format negotiated from Accept when fm is absent. */
  async function image(req: IncomingMessage, res: ServerResponse, params: URLSearchParams) {
    const src = params.get("url") ?? "";
    const full = /^https?:/.test(src) ? undefined : await fileAt(`/${src.replace(/^\/+/, "")}`);
    if (!full) {
      res.writeHead(400, { "content-type": "text/plain", server: "serve-dist" }).end(`Bad image url: ${src}`);
      return;
    }
    const accept = req.headers.accept ?? "";
    const fm =
      params.get("fm") ?? (accept.includes("image/avif") ? "avif" : accept.includes("image/webp") ? "webp" : undefined);
    const key = `${full}?${params.toString()}&fm=${fm ?? ""}`;
    let entry = imageCache.get(key);
    if (!entry) {
      const { default: sharp } = await import("sharp");
      const w = Number(params.get("w")) || undefined;
      const h = Number(params.get("h")) || undefined;
      const q = Number(params.get("q")) || undefined;
      const fit = (params.get("fit") ?? (w && h ? "cover" : "inside")) as "cover" | "contain" | "fill" | "inside";
      let pipeline = sharp(await readFile(full), { animated: true }).rotate();
      if (w || h) pipeline = pipeline.resize({ width: w, height: h, fit, withoutEnlargement: true });
      if (fm === "avif") pipeline = pipeline.avif({ quality: q ?? 50 });
      else if (fm === "webp") pipeline = pipeline.webp({ quality: q ?? 75 });
      else if (fm === "jpg" || fm === "jpeg") pipeline = pipeline.jpeg({ quality: q ?? 75, mozjpeg: true });
      else if (fm === "png") pipeline = pipeline.png();
      const body = await pipeline.toBuffer();
      const type = fm
        ? (TYPES[`.${fm}`] ?? "application/octet-stream")
        : (TYPES[extname(full).toLowerCase()] ?? "application/octet-stream");
      entry = { body, type, etag: etagOf(body) };
      imageCache.set(key, entry);
    }
    send(req, res, 200, entry, { "cache-control": "public, max-age=31536000, immutable", vary: "Accept" });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://localhost");
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, { server: "serve-dist" }).end("Bad request");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", server: "serve-dist" }).end("Method not allowed (static server)");
      return;
    }
    if (pathname === "/.netlify/images") return image(req, res, url.searchParams);

    for (const rule of redirectRules) {
      if (!rule.from.test(pathname)) continue;
      if (rule.to.startsWith("/.netlify/functions") || rule.to.startsWith("http")) continue;
      const splat = pathname.match(rule.from)?.[1] ?? "";
      const target = rule.to.replace(":splat", splat);
      if (rule.status >= 300 && rule.status < 400) {
        res.writeHead(rule.status, { location: target, server: "serve-dist" }).end();
        return;
      }
      if (rule.status === 200 && (rule.force || !(await resolvePath(pathname)))) {
        const full = await resolvePath(target);
        if (full) return send(req, res, 200, await load(full), headersFor(target));
      }
    }

    const full = await resolvePath(pathname);
    if (full) return send(req, res, 200, await load(full), headersFor(pathname));
    const notFound = await fileAt("/404.html");
    if (notFound) return send(req, res, 404, await load(notFound), { "cache-control": DEFAULT_CACHE });
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8", server: "serve-dist" }).end("Not Found");
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    if (options.log)
      res.on("finish", () =>
        console.log(`${res.statusCode} ${req.method} ${req.url} ${Math.round(performance.now() - started)}ms`),
      );
    handle(req, res).catch((error: unknown) => {
      console.error("serve-dist:", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("Internal error");
    });
  });
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, host, () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

function flag(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const running = await serveDist({
    dir: flag(args, "dir"),
    port: Number(flag(args, "port") ?? process.env.PORT ?? 4322),
    host: flag(args, "host"),
    log: args.includes("--log"),
  });
  console.log(`serve-dist: ${running.url} (Ctrl+C to stop)`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
