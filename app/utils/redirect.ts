// Where a "come back afterwards" parameter may send the browser: a path on this same origin.
// Parsed with the URL API against the request's origin, so tricks the parser would resolve
// elsewhere ("//evil", "/\tevil", "/%09/evil", "\\evil") fall back, and the result carries no
// control characters that could split a Location header.

/** A same-origin path (path, query, hash) for `target`, or `fallback`. */
export function safeRedirectPath(target: unknown, request: Request, fallback = "/") {
  if (typeof target !== "string" || !target.startsWith("/") || target.length > 2000) return fallback;
  const origin = new URL(request.url).origin;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return fallback;
  }
  return url.origin === origin ? url.pathname + url.search + url.hash : fallback;
}
