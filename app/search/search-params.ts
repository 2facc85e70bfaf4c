// The members search state (spec section 3): gender, country, countryregion, min_age,
// max_age and the page; parsed from the URL with the site's niche deciding the defaults.
import { z } from "zod";
import { nichePrefix, type Site } from "#app/tenancy/site-schema.ts";

export const MIN_AGE = 18;
export const MAX_AGE = 99;
export const PAGE_SIZE = 24;
const MAX_PAGE = 50;

export interface SearchDefaults {
  gender: "male" | "female";
  minAge: number;
  maxAge: number;
}

/** The niche sets who a site shows first; a member's own "seeking" wins on general sites. */
export function searchDefaults(site: Pick<Site, "niche">, seeking: "male" | "female" | null): SearchDefaults {
  switch (nichePrefix(site)) {
    case "gay":
      return { gender: "male", minAge: MIN_AGE, maxAge: 75 };
    case "milf":
      return { gender: "female", minAge: 35, maxAge: 75 };
    case "gilf":
      return { gender: "female", minAge: 55, maxAge: 99 };
    case "she":
    case "bbw":
      return { gender: "female", minAge: MIN_AGE, maxAge: 75 };
    default:
      return { gender: seeking ?? "female", minAge: MIN_AGE, maxAge: 75 };
  }
}

// Built once at module load, not per request: a search is parsed on every /members page.
const age = z.coerce.number().int().min(MIN_AGE).max(MAX_AGE);
const genderSchema = z.enum(["male", "female"]);
const regionSchema = z.string().trim().max(100).nullable();
const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE);
/** A site's countries as a schema, made once per site configuration. */
const countrySchemas = new WeakMap<readonly string[], z.ZodType<string | null>>();
function countrySchema(countries: readonly string[]) {
  let schema = countrySchemas.get(countries);
  if (!schema) countrySchemas.set(countries, (schema = z.enum(countries as [string, ...string[]]).nullable()));
  return schema;
}

/** The value when it passes the schema, otherwise the fallback (zod's `.catch`, without a new schema per call). */
function valueOr<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const result = schema.safeParse(value);
  return result.success ? result.data : fallback;
}

export function parseSearch(url: URL, site: Pick<Site, "niche" | "countries">, seeking: "male" | "female" | null) {
  const d = searchDefaults(site, seeking);
  const q = url.searchParams;
  const gender = valueOr(genderSchema, q.get("gender") ?? undefined, d.gender);
  const country = valueOr(countrySchema(site.countries), q.get("country") || null, null);
  const region = country ? valueOr(regionSchema, q.get("countryregion") || null, null) : null;
  let minAge = valueOr(age, q.get("min_age") ?? undefined, d.minAge);
  let maxAge = valueOr(age, q.get("max_age") ?? undefined, d.maxAge);
  if (minAge > maxAge) [minAge, maxAge] = [maxAge, minAge];
  const page = valueOr(pageSchema, q.get("page") ?? undefined, 1);
  const upto = valueOr(pageSchema, q.get("upto") ?? undefined, 0);
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
