import type { MiddlewareFunction } from "react-router";
import { siteContext } from "#app/tenancy/context.ts";
import { recordArrival } from "./tracking.server.ts";

/** Stores the tracking parameters of an arrival (document requests only). */
export const trackingMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const cookie = request.method === "GET" ? await recordArrival(request, context.get(siteContext).key) : null;
  const response = await next();
  if (cookie) response.headers.append("Set-Cookie", cookie);
  return response;
};
