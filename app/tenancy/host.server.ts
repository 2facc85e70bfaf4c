// The one place that reads the request's host. Normalises it (lower case, port and a leading
// "www." dropped) and finds the site serving it.
import type { Site } from "./site-schema.ts";
import type { SiteRegistry } from "./site-registry.server.ts";

export function normaliseHost(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let host = raw.split(",")[0]!.trim().toLowerCase();
  if (host.startsWith("["))
    host = host.slice(0, host.indexOf("]") + 1); // IPv6 literal
  else host = host.replace(/:\d+$/, "");
  host = host.replace(/\.$/, "").replace(/^www\./, "");
  return host || null;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export interface HostHeaders {
  host?: string | null;
  forwardedHost?: string | null;
}

export interface ResolvedSite {
  site: Site;
  /** The normalised host the request was made to. */
  host: string;
  /** The host as the client sent it, port included: the origin of the request's URL. */
  authority: string;
}

export function resolveSite(registry: SiteRegistry, headers: HostHeaders, options: { trustProxy: boolean; development: boolean }): ResolvedSite | null {
  const raw = ((options.trustProxy && headers.forwardedHost) || headers.host || "").split(",")[0]!.trim();
  const host = normaliseHost(raw);
  if (!host) return null;
  const site = registry.byHost.get(host) ?? (options.development && LOOPBACK.has(host) ? registry.sites[0] : undefined);
  return site ? { site, host, authority: raw.toLowerCase() } : null;
}
