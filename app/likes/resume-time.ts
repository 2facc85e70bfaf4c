// "The game resumes on Tuesday 14:05": in the member's language with the time format of their
// country (en-NL writes 24-hour time, en-US 12-hour), in the time zone of their country on the
// server and the browser's own zone once the page runs.

/** The locale tag to format with: language plus the member's country when Intl knows the pair. */
export function localeTag(language: string, country: string | null) {
  const tag = country ? `${language}-${country}` : language;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length ? tag : language;
  } catch {
    return language;
  }
}

/** The first time zone of a country (the server's guess before the browser knows better). */
export function countryTimeZone(country: string | null): string {
  if (!country) return "UTC";
  try {
    const zones = (new Intl.Locale(`und-${country}`) as Intl.Locale & { timeZones?: string[] }).timeZones;
    // the European zone of countries that span several (ES: Madrid, not Ceuta; PT: Lisbon)
    return zones?.find((z) => z.startsWith("Europe/")) ?? zones?.[0] ?? "UTC";
  } catch {
    return "UTC";
  }
}

export function formatResume(at: Date | string, tag: string, timeZone?: string) {
  return new Intl.DateTimeFormat(tag, { weekday: "long", hour: "2-digit", minute: "2-digit", ...(timeZone ? { timeZone } : {}) }).format(new Date(at));
}
