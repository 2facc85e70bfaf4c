// Root middleware for every page, data request and API call: a URL we cannot read, or a
// state-changing request that another site's page made the browser send, stops here.
import type { MiddlewareFunction } from "react-router";
import { errorResponse, hasNul } from "./request.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function readableUrl(url: URL) {
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  if (hasNul(decodeURIComponent(url.pathname))) return false;
  for (const [name, value] of url.searchParams) if (hasNul(name) || hasNul(value)) return false;
  return true;
}

/**
 * Same origin when the browser says so: Origin names this host, or (browsers that send no Origin)
 * Sec-Fetch-Site is same-origin or none. A request with neither header comes from a program,
 * not from a page another site controls, and passes.
 */
export function fromSameOrigin(request: { headers: Pick<Headers, "get"> }, url: Pick<URL, "host">) {
  const origin = request.headers.get("origin");
  // "null" from sandboxed frames and privacy redirects, or junk, is not this host
  if (origin !== null) return sameHost(origin, url);
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

const sameHost = (value: string, url: Pick<URL, "host">) => {
  try {
    return new URL(value).host === url.host;
  } catch {
    return false;
  }
};

/**
 * For the one GET that changes state (the spec's GET /api/logout.php): any page can make a
 * browser send a GET (an <img>, a link), so it needs the browser's word that this site's own page
 * (or the visitor, typing or bookmarking the address) sent it. Sec-Fetch-Site decides where the
 * browser sends it; older browsers are judged by Origin, then Referer. Without any of them: no.
 */
export function fromOwnPage(request: { headers: Pick<Headers, "get"> }, url: Pick<URL, "host">) {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  const origin = request.headers.get("origin");
  if (origin !== null) return sameHost(origin, url);
  const referer = request.headers.get("referer");
  return referer !== null && sameHost(referer, url);
}

export const requestGuardMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (!readableUrl(url)) throw errorResponse(context, 400);
  if (!SAFE_METHODS.has(request.method) && !fromSameOrigin(request, url)) throw errorResponse(context, 403, "messages.crossSite");
  return next();
};
