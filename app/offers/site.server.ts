// The site an offers-console page works on: named in the URL (?site=key), else the site whose host
// the console is open on. Every id a form sends is then checked against this site by the domain
// functions, so a change never reaches another site's packages or codes.
import type { RouterContextProvider } from "react-router";
import { siteContext } from "#app/tenancy/context.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { errorResponse } from "#app/utils/request.server.ts";

export function offerSite(request: Request, context: Readonly<RouterContextProvider>) {
  const asked = new URL(request.url).searchParams.get("site");
  const site = asked ? getSiteRegistry().byKey.get(asked) : context.get(siteContext);
  if (!site) throw errorResponse(context, 404, "staff.offers.errors.siteNotFound");
  return site;
}

/** The sites to choose from, by name. */
export const offerSites = () =>
  getSiteRegistry()
    .sites.map((s) => ({ key: s.key, name: s.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
