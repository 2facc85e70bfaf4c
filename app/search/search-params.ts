// The members search state (spec section 3): gender, country, countryregion, min_age,
// max_age and the page; parsed from the URL with the site's niche deciding the defaults.
import { z } from "zod";
import { nichePrefix, type Site } from "#app/tenancy/site-schema.ts";

export const MIN_AGE = 18;
export const MAX_AGE = 99;
export const PAGE_SIZE = 24;
export const MAX_PAGE = 50;

export interface SearchDefaults { gender: "male" | "female"; minAge: number; maxAge: number }

/** The niche sets who a site shows first; a member's own "seeking" wins on general sites. */
export function searchDefaults(site: Pick<Site, "niche">, seeking: "male" | "female" | null): SearchDefaults {
  switch (nichePrefix(site)) {
    case "gay": return { gender: "male", minAge: MIN_AGE, maxAge: 75 };
    case "milf": return { gender: "female", minAge: 35, maxAge: 75 };
    case "gilf": return { gender: "female", minAge: 55, maxAge: 99 };
    case "she": case "bbw": return { gender: "female", minAge: MIN_AGE, maxAge: 75 };
    default: return { gender: seeking ?? "female", minAge: MIN_AGE, maxAge: 75 };
  }
}

const age = z.coerce.number().int().min(MIN_AGE).max(MAX_AGE);

export function parseSearch(url: URL, site: Pick<Site, "niche" | "countries">, seeking: "male" | "female" | null) {
  const d = searchDefaults(site, seeking);
  const q = url.searchParams;
  const gender = z.enum(["male", "female"]).catch(d.gender).parse(q.get("gender") ?? undefined);
  const country = z.enum(site.countries as [string, ...string[]]).nullable().catch(null).parse(q.get("country") || null);
  const region = country ? z.string().trim().max(100).nullable().catch(null).parse(q.get("countryregion") || null) : null;
  let minAge = age.catch(d.minAge).parse(q.get("min_age") ?? undefined);
  let maxAge = age.catch(d.maxAge).parse(q.get("max_age") ?? undefined);
  if (minAge > maxAge) [minAge, maxAge] = [maxAge, minAge];
  const page = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).parse(q.get("page") ?? undefined);
  const upto = z.coerce.number().int().min(1).max(MAX_PAGE).catch(0).parse(q.get("upto") ?? undefined);
  return { gender, country, region, minAge, maxAge, page, upto };
}

export type SearchState = ReturnType<typeof parseSearch>;

/** The query string of a search, without defaults-only noise, for links. */
export function searchQuery(s: Pick<SearchState, "gender" | "country" | "region" | "minAge" | "maxAge">, extra: Record<string, string | number> = {}) {
  const q = new URLSearchParams({ gender: s.gender, min_age: String(s.minAge), max_age: String(s.maxAge) });
  if (s.country) q.set("country", s.country);
  if (s.region) q.set("countryregion", s.region);
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  return q.toString();
}
