// How money, countries and times read for a member: in their language's format, with Intl's own
// data (no catalogues or tables of our own). Used on the server and in the browser alike, so the
// two write the same text.

// An Intl formatter costs far more to build than to use (a chat thread built three per message and
// spent a tenth of its render there): each one is built once per locale and options and kept.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function kept<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    if (formatters.size > 5000) formatters.clear(); // locales and zones are few: a bound, not a policy
    formatters.set(key, (formatter = build()));
  }
  return formatter;
}
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  kept(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
const relativeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions) =>
  kept(`r|${locale}|${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(locale, options));

/** Money: the locale's format, the amount's currency. */
export const formatMoney = (cents: number, currency: string, locale: string) =>
  kept(`m|${locale}|${currency}`, () => new Intl.NumberFormat(locale, { style: "currency", currency })).format(cents / 100);

/** Country names per language, each looked up once (an Intl.DisplayNames per card cost a list of cards a tenth of its render, and each lookup is a call into ICU). */
const regionNames = new Map<string, Map<string, string>>();

/** A country's name in the member's language; the code itself when Intl has no name for it. */
export function countryName(code: string, locale: string) {
  if (!/^[A-Z]{2}$/.test(code)) return lookUpCountryName(code, locale); // kept: at most 676 codes per language
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Map()));
  let name = names.get(code);
  if (name === undefined) names.set(code, (name = lookUpCountryName(code, locale)));
  return name;
}

function lookUpCountryName(code: string, locale: string) {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The locale tag to format times with: the language plus the member's country when Intl knows
 * the pair (en-NL writes 24-hour time, en-US 12-hour). */
export function localeTag(language: string, country: string | null | undefined) {
  const tag = country ? `${language}-${country}` : language;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length ? tag : language;
  } catch {
    return language;
  }
}

const offsetAt = (timeZone: string, at: Date) =>
  dateFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;

const countryZones = new Map<string, string | null>();

/**
 * The one time-zone rule. Members have no time zone of their own: their profile's country stands
 * in for it when the country keeps one clock. That is the country's zone when Intl names one, or
 * several that keep the same time all year (DE: Berlin and Büsingen), or, where the others are
 * islands or exclaves, the one in Europe (ES: Madrid, not the Canaries or Ceuta; PT: Lisbon). A
 * country spanning several clocks (US, CA, AU, NZ, …) has none: we do not guess.
 * Quiet hours, the swipe game's "resumes at" and transaction dates all read it.
 */
export function countryTimeZone(country: string | null | undefined): string | null {
  if (!country) return null;
  if (countryZones.has(country)) return countryZones.get(country)!;
  let zone: string | null = null;
  try {
    const zones = (new Intl.Locale(`und-${country}`) as Intl.Locale & { timeZones?: string[] }).timeZones ?? [];
    const [winter, summer] = [new Date(Date.UTC(2025, 0, 15)), new Date(Date.UTC(2025, 6, 15))];
    const clocks = new Set(zones.map((z) => `${offsetAt(z, winter)} ${offsetAt(z, summer)}`));
    const european = zones.filter((z) => z.startsWith("Europe/"));
    zone = clocks.size === 1 ? zones[0]! : european.length === 1 ? european[0]! : null;
  } catch {
    zone = null;
  }
  countryZones.set(country, zone);
  return zone;
}

/** The zone a member's times are written in: their country's, else UTC. */
export const memberTimeZone = (country: string | null | undefined) => countryTimeZone(country) ?? "UTC";

/** A moment with date and time, as in the member's transactions. */
export const formatDateTime = (at: Date, locale: string, timeZone: string) =>
  dateFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(at);

/** A calendar date kept in UTC (terms dates, an export's day): the same day for every reader. */
export const formatUtcDate = (at: Date | string, locale: string) => dateFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(at));

/**
 * A time of day as the member's language writes it (de "09:05", en-US "9:05 AM", fi "9.05"): one
 * format for every chat time, so a list never mixes "09:05" with "9:05". `timeZone` undefined: the browser's.
 */
export const formatClock = (at: Date | string, locale: string, timeZone?: string) =>
  dateFormat(locale, { timeStyle: "short", ...(timeZone ? { timeZone } : {}) }).format(new Date(at));

/** "Tuesday 14:05": a weekday and time in the given zone. */
export const formatWeekdayTime = (at: Date | string, locale: string, timeZone: string) =>
  dateFormat(locale, { weekday: "long", hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(at));

const AGO_UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  // unit, its length in seconds, used below this many seconds
  ["minute", 60, 3600],
  ["hour", 3600, 86_400],
  ["day", 86_400, 7 * 86_400],
  ["week", 7 * 86_400, 30 * 86_400],
  ["month", 30 * 86_400, 365 * 86_400],
  ["year", 365 * 86_400, Infinity],
];

/** "5 minutes ago", "yesterday", "3 weeks ago" ("5 min. ago" in the short style): how long ago a moment was, in the largest unit that fits. */
export function formatAgo(at: Date | string, locale: string, now = Date.now(), style: Intl.RelativeTimeFormatStyle = "long") {
  const seconds = Math.max(0, (now - new Date(at).getTime()) / 1000);
  const [unit, length] = AGO_UNITS.find(([, , below]) => seconds < below)!;
  return relativeFormat(locale, { numeric: "auto", style }).format(-Math.floor(seconds / length), unit);
}

/** The calendar day of a moment in a zone, as "2026-11-28" (undefined zone: the browser's). */
export function dayKey(at: Date | string, timeZone?: string) {
  const date = new Date(at);
  if (timeZone === "UTC") return date.toISOString().slice(0, 10);
  return dateFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/** Whole calendar days from a moment's day to today's, in a zone (0 today, 1 yesterday). */
const daysAgo = (at: Date | string, timeZone: string | undefined, now: number) =>
  Math.round((Date.parse(dayKey(new Date(now), timeZone)) - Date.parse(dayKey(at, timeZone))) / 86_400_000);

/** A chat's day heading: "today", "yesterday", the weekday this week, else the date (with the year when long ago). */
export function formatDay(at: Date | string, locale: string, timeZone?: string, now = Date.now()) {
  const days = daysAgo(at, timeZone, now);
  if (days >= 0 && days <= 1) return relativeFormat(locale, { numeric: "auto" }).format(-days, "day");
  return dateFormat(locale, {
    timeZone,
    weekday: days < 7 ? "long" : undefined,
    day: "numeric",
    month: "long",
    year: days > 300 ? "numeric" : undefined,
  }).format(new Date(at));
}

/** A conversation list's time: the time today, the weekday this week, else the date. */
export function formatListMoment(at: Date | string, locale: string, timeZone?: string, now = Date.now()) {
  const days = daysAgo(at, timeZone, now);
  if (days <= 0) return formatClock(at, locale, timeZone);
  return dateFormat(locale, days < 7 ? { timeZone, weekday: "short" } : { timeZone, day: "numeric", month: "short" }).format(new Date(at));
}
