// What a visitor's home page says and shows, from the site file's `home` block (site-schema.ts):
// the hero's look, headline and sub-line in the visitor's language, the drawn pictures of a hero
// without member faces, and the feature highlights in the file's order. The site file's words win;
// a feature without its own words reads the catalogue's (home.features.<key>), which every
// language has.
import type { Locale } from "#app/i18n/locales.ts";
import { localizedText } from "#app/tenancy/settings.server.ts";
import { DEFAULT_HOME_FEATURES, nichePrefix, type Site } from "#app/tenancy/site-schema.ts";

export function homeContent(site: Site, locale: Locale) {
  const { home } = site;
  return {
    style: home.style,
    /** null: the page's title (index_title) and description stand in, as the root loader has them */
    headline: home.headline ? localizedText(home.headline, locale, site.name) : null,
    copy: home.copy ? localizedText(home.copy, locale, "") : null,
    features: (home.features ?? DEFAULT_HOME_FEATURES).map((f) => ({
      key: f.key,
      icon: f.icon,
      title: "title" in f ? (f.title[locale] ?? null) : null,
      body: "body" in f ? (f.body[locale] ?? null) : null,
    })),
  };
}

/** Drawn portraits (scripts/dev/home-illustrations.ts), nobody's photo: the faces of a home page that may show no members. */
export function illustrationsOf(site: Pick<Site, "niche" | "home">) {
  const prefix = nichePrefix(site);
  const set = site.home.illustrations ?? (prefix === "gay" ? "gay" : prefix === "milf" || prefix === "gilf" ? "milf" : "general");
  return [1, 2, 3, 4].map((n) => `/home/${set}-${n}.svg`);
}
