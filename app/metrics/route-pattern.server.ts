// The React Router pattern a request matched ("/members/:id/chat"), for the metrics' route label:
// the server entry puts a holder in the router context, the root middleware fills it in. A
// pattern, never the URL, so the series stay as few as the routes.
import { createContext, type MiddlewareFunction } from "react-router";
import { singleton } from "#app/utils/singleton.ts";

export interface RoutePattern {
  pattern: string | null;
}

export const routePatternContext = singleton("routePatternContext", () => createContext<RoutePattern | null>(null));

export const routePatternMiddleware: MiddlewareFunction<Response> = ({ context, pattern }) => {
  const holder = context.get(routePatternContext);
  // React Router joins the matched paths without a leading slash ("members/:id"); the home page is "/"
  if (holder) holder.pattern = pattern.startsWith("/") ? pattern : `/${pattern}`;
};
