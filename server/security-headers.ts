// Security headers (helmet): a Content-Security-Policy whose inline scripts need this
// response's nonce, no framing, no MIME sniffing, a referrer that leaves the path behind,
// and HSTS when the public site is HTTPS.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import helmet from "helmet";
import type { Env } from "#app/utils/env.server.ts";
import type { SiteRegistry } from "#app/tenancy/site-registry.server.ts";

export const newNonce = () => randomBytes(16).toString("base64");

/** Photo hosts: the sites' CDN prefixes that point elsewhere than the site itself. */
function cdnOrigins(registry: SiteRegistry) {
  const origins = new Set<string>();
  for (const site of registry.sites) {
    try {
      if (/^https?:\/\//.test(site.cdn_prefix)) origins.add(new URL(site.cdn_prefix).origin);
    } catch {
      /* a relative prefix is served by the site itself */
    }
  }
  return [...origins];
}

/** The CDN origins come from the sites: one helmet per registry, made again after a site reload. */
export function securityHeaders(env: Env, currentRegistry: () => SiteRegistry, options: { development: boolean }): express.RequestHandler {
  const perRegistry = new WeakMap<SiteRegistry, express.RequestHandler>();
  return (req, res, next) => {
    const registry = currentRegistry();
    let handler = perRegistry.get(registry);
    if (!handler) perRegistry.set(registry, (handler = helmetFor(env, registry, options)));
    handler(req, res, next);
  };
}

/**
 * The headers helmet sets on every answer, minus the CSP (which names a document's nonce and
 * means nothing on JSON), as pairs: for answers that skip the per-request middleware.
 */
export function staticSecurityHeaders(env: Env, currentRegistry: () => SiteRegistry, options: { development: boolean }): () => [string, string][] {
  const perRegistry = new WeakMap<SiteRegistry, [string, string][]>();
  return () => {
    const registry = currentRegistry();
    let pairs = perRegistry.get(registry);
    if (!pairs) {
      const headers = new Map<string, string>();
      const recorder = {
        locals: { cspNonce: "" },
        setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
        removeHeader: (name: string) => headers.delete(name.toLowerCase()),
      };
      helmetFor(env, registry, options)({} as express.Request, recorder as unknown as express.Response, () => {});
      headers.delete("content-security-policy");
      perRegistry.set(registry, (pairs = [...headers]));
    }
    return pairs;
  };
}

function helmetFor(env: Env, registry: SiteRegistry, { development }: { development: boolean }): express.RequestHandler {
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`;
  return helmet({
    // Vite's development server injects its own inline scripts: no CSP there
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: false,
          directives: {
            "default-src": ["'self'"],
            "script-src": ["'self'", nonce],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:", ...cdnOrigins(registry)],
            "font-src": ["'self'", "data:"],
            "connect-src": ["'self'"],
            "media-src": ["'self'", ...cdnOrigins(registry)],
            "worker-src": ["'self'"],
            "manifest-src": ["'self'"],
            "frame-ancestors": ["'none'"],
            "form-action": ["'self'"],
            "base-uri": ["'self'"],
            "object-src": ["'none'"],
            ...(env.HTTPS ? { "upgrade-insecure-requests": [] } : {}),
          },
        },
    strictTransportSecurity: env.HTTPS ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
}
