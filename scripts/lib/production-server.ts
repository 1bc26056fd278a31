import { readFile } from "node:fs/promises";
import { createSecureServer } from "node:http2";
import type { Socket } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { serve, type HttpBindings } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { etag } from "hono/etag";
import { headerRules, headersFor } from "../../src/integrations/netlify-headers";
import { createApp, type AppDeps } from "../../src/server/app";
import { openDb } from "../../src/server/db";
import { startJobPoller } from "./job-poller";
import { FRAMEWORK_CONFIG, PUBLISH_DIR } from "./deploy-paths";

export interface ProductionServerOptions {
  /** The project: netlify.toml, the built publish directory and the adapter's header rules. */
  projectRoot?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Where the API's database comes from; the environment's by default. */
  database?: AppDeps["database"];
  /**
   * Run the deliver-notifications job every this many milliseconds, as Netlify's every-minute schedule does
   * (off when absent).
   */
  notificationJobEveryMs?: number;
  /**
   * Serve HTTPS with HTTP/2 (HTTP/1.1 still accepted), as Netlify's CDN does: with this key and certificate (PEM).
   * Lighthouse's simulated load models a page's requests on one HTTP/2 connection, as visitors get them; over
   * HTTP/1.1 a request that happened to open a second connection pays a handshake in the simulation.
   */
  tls?: { key: string; cert: string };
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The build's `_redirects` (Astro writes its `redirects` there): `from to status` lines. They are plain paths,
 * which is all this server matches.
 */
async function readRedirects(publish: string): Promise<Map<string, { to: string; status: 301 | 302 | 307 | 308 }>> {
  const text = await readFile(join(publish, "_redirects"), "utf8").catch(() => "");
  const redirects = new Map<string, { to: string; status: 301 | 302 | 307 | 308 }>();
  for (const line of text.split("\n")) {
    const [from, to, status = "301"] = line.trim().split(/\s+/);
    if (from && to && !from.startsWith("#")) redirects.set(from, { to, status: Number(status) as 301 });
  }
  return redirects;
}

/** Static files' Brotli bodies by ETag: the build does not change while the server runs. */
const brotliBodies = new Map<string, Promise<Buffer>>();

/**
 * Brotli for the built files, for browsers that accept it, as Netlify's CDN sends them (the home page is
 * 11.8 KB so, 13.9 gzip: within one TCP initial window with its headers). Each file is compressed once, at
 * the highest level (level 9 past 512 KiB, where 11 takes seconds); the API's answers get gzip from `compress`.
 */
const brotli: MiddlewareHandler = async (c, next) => {
  await next();
  const tag = c.res.headers.get("ETag");
  const type = c.res.headers.get("Content-Type") ?? "";
  if (!tag || c.res.status !== 200 || c.req.path.startsWith("/api/") || c.res.headers.has("Content-Encoding")) return;
  if (!/\bbr\b/.test(c.req.header("Accept-Encoding") ?? "") || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
  const bytes = Buffer.from(await c.res.arrayBuffer());
  let body = brotliBodies.get(tag);
  if (!body) {
    const quality = bytes.length > 512 * 1024 ? 9 : constants.BROTLI_MAX_QUALITY;
    body = promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
    brotliBodies.set(tag, body);
  }
  c.res = new Response(new Uint8Array(await body), c.res);
  c.res.headers.set("Content-Length", String((await body).length));
  c.res.headers.set("Content-Encoding", "br");
  c.res.headers.append("Vary", "Accept-Encoding");
  if (!tag.startsWith("W/")) c.res.headers.set("ETag", `W/${tag}`);
};

/**
 * The built site as Netlify serves it, on one port: the API app (the same one the functions run) under /api,
 * the publish directory with Netlify's pretty URLs and its header rules, the 404 page for unknown paths, and
 * compression and ETags, which the CDN adds in production.
 */
export async function startProductionServer(options: ProductionServerOptions = {}): Promise<RunningServer> {
  const root = options.projectRoot ?? process.cwd();
  const publish = join(root, PUBLISH_DIR);
  const rules = await headerRules(root, FRAMEWORK_CONFIG);
  const database = options.database ?? (() => openDb());
  const api = createApp({ database });
  const notFoundPage = await readFile(join(publish, "404.html"), "utf8").catch(() => "Not found");
  const redirects = await readRedirects(publish);

  const site = new Hono<{ Bindings: HttpBindings }>();
  site.use(compress(), brotli);
  site.all("/api/*", (c) => api.fetch(c.req.raw, { context: { ip: c.env.incoming.socket.remoteAddress } }));
  site.use(async (c, next) => {
    const redirect = redirects.get(c.req.path);
    return redirect ? c.redirect(redirect.to, redirect.status) : next();
  });
  site.use(etag(), async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headersFor(rules, c.req.path))) c.res.headers.set(name, value);
  });
  // `/legal` may be `legal.html` as well as `legal/index.html`, as on Netlify.
  const pages = serveStatic({ root: publish });
  site.use(pages, serveStatic({ root: publish, rewriteRequestPath: (path) => `${path.replace(/\/$/, "")}.html` }));
  site.notFound((c) => c.html(notFoundPage, 404));

  const host = options.host ?? "127.0.0.1";
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve(
      {
        fetch: site.fetch,
        port: options.port ?? 0,
        hostname: host,
        ...(options.tls && { createServer: createSecureServer, serverOptions: { ...options.tls, allowHTTP1: true } }),
      },
      () => resolve(started),
    );
  });
  // Longer than clients' idle keep-alive (Playwright, autocannon reuse sockets): a server closing first races
  // their next request into "socket hang up".
  (server as import("node:http").Server).keepAliveTimeout = 65_000;
  // Every connection, HTTP/1.1 or HTTP/2 (whose server has no closeAllConnections), ends with the server.
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const { port } = server.address() as { port: number };
  const poller = options.notificationJobEveryMs
    ? startJobPoller("deliver-notifications", database, options.notificationJobEveryMs)
    : undefined;
  return {
    url: `${options.tls ? "https" : "http"}://${host}:${port}`,
    close: async () => {
      await poller?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
