import type { MiddlewareFunction } from "react-router";
import { siteContext } from "#app/tenancy/context.ts";
import { resolveVisit, visitContext } from "./tracking.server.ts";

/** Finds (or, for an arrival with tracking parameters, stores) the visit and puts it in the context. */
export const trackingMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { visit, cookie } = await resolveVisit(request, context.get(siteContext).key);
  context.set(visitContext, visit);
  const response = await next();
  if (cookie) response.headers.append("Set-Cookie", cookie);
  return response;
};
