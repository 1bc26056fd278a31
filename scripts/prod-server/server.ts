import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NetlifyDev } from "@netlify/dev";
import { compress, compressionCache, etagOf, isCompressible, pickEncoding } from "./compression";
import { loadBundledRoutes, matchRoute, toRequest, type BundledRoute } from "./functions";
import { headersFor, readFrameworkHeaders, type HeaderRule } from "./headers";

export interface ProductionServerOptions {
  /** The project: netlify.toml, the built publish directory and netlify/functions. */
  projectRoot?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** One line per request on stdout. */
  log?: boolean;
  /** The bundled functions (`npm run build`); when absent, @netlify/dev builds them from source. */
  functionsBundle?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The built site as Netlify serves it, on one port: @netlify/dev (Netlify's own local runtime) serves the
 * publish directory, netlify.toml's headers and redirects, and the functions, all offline. Around it go the
 * things it leaves to the CDN: the per-page headers of the Frameworks API file (the CSP), the 404 page for
 * unknown paths, compression (of files once per content, as a CDN caches them), and ETags for files.
 */
export async function startProductionServer(options: ProductionServerOptions = {}): Promise<RunningServer> {
  const projectRoot = options.projectRoot ?? process.cwd();
  const dev = new NetlifyDev({
    projectRoot,
    // Everything that would call Netlify's API or is unused here stays off, so it runs without network.
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    environmentVariables: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    // With the bundle, the functions are served from it (below). Left on, @netlify/dev builds every function
    // from source in the background after start: for about ten seconds the server read new requests only
    // every few hundred milliseconds, and the load test's first requests timed out unanswered.
    functions: { enabled: !options.functionsBundle },
    serverAddress: null,
    skipGitignore: true,
  });
  await dev.start();
  const frameworkHeaders = readFrameworkHeaders(projectRoot);
  const routes = options.functionsBundle ? await loadBundledRoutes(options.functionsBundle) : [];
  const staticCopies = compressionCache();
  let origin = "";

  const server = createServer((req, res) => {
    serve({ dev, frameworkHeaders, routes, staticCopies, origin }, req, res).catch((error: unknown) => {
      console.error("production server:", error);
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("Bad gateway");
    });
    if (options.log) {
      const start = performance.now();
      res.on("finish", () =>
        console.log(`${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - start)} ms`),
      );
      res.on("close", () => {
        if (!res.writableFinished)
          console.log(`${req.method} ${req.url} closed unanswered ${Math.round(performance.now() - start)} ms`);
      });
    }
  });
  // Longer than clients' idle keep-alive (Playwright, autocannon reuse sockets): a server closing first races
  // their next request into "socket hang up". close() ends every connection anyway.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  origin = `http://${options.host ?? "127.0.0.1"}:${port}`;
  return { url: origin, port, close: () => stop(server, dev) };
}

/** What every request is served from. */
interface Site {
  dev: NetlifyDev;
  frameworkHeaders: HeaderRule[];
  routes: BundledRoute[];
  staticCopies: ReturnType<typeof compressionCache>;
  origin: string;
}

async function serve(
  { dev, frameworkHeaders, routes, staticCopies, origin }: Site,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const pathname = new URL(req.url ?? "/", origin).pathname;
  const fn = matchRoute(routes, pathname, req.method ?? "GET");
  if (fn) {
    const response = await fn.route.handler(toRequest(req, origin), {
      ip: req.socket.remoteAddress,
      params: fn.params,
    });
    await send(req, res, response, response.status, {});
    return;
  }
  const matched = await dev.handleAndIntrospectNodeRequest(req, { serverAddress: origin });
  let response = matched?.response;
  const status = response?.status ?? 404;
  let extra: Record<string, string> = {};
  if (!matched) {
    // Netlify answers an unknown path with the publish directory's 404.html and status 404.
    const notFound = await dev.handleAndIntrospect(new Request(`${origin}/404`), { serverAddress: origin });
    response = notFound?.response;
    extra = headersFor(frameworkHeaders, "/404");
  } else if (matched.type === "static") {
    extra = headersFor(frameworkHeaders, pathname);
  }
  // Files (and the 404 page) are cached by content, as the CDN does; function responses are not.
  await send(req, res, response, status, extra, matched?.type === "static" || !matched ? staticCopies : undefined);
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response | undefined,
  status: number,
  extra: Record<string, string>,
  staticCopies?: ReturnType<typeof compressionCache>,
): Promise<void> {
  if (!response) {
    res.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
    return;
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  let body: Uint8Array = new Uint8Array(await response.arrayBuffer());
  const etag = staticCopies ? (headers.get("etag") ?? etagOf(body)) : undefined;
  if (etag) headers.set("etag", etag);
  if (etag && status === 200 && req.headers["if-none-match"] === etag) {
    headers.delete("content-length");
    res.writeHead(304, Object.fromEntries(headers)).end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  if (
    encoding &&
    body.byteLength > 0 &&
    !headers.has("content-encoding") &&
    isCompressible(headers.get("content-type"))
  ) {
    body = staticCopies && etag ? staticCopies(body, encoding, etag) : compress(body, encoding);
    headers.set("content-encoding", encoding);
    headers.append("vary", "Accept-Encoding");
  }
  headers.set("content-length", String(body.byteLength));
  headers.delete("transfer-encoding");
  res.writeHead(status, Object.fromEntries(headers));
  res.end(req.method === "HEAD" ? undefined : body);
}

async function stop(server: Server, dev: NetlifyDev): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  await dev.stop();
}
