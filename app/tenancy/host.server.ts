// The one place that reads the request's host. Parses it as a URL authority (the URL API: a port
// above 65535, a broken IPv6 literal or junk is no host at all, a 400), normalises it (lower case,
// port and a leading "www." dropped) and finds the site serving it.
import type { Site } from "./site-schema.ts";
import type { SiteRegistry } from "./site-registry.server.ts";

/** What the URL parser would read as userinfo, path, query or fragment, or silently drop. */
const NOT_AN_AUTHORITY = /[/\\@?#\s]/;

/** A Host header as the URL API reads it: `authority` is host[:port] as a URL carries it. */
function parseAuthority(raw: string): { hostname: string; authority: string } | null {
  if (!raw || raw.length > 300 || NOT_AN_AUTHORITY.test(raw)) return null;
  try {
    const url = new URL(`http://${raw}`);
    return { hostname: url.hostname, authority: url.host };
  } catch {
    return null;
  }
}

export function normaliseHost(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const parsed = parseAuthority(raw.split(",")[0]!.trim());
  return parsed ? hostOf(parsed.hostname) : null;
}

const hostOf = (hostname: string) => hostname.replace(/\.$/, "").replace(/^www\./, "") || null;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export interface HostHeaders {
  host?: string | null;
  forwardedHost?: string | null;
}

export interface ResolvedSite {
  site: Site;
  /** The normalised host the request was made to. */
  host: string;
  /** host[:port] as the client sent it, normalised by the URL API: the origin of the request's URL. */
  authority: string;
  /** a loopback address in development or with the embedded database: no domain of the site, its first site stands in */
  standIn?: true;
}

/** A site; null for a host no site serves (404); "invalid" for a Host that is not a host name (400). */
export function resolveSite(
  registry: SiteRegistry,
  headers: HostHeaders,
  options: { trustProxy: boolean; development: boolean },
): ResolvedSite | "invalid" | null {
  const raw = ((options.trustProxy && headers.forwardedHost) || headers.host || "").split(",")[0]!.trim();
  const parsed = parseAuthority(raw);
  if (!parsed) return "invalid";
  const host = hostOf(parsed.hostname);
  if (!host) return "invalid";
  const site = registry.byHost.get(host);
  if (site) return { site, host, authority: parsed.authority };
  const standIn = options.development && LOOPBACK.has(host) ? registry.sites[0] : undefined;
  return standIn ? { site: standIn, host, authority: parsed.authority, standIn: true } : null;
}

/**
 * Spec section 7: GET /api/settings.php carries "the request host as a forced domain" (`domain`),
 * for a caller that reaches the app at an address of its own (a server rendering pages for a
 * site). That domain's site answers when the request's own host serves no site (an internal
 * address, or the loopback stand-in) or the same one; a request to one brand's domain never
 * answers about another (that would tell which brands share a deployment).
 */
export function forcedSite(registry: SiteRegistry, resolved: ResolvedSite | null, domain: string | null): ResolvedSite | null {
  if (!domain) return resolved;
  const host = normaliseHost(domain);
  const site = host ? registry.byHost.get(host) : undefined;
  if (!site || (resolved && !resolved.standIn && resolved.site !== site)) return resolved;
  return { site, host: host!, authority: host! };
}
