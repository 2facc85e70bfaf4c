// Interface languages and which of them a visitor's country sees (spec sections 1 and 9).
export const LOCALES = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;
export type Locale = (typeof LOCALES)[number];
export const isLocale = (v: unknown): v is Locale => LOCALES.includes(v as Locale);

/** Each language names itself, so the switcher reads the same in every locale. */
export const LOCALE_NAMES: Record<Locale, string> = {
  da: "Dansk",
  de: "Deutsch",
  en: "English",
  es: "Español",
  fi: "Suomi",
  fr: "Français",
  it: "Italiano",
  nb: "Norsk bokmål",
  nl: "Nederlands",
  pl: "Polski",
  sv: "Svenska",
};

const COUNTRY_LANGUAGES: Record<string, Locale[]> = {
  US: ["en", "es"],
  NL: ["nl"],
  BE: ["nl", "fr", "de"],
  FR: ["fr"],
  IT: ["it"],
  ES: ["es"],
  DE: ["de"],
  AT: ["de"],
  IE: ["en"],
  GB: ["en"],
  CA: ["en", "fr"],
  PL: ["pl"],
  AU: ["en"],
  NZ: ["en"],
  CH: ["de", "it", "fr", "en"],
  DK: ["da"],
  FI: ["fi", "sv"],
  NO: ["nb"],
  SE: ["sv"],
};

/**
 * The locales a visitor sees in the switcher: the site's, narrowed to the languages of the
 * visitor's country when that leaves any, otherwise all of the site's; the language the page is
 * shown in is always among them (an English browser in the Netherlands sees English and Dutch).
 */
export function visibleLocales(siteLocales: readonly Locale[], country: string | null, current?: Locale): Locale[] {
  const spoken = country ? COUNTRY_LANGUAGES[country] : undefined;
  if (!spoken || !siteLocales.some((l) => spoken.includes(l))) return [...siteLocales];
  return siteLocales.filter((l) => spoken.includes(l) || l === current);
}

export const LOCALE_COOKIE = "lng";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
