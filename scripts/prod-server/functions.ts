import { readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";

type Handler = (req: Request, context: { ip?: string; params?: Record<string, string> }) => Promise<Response>;

/** A routed function of the bundle: its URL pattern and its handler. */
export interface BundledRoute {
  name: string;
  pattern: URLPattern;
  methods: string[];
  handler: Handler;
}

interface Manifest {
  functions: { name: string; routes?: { pattern: string; methods?: string[] }[] }[];
}

/**
 * The routed functions of `npm run build`'s bundle (.netlify/functions, zip-it-and-ship-it's output),
 * imported once. Serving these rather than @netlify/dev's on-the-fly builds keeps the server to what
 * deploys, and fast enough to load-test: @netlify/dev prepares a function per request (seconds here).
 */
export async function loadBundledRoutes(bundleDir: string): Promise<BundledRoute[]> {
  const manifest = JSON.parse(readFileSync(join(bundleDir, "manifest.json"), "utf8")) as Manifest;
  const routes: BundledRoute[] = [];
  for (const fn of manifest.functions) {
    if (!fn.routes?.length) continue;
    const entry = join(bundleDir, fn.name, "netlify", "functions", `${fn.name}.mjs`);
    const mod = (await import(pathToFileURL(entry).href)) as { default: Handler };
    for (const route of fn.routes)
      routes.push({
        name: fn.name,
        pattern: new URLPattern({ pathname: route.pattern }),
        methods: route.methods ?? [],
        handler: mod.default,
      });
  }
  return routes;
}

/** The route serving `pathname`, with its parameters. */
export function matchRoute(routes: BundledRoute[], pathname: string, method: string) {
  for (const route of routes) {
    if (route.methods.length && !route.methods.includes(method)) continue;
    const match = route.pattern.exec({ pathname });
    if (match) return { route, params: match.pathname.groups as Record<string, string> };
  }
  return undefined;
}

/** A Web Request for a Node request, body streamed. */
export function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: "half",
  } as RequestInit);
}
