import type { Site } from "#app/tenancy/site-schema.ts";

/**
 * Spec section 4: search is visible when the visitor is logged in, or the site's
 * logged_out_search is not none, or its traffic-source setting is not none and the visitor
 * arrived with a traffic source.
 */
export function searchVisible(site: Pick<Site, "logged_out_search" | "logged_out_search_trafficsource">, loggedIn: boolean, hasTrafficSource: boolean) {
  return loggedIn || site.logged_out_search !== "none" || (site.logged_out_search_trafficsource !== "none" && hasTrafficSource);
}

/**
 * Spec section 6: a visitor's search is limited: the first page of results (filters as the site
 * offers them), then an invitation to sign up; members page on. The pages a request may read.
 */
export function searchPages(state: { page: number; upto: number }, loggedIn: boolean): { from: number; to: number; limited: boolean } {
  if (!loggedIn) return { from: 1, to: 1, limited: true };
  return { from: state.upto ? 1 : state.page, to: state.upto || state.page, limited: false };
}
