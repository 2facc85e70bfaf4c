// The `back` parameter the checkout's pages pass on (validated on the server by return-to.server.ts).
// Browser-safe: the pages build their links with it.

/** `path` with `back` added to its query (or unchanged without one). */
export function withBack(path: string, back: string | null) {
  if (!back) return path;
  return `${path}${path.includes("?") ? "&" : "?"}back=${encodeURIComponent(back)}`;
}
