import type { RouterContextProvider } from "react-router";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { canonicalDomain } from "#app/tenancy/site-schema.ts";

/**
 * What account actions need about the request: site, language, visitor and the origin for mail
 * links: the site's canonical domain (whichever domain the member used) with the request's scheme and port.
 */
export function requestInfo(request: Request, context: Readonly<RouterContextProvider>) {
  const site = context.get(siteContext);
  const url = new URL(request.url);
  return {
    site,
    locale: context.get(localeContext).locale,
    t: context.get(localeContext).t,
    visitor: context.get(visitorContext),
    origin: `${url.protocol}//${canonicalDomain(site)}${url.port ? `:${url.port}` : ""}`,
  };
}
