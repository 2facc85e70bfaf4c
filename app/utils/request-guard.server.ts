// Root middleware for every page, data request and API call: a URL we cannot read, or a
// state-changing request that another site's page made the browser send, stops here.
import type { MiddlewareFunction } from "react-router";
import { getEnv } from "./env.server.ts";
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

/** The address of this site as the browser sees it: the request's scheme, host and port. */
type OwnAddress = Pick<URL, "host" | "protocol">;

/**
 * This site's origin as the browser names it: https when the public site is HTTPS (TLS ends at a
 * proxy, so the request itself arrives over http) or when a trusted proxy says so (the request URL
 * is built from express's req.protocol, which reads X-Forwarded-Proto only from trusted hops).
 * The URL API drops a scheme's default port (80, 443), as browsers do in Origin.
 */
function ownOrigin(url: OwnAddress) {
  const scheme = getEnv().HTTPS ? "https:" : url.protocol;
  return new URL(`${scheme}//${url.host}`).origin;
}

/** Origin or Referer names exactly this site: scheme, host and port (a sibling port or plain http is another site). */
const sameOrigin = (value: string, url: OwnAddress) => {
  try {
    return new URL(value).origin === ownOrigin(url);
  } catch {
    return false;
  }
};

/**
 * Same origin when the browser says so: Origin names this site, or (browsers that send no Origin)
 * Sec-Fetch-Site is same-origin or none. A request with neither header comes from a program,
 * not from a page another site controls, and passes.
 */
export function fromSameOrigin(request: { headers: Pick<Headers, "get"> }, url: OwnAddress) {
  const origin = request.headers.get("origin");
  // "null" from sandboxed frames and privacy redirects, or junk, is not this site
  if (origin !== null) return sameOrigin(origin, url);
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

/**
 * For the one GET that changes state (the spec's GET /api/logout.php): any page can make a
 * browser send a GET (an <img>, a link), so it needs the browser's word that this site's own page
 * (or the visitor, typing or bookmarking the address) sent it. Sec-Fetch-Site decides where the
 * browser sends it; older browsers are judged by Origin, then Referer. Without any of them: no.
 */
export function fromOwnPage(request: { headers: Pick<Headers, "get"> }, url: OwnAddress) {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  const origin = request.headers.get("origin");
  if (origin !== null) return sameOrigin(origin, url);
  const referer = request.headers.get("referer");
  return referer !== null && sameOrigin(referer, url);
}

export const requestGuardMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (!readableUrl(url)) throw errorResponse(context, 400);
  if (!SAFE_METHODS.has(request.method) && !fromSameOrigin(request, url)) throw errorResponse(context, 403, "messages.crossSite");
  return next();
};
