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
  if (origin !== null) {
    try {
      return new URL(origin).host === url.host;
    } catch {
      return false; // "null" from sandboxed frames and privacy redirects, or junk
    }
  }
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

export const requestGuardMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (!readableUrl(url)) throw errorResponse(context, 400);
  if (!SAFE_METHODS.has(request.method) && !fromSameOrigin(request, url)) throw errorResponse(context, 403, "messages.crossSite");
  return next();
};
