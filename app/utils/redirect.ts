// Where a "come back afterwards" parameter may send the browser: a path on this same origin.
// The target is resolved with the URL API (the WHATWG parser browsers use) against the request's
// origin, and the answer is a path the browser resolves back to that same URL. Resolving alone is
// not enough: "/.//evil.example" resolves on our origin to the path "//evil.example", which a
// browser reads from a Location header as another host. So the path sent must come back to the
// URL that was checked; anything else (other hosts, "javascript:", control characters the parser
// drops or encodes) falls back.

const MAX_LENGTH = 2000;

/** A same-origin path (path, query, hash) for `target`, or `fallback`. */
export function safeRedirectPath(target: unknown, request: Request, fallback = "/") {
  if (typeof target !== "string" || target === "" || target.length > MAX_LENGTH) return fallback;
  const origin = new URL(request.url).origin;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || url.username || url.password) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith("/") || path.startsWith("//") || new URL(path, origin).href !== url.href) return fallback;
  return path;
}
