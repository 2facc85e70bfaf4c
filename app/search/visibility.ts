import type { Site } from "#app/tenancy/site-schema.ts";

/**
 * Spec section 4: search is visible when the visitor is logged in, or the site's
 * logged_out_search is not none, or its traffic-source setting is not none and the visitor
 * arrived with a traffic source.
 */
export function searchVisible(site: Pick<Site, "logged_out_search" | "logged_out_search_trafficsource">, loggedIn: boolean, hasTrafficSource: boolean) {
  return loggedIn || site.logged_out_search !== "none" || (site.logged_out_search_trafficsource !== "none" && hasTrafficSource);
}
