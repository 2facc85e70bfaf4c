// The HTTP host: request log, method and size guards, security headers, static files, the
// site resolved from the host, then signed media or React Router.
import { readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { sendMedia, serveMedia } from "#app/media/serve.server.ts";
import { setMissingFileSource } from "#app/media/storage.server.ts";
import { drawListedPortrait } from "#prisma/seed/portrait-files.ts";
import { forcedSite, resolveSite, type ResolvedSite } from "#app/tenancy/host.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import type { Env } from "#app/utils/env.server.ts";
import { withWriteSite } from "#app/utils/cache.server.ts";
import { sqlCount } from "#app/utils/db.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { cspNonceContext } from "#app/utils/nonce.ts";
import { routePatternContext, type RoutePattern } from "#app/metrics/route-pattern.server.ts";
import { startMetrics } from "#app/metrics/metrics.server.ts";
import { requestIdFrom, runWithRequestId } from "#app/utils/request-id.server.ts";
import { sendFetchResponse, toFetchRequest } from "./fetch-bridge.ts";
import { BROTLI_PARAMS, compressible, COMPRESSION_THRESHOLD, endWhole, GZIP_LEVEL } from "./whole-compression.ts";
import { isDraining, readiness } from "./health.ts";
import { labelRoute, logRequest, recordFailure } from "./request-log.ts";
import { metricsEndpoint } from "./metrics.ts";
import { bodyLimit, bodySizeGuard, methodGuard } from "./http-guards.ts";
import { createPageCache } from "./page-cache.ts";
import { newNonce, securityHeaders, staticSecurityHeaders } from "./security-headers.ts";
import { settingsEndpoint } from "./settings-endpoint.ts";
import { QUEUES_PATH, staffQueues } from "./staff-queues.ts";

const UNKNOWN_HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>404 Not Found</h1><p>There is no site at this address.</p></body></html>`;
const BAD_HOST_ANSWER = "400 Bad Request: the Host header is not a host name.\n";
const SERVER_ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>500</h1><p>Something went wrong. Please try again later.</p></body></html>`;

export interface AppOptions {
  env: Env;
  /** The production build, or a loader that fetches it from Vite on every request in development. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Extra middleware that must run before everything (Vite's dev server). */
  before?: express.RequestHandler[];
  /** Where the built client assets are; absent in development. */
  clientDir?: string;
}

export function createApp({ env, build, before = [], clientDir }: AppOptions) {
  const app = express();
  const development = typeof build === "function";
  const logger = getLogger();
  // a demo portrait asked for before the background drawing reached it is drawn then
  setMissingFileSource(drawListedPortrait);
  startMetrics();
  const metrics = metricsEndpoint({ token: env.METRICS_TOKEN, logger });

  app.disable("x-powered-by");
  // believe X-Forwarded-* from exactly this many proxies: the client cannot choose its own IP
  app.set("trust proxy", env.TRUST_PROXY);
  // the one read of the request's host: everything after this gets the resolved site
  const resolvedSites = new WeakMap<IncomingMessage, ResolvedSite | "invalid" | null>();
  const siteOf = (req: IncomingMessage): ResolvedSite | "invalid" | null => {
    if (!resolvedSites.has(req)) {
      resolvedSites.set(
        req,
        resolveSite(
          getSiteRegistry(),
          { host: req.headers.host, forwardedHost: req.headers["x-forwarded-host"] as string | undefined },
          { trustProxy: env.TRUST_PROXY > 0, development: env.NODE_ENV !== "production" || env.embedded },
        ),
      );
    }
    return resolvedSites.get(req) ?? null;
  };
  const settings = settingsEndpoint({
    site: (req, forcedDomain) => {
      const resolved = siteOf(req);
      return resolved === "invalid" ? null : forcedSite(getSiteRegistry(), resolved, forcedDomain);
    },
    geoCountry: (req) => geoCountry(req.headers["cf-ipcountry"]),
    headers: staticSecurityHeaders(env, getSiteRegistry, { development }),
    logger,
    failed: (res, error) => {
      logger.error({ err: error }, "request failed");
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/html; charset=utf-8" });
      res.end(SERVER_ERROR_PAGE);
    },
  });
  app.use((req, res, next) => {
    logRequest(logger, req, res, () => (res as express.Response).locals?.siteKey);
    next();
  });
  app.use(methodGuard, bodySizeGuard);
  app.use((_req, res, next) => {
    res.locals.cspNonce = newNonce();
    next();
  });
  app.use(securityHeaders(env, getSiteRegistry, { development }));
  for (const handler of before) app.use(handler);
  if (clientDir) {
    // the build's Brotli and gzip copies (scripts/precompress.mjs) by Accept-Encoding, with Vary
    const precompressed = (dir: string, serveStatic: { immutable?: boolean; maxAge: string }): express.RequestHandler => {
      const serve = expressStaticGzip(dir, { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic });
      // It lists the files once, at start. A listed file gone from disk (a build replaced under
      // the running process) falls through with its copy's Content-Encoding and Content-Type
      // already set; the 404 page that answers instead must not go out under them.
      return (req, res, next) => {
        labelRoute(res, "static");
        serve(req, res, (error?: unknown) => {
          if (!res.headersSent) for (const name of ["Content-Encoding", "Content-Type"]) res.removeHeader(name);
          next(error);
        });
      };
    };
    app.use("/assets", precompressed(`${clientDir}/assets`, { immutable: true, maxAge: "1y" }));
    // the other public files (favicon, brands/, gifts/): only a request under one of their names
    // looks at the disk, not every page
    const publicNames = new Set(readdirSync(clientDir).filter((name) => name !== "assets"));
    const publicFiles = precompressed(clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (publicNames.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));
  }

  // documents and JSON from here on (the static files above come precompressed): see dynamicCompression
  app.use(dynamicCompression());

  // for load balancers and orchestrators (server/health.ts), on any host, never stored: /livez
  // the process answers; /readyz (and /healthz, its older name) it can serve members
  app.get("/livez", (_req, res) => void res.set("Cache-Control", "no-store").json({ ok: true }));
  app.get(["/readyz", "/healthz"], async (_req, res) => {
    const { state, problems } = await readiness();
    if (!state.ok && !isDraining()) logger.error({ health: problems }, "not ready");
    else if (problems.queue) logger.warn({ health: problems }, "queue degraded");
    res
      .status(state.ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(state);
  });

  // `npm run bench:http` only: how many SQL statements the process has sent so far
  if (env.BENCH_SQL_COUNT) app.get("/__bench/sql-count", (_req, res) => void res.json(sqlCount));

  const handlers = new Map<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const handlerFor = (b: ServerBuild) => {
    let handler = handlers.get(b);
    if (!handler) handlers.set(b, (handler = createRequestHandler(b, development ? "development" : "production")));
    return handler;
  };

  // anonymous pages kept for a few seconds (server/page-cache.ts); not under Vite, whose modules change
  const pageCache = development ? null : createPageCache();

  // app.use, not a route pattern: express would decode the path and fail on "%E0%A4%A" with a
  // 500 before the app could answer 400 in the visitor's language
  app.use((req, res, next) => {
    // the registry as it is now: a reload swaps it between requests, never within one
    const resolved = siteOf(req);
    if (resolved === "invalid") {
      labelRoute(res, "bad-host");
      return void res.status(400).type("text").send(BAD_HOST_ANSWER);
    }
    if (!resolved) {
      labelRoute(res, "unknown-host");
      return void res.status(404).type("html").send(UNKNOWN_HOST_PAGE);
    }
    res.locals.resolvedSite = resolved;
    res.locals.siteKey = resolved.site.key;
    res.locals.authority = resolved.authority;
    // a member's writes empty their site's caches only (ADR 048); the staff console's reach every site
    if (req.path === "/staff" || req.path.startsWith("/staff/")) return next();
    withWriteSite(resolved.site.key, next);
  });

  // the queue dashboard (bull-board, express only): staff admins, see server/staff-queues.ts
  app.use(
    QUEUES_PATH,
    (_req, res, next) => {
      labelRoute(res, "staff-queues");
      next();
    },
    staffQueues(),
  );

  app.use(async (req, res, next) => {
    try {
      const resolved = res.locals.resolvedSite as ResolvedSite;
      // photos: only for a URL this site signed (app/profiles/photo-url.server.ts)
      if (req.path.startsWith("/media/")) {
        labelRoute(res, "media");
        return void (await sendMedia(res, await serveMedia(resolved.site, req.method, req.path)));
      }
      const nonce = res.locals.cspNonce as string;
      const pageKey = pageCache?.keyFor(req, req.originalUrl, resolved.site, resolved.authority, req.protocol) ?? null;
      const kept = pageKey ? pageCache!.get(pageKey, nonce) : null;
      if (kept) {
        res.status(kept.status);
        for (const [name, value] of kept.headers) res.append(name, value);
        res.setHeader("X-Page-Cache", "hit");
        labelRoute(res, "cached-page");
        return endWhole(res, Buffer.from(kept.body));
      }
      const generation = pageCache?.generation(resolved.site) ?? 0;
      const context = new RouterContextProvider();
      context.set(siteContext, resolved.site);
      context.set(visitorContext, { country: geoCountry(req.headers["cf-ipcountry"]), ip: req.ip ?? req.socket.remoteAddress ?? "" });
      context.set(cspNonceContext, nonce);
      const route: RoutePattern = { pattern: null };
      context.set(routePatternContext, route);
      const current = typeof build === "function" ? await build() : build;
      const request = toFetchRequest(req, res, resolved.authority, bodyLimit(req.headers["content-type"]));
      let response = await handlerFor(current)(request, context);
      labelRoute(res, route.pattern ?? "unmatched");
      if (pageKey && response.status === 200 && (response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
        const body = await response.text();
        pageCache!.offer(pageKey, resolved.site, generation, nonce, response.status, response.headers, body);
        response = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  // last resort: logged with its stack, answered without it
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    recordFailure(res, error);
    if (res.headersSent) return void res.destroy();
    res.status(500).type("html").send(SERVER_ERROR_PAGE);
  });
  // GET /api/settings.php is answered before express (server/settings-endpoint.ts); every other
  // request is express's
  // the request id (the proxy's X-Request-Id when sane) is current for the whole request: every
  // log line carries it; then /api/settings.php (which sends it itself), /metrics, express
  const host = (req: IncomingMessage, res: ServerResponse) => {
    const reqId = requestIdFrom(req.headers["x-request-id"]);
    runWithRequestId(reqId, () => {
      if (settings(req, res)) return;
      res.setHeader("X-Request-Id", reqId);
      if (!metrics(req, res)) app(req, res);
    });
  };
  // express's own listen(), with the host in front
  const listen = (...args: unknown[]) => createServer(host).listen(...(args as Parameters<Server["listen"]>));
  /**
   * One render of the first site's home page, straight through React Router (no log line, no page
   * cache), before the server listens: the first visitor's page then does not wait for the code's
   * first compilation, the database pool's first connections and the catalogue's first load
   * (half a second on the 2-core machines).
   */
  const warmUp = async () => {
    if (development) return;
    const site = getSiteRegistry().sites[0];
    if (!site) return;
    const context = new RouterContextProvider();
    context.set(siteContext, site);
    context.set(visitorContext, { country: null, ip: "127.0.0.1" });
    context.set(cspNonceContext, newNonce());
    const response = await handlerFor(build as ServerBuild)(new Request(`http://${site.domains[0]}/`, { headers: { "accept-language": "en" } }), context);
    await response.arrayBuffer();
  };
  return Object.assign(host, { listen: listen as express.Application["listen"], warmUp });
}

/**
 * Streamed answers over 1 KB (the translation catalogue, bodies too large to compress in one call)
 * compressed as they go, gzip or Brotli as the browser accepts (`compression` prefers br), with the
 * rules and levels of whole answers (server/whole-compression.ts, which sends pages, JSON and
 * .data itself).
 */
function dynamicCompression() {
  return compression({ threshold: COMPRESSION_THRESHOLD, level: GZIP_LEVEL, brotli: { params: BROTLI_PARAMS }, filter: compressible });
}

function geoCountry(header: string | string[] | undefined) {
  const country = String(header ?? "").toUpperCase();
  return /^[A-Z]{2}$/.test(country) && country !== "XX" ? country : null;
}
