// One lander page: which design, which content (the site's niche content set and the slug), and
// which profiles (the site's pool, under the site's logged-out search rule, through app/search).
import type { Locale } from "#app/i18n/locales.ts";
import { partnerOffers } from "#app/partners/offers.server.ts";
import { recentFaces } from "#app/search/search.server.ts";
import { searchDefaults } from "#app/search/search-params.ts";
import { searchVisible } from "#app/search/visibility.ts";
import { nichePrefix, type Site } from "#app/tenancy/site-schema.ts";
import { contentSetFor, isLanderName, SLUG, type LanderName } from "./lander-config.server.ts";

const LANDER_PROFILES = 12;
const DEFAULT_HERO = { image: "/landers/hero.svg", poster: "/landers/video-poster.svg" };

export interface LanderRequest {
  site: Site;
  locale: Locale;
  name: string | undefined;
  slug: string | undefined;
  loggedIn: boolean;
  trafficSource: boolean;
}

/** The page's content, or null for an unknown design or slug (a 404). */
export async function landerPage(r: LanderRequest) {
  if (!isLanderName(r.name)) return null;
  const name: LanderName = r.name;
  const prefix = nichePrefix(r.site);
  const set = contentSetFor(prefix);
  let slug = null as (typeof set.slugs)[string] | null;
  if (r.slug !== undefined) {
    if (!SLUG.test(r.slug) || !Object.hasOwn(set.slugs, r.slug)) return null;
    slug = set.slugs[r.slug]!;
    if (slug.landers && !slug.landers.includes(name)) return null;
  }
  const defaults = searchDefaults(r.site, null);
  const filter = slug?.filter ?? {};
  const state = {
    gender: filter.gender ?? defaults.gender,
    country: null,
    region: filter.region ?? null,
    minAge: filter.min_age ?? defaults.minAge,
    maxAge: filter.max_age ?? defaults.maxAge,
  };
  const visible = searchVisible(r.site, r.loggedIn, r.trafficSource);
  const { profiles, total } = visible ? await recentFaces(r.site, { ...state, page: 1, upto: 0 }, LANDER_PROFILES) : { profiles: [], total: 0 };
  const hero = { ...DEFAULT_HERO, ...set.hero, ...slug?.hero };
  return {
    name,
    slug: r.slug ?? null,
    niche: prefix,
    /** the marketer's wording in the visitor's language; null: the catalogue's default */
    text: slug?.text[r.locale] ?? null,
    gender: state.gender,
    hero,
    profiles,
    total,
    /** partner offers (cam, resell) where the design shows profile cards */
    partnerOffers: visible ? partnerOffers(r.site, r.locale) : [],
  };
}

export type LanderPage = NonNullable<Awaited<ReturnType<typeof landerPage>>>;
