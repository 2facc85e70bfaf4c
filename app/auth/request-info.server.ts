import type { RouterContextProvider } from "react-router";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";

/** What account actions need about the request: site, language, visitor and the URL origin for mail links. */
export function requestInfo(request: Request, context: Readonly<RouterContextProvider>) {
  return {
    site: context.get(siteContext),
    locale: context.get(localeContext).locale,
    t: context.get(localeContext).t,
    visitor: context.get(visitorContext),
    origin: new URL(request.url).origin,
  };
}
