// The `back` parameter the checkout's pages pass on (validated on the server by return-to.server.ts).
// Browser-safe: the pages build their links with it.
import { useLocation } from "react-router";

/** `path` with `back` added to its query (or unchanged without one). */
export function withBack(path: string, back: string | null) {
  if (!back) return path;
  return `${path}${path.includes("?") ? "&" : "?"}back=${encodeURIComponent(back)}`;
}

/** The checkout's own pages: a purchase started there has no page to return to. */
const CHECKOUT = /^\/(credits|payments|test-pay|directdebit)(\/|$)/;

/** "Buy credits" from wherever the member is: the packages, with the way back to this page. */
export function useBuyCreditsLink() {
  const { pathname, search } = useLocation();
  return CHECKOUT.test(pathname) ? "/credits" : withBack("/credits", pathname + search);
}
