// The anonymous page cache: a page rendered for a visitor without any cookie is kept for a few
// seconds and served to the next such visitor of the same site, address, language header and
// country, instead of running the middleware, loaders and React again (the home page,
// search and landers are what ad traffic hits, all of it without cookies).
//
// What makes a page the same for every such visitor: no cookie means no session, no language or
// tracking cookie, no toast and the entry warning still open; no query string means no search
// filter and no tracking parameters (an arrival with those is stored and gets a cookie); the
// language comes from Accept-Language, the country from CF-IPCountry, both in the key. Only a
// 200 HTML document without Set-Cookie is kept.
//
// What it must not do: show a page older than what this process wrote. A write that a page may
// show moves the generation of its site (app/utils/cache.server.ts, ADR 048) and drops the kept
// pages of the sites that show that site's members (the site itself, and the sites sharing its
// pool); so does such a write of another app process (over the live bus, ADR 044); a write from
// outside the app is seen within the TTL. Each answer gets its own CSP nonce: the kept page is split
// at the nonce it was rendered with and joined with the new one.
import type { IncomingMessage } from "node:http";
import { LRUCache } from "lru-cache";
import { poolSiteKeys } from "#app/profiles/access.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { cacheGeneration } from "#app/utils/cache.server.ts";
import { pageCacheHit, pageCacheMiss } from "#app/metrics/metrics.server.ts";

export const PAGE_CACHE_TTL_MS = 3_000;
const MAX_BYTES = 24 * 1024 * 1024;
const MAX_KEY_PART = 256;

interface KeptPage {
  generation: number;
  /** the sites whose writes the page may show */
  scope: readonly string[];
  status: number;
  headers: [string, string][];
  /** the page split at its nonce */
  parts: string[];
}

export interface PageCache {
  /** The key for this request, or null when its page may differ per visitor. */
  keyFor(req: IncomingMessage, url: string, site: CachedSite, authority: string, protocol: string): string | null;
  /** Read before rendering and given to offer(): a write of the site's pool during the render makes the page stale at once. */
  generation(site: CachedSite): number;
  /** The kept page with `nonce` in it, if one is fresh. */
  get(key: string, nonce: string): { status: number; headers: [string, string][]; body: string } | null;
  /** Keeps the page when it is one every cookieless visitor gets. */
  offer(key: string, site: CachedSite, generation: number, nonce: string, status: number, headers: Headers, body: string): void;
}

type CachedSite = Pick<Site, "key" | "network" | "member_resell">;

// a site object's pool, once (a reload makes new objects, whose pools are worked out afresh)
const scopes = new WeakMap<object, readonly string[]>();
function scopeOf(site: CachedSite) {
  let scope = scopes.get(site);
  if (!scope) scopes.set(site, (scope = poolSiteKeys(site)));
  return scope;
}

const siteIds = new WeakMap<object, number>();
let nextSiteId = 1;
/** A site object's own number: a reload of tenants/ makes new objects, so their pages start afresh. */
function siteId(site: object) {
  let id = siteIds.get(site);
  if (id === undefined) siteIds.set(site, (id = nextSiteId++));
  return id;
}

export function createPageCache(): PageCache {
  const pages = new LRUCache<string, KeptPage>({
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => page.parts.reduce((n, part) => n + part.length, 0) * 2 + 512,
    ttl: PAGE_CACHE_TTL_MS,
  });
  return {
    keyFor(req, url, site, authority, protocol) {
      if (req.method !== "GET" || req.headers.cookie !== undefined || req.headers.authorization !== undefined) return null;
      if (url.includes("?") || url.length > MAX_KEY_PART || !url.startsWith("/") || url.startsWith("/api/") || url.endsWith(".data")) return null;
      const language = req.headers["accept-language"] ?? "";
      const country = req.headers["cf-ipcountry"] ?? "";
      if (typeof country !== "string" || language.length > MAX_KEY_PART || country.length > 8) return null;
      return `${siteId(site)} ${protocol}://${authority}${url} ${country} ${language}`;
    },
    generation: (site) => cacheGeneration(scopeOf(site)),
    get(key, nonce) {
      const page = pages.get(key);
      if (!page) {
        pageCacheMiss();
        return null;
      }
      if (page.generation !== cacheGeneration(page.scope)) {
        pages.delete(key);
        pageCacheMiss();
        return null;
      }
      pageCacheHit();
      return { status: page.status, headers: page.headers, body: page.parts.join(nonce) };
    },
    offer(key, site, generation, nonce, status, headers, body) {
      if (status !== 200 || headers.has("set-cookie") || /no-store/.test(headers.get("cache-control") ?? "")) return;
      if (!(headers.get("content-type") ?? "").startsWith("text/html")) return;
      const kept: [string, string][] = [];
      for (const [name, value] of headers) if (name !== "content-length") kept.push([name, value]);
      pages.set(key, { generation, scope: scopeOf(site), status, headers: kept, parts: body.split(nonce) });
    },
  };
}
