// The HTTP host: static files, tenant resolution, then React Router.
import express from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { resolveSite } from "#app/tenancy/host.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import type { Env } from "#app/utils/env.server.ts";
import { sendFetchResponse, toFetchRequest } from "./fetch-bridge.ts";

const UNKNOWN_HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>404 Not Found</h1><p>There is no site at this address.</p></body></html>`;

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
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  for (const handler of before) app.use(handler);
  if (clientDir) {
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y" }));
    app.use(express.static(clientDir, { maxAge: "1h" }));
  }

  // uploaded and demo photos; in production a CDN serves them under the site's cdn_prefix
  app.use("/media", express.static(`${env.dataDir}/media`, { maxAge: "7d", fallthrough: false }));

  // for load balancers and the browser suite: answers without a site
  app.get("/healthz", (_req, res) => { res.type("text").send("ok"); });

  const registry = getSiteRegistry();
  const development = env.NODE_ENV !== "production";
  const handlers = new Map<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const handlerFor = (b: ServerBuild) => {
    let handler = handlers.get(b);
    if (!handler) handlers.set(b, (handler = createRequestHandler(b, env.NODE_ENV)));
    return handler;
  };

  app.all("*splat", async (req, res, next) => {
    try {
      // the only read of the request's host: everything after this gets the resolved site
      const resolved = resolveSite(
        registry,
        { host: req.headers.host, forwardedHost: req.headers["x-forwarded-host"] as string | undefined },
        { trustProxy: env.TRUST_PROXY, development },
      );
      if (!resolved) {
        res.status(404).type("html").send(UNKNOWN_HOST_PAGE);
        return;
      }
      const context = new RouterContextProvider();
      context.set(siteContext, resolved.site);
      context.set(visitorContext, { country: geoCountry(req.headers["cf-ipcountry"]), ip: req.ip ?? req.socket.remoteAddress ?? "" });
      const current = typeof build === "function" ? await build() : build;
      const response = await handlerFor(current)(toFetchRequest(req, res, resolved.authority), context);
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  });
  return app;
}

function geoCountry(header: string | string[] | undefined) {
  const country = String(header ?? "").toUpperCase();
  return /^[A-Z]{2}$/.test(country) && country !== "XX" ? country : null;
}
