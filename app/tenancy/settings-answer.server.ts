// The answer of GET /api/settings.php: the site's settings in the visitor's language, and the
// language cookie from the site's domain_language unless the visitor already chose one of the
// site's languages (the language switcher's choice is not overwritten). It needs no session,
// so the HTTP host answers it before React Router (server/settings-endpoint.ts).
//
// minimum_message_costs is what a message costs in each of the site's countries, derived from
// the packages in the database as the chat and /pricing charge it (messagePrices), not the site
// file's figures. They are kept per site beside the bodies and read again in the background (the
// kept ones answer meanwhile) after a visible write (at most once a second) and once a minute
// (a change from outside the app).
import { createHash } from "node:crypto";
import { chosenLocale, detectLocale, getFixedT, localeCookieHeader } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { messagePrices } from "#app/payments/message-price.server.ts";
import { cacheGeneration } from "#app/utils/cache.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import type { Site } from "./site-schema.ts";
import { domainLocale, siteSettings, type MessageCosts } from "./settings.server.ts";

export interface SettingsQuestion {
  cookie: string | null;
  acceptLanguage: string | null;
  /** the visitor's country from the CDN, already checked */
  geoCountry: string | null;
  /** ?country= */
  selectedCountry: string | null;
}

export interface SettingsAnswer {
  /** the JSON body, serialised once per site, language and country pair */
  json: string;
  etag: string;
  cacheControl: string;
  vary: string;
  setCookie: string | null;
}

const MAX_MEMO = 500; // per site; browsers send few distinct Accept-Language lines
/** after a visible write, the prices are read again at most this often per site */
const PRICES_AFTER_WRITE_MS = 1_000;
/** and at least this often (a price changed outside the app), as long as the answers may be kept (max-age) */
const PRICES_MAX_AGE_MS = 60_000;

interface Prices {
  costs: MessageCosts | null;
  /** the cache generation and time they were read at */
  generation: number;
  readAt: number;
  reading: Promise<void> | null;
}

interface Memo {
  locales: Map<string, Locale>;
  bodies: Map<string, { json: string; etag: string }>;
  setCookie: string | null;
  prices: Prices;
}

/** Per site (a reload makes new Site objects): language detections, message prices and finished bodies. */
const memos = new WeakMap<Site, Memo>();

function memoOf(site: Site) {
  let memo = memos.get(site);
  if (!memo) {
    const language = domainLocale(site);
    memo = {
      locales: new Map(),
      bodies: new Map(),
      setCookie: language ? localeCookieHeader(language) : null,
      prices: { costs: null, generation: -1, readAt: 0, reading: null },
    };
    memos.set(site, memo);
  }
  return memo;
}

/** Reads the site's message prices; the kept bodies go when they changed. */
function readPrices(site: Site, memo: Memo): Promise<void> {
  const prices = memo.prices;
  prices.reading ??= (async () => {
    const generation = cacheGeneration([site.key]);
    const readAt = Date.now();
    try {
      const costs: MessageCosts = {};
      for (const [country, price] of await messagePrices(getDb(), site)) if (price) costs[country] = { costs: price.costs, currency: price.currency };
      if (JSON.stringify(costs) !== JSON.stringify(prices.costs)) memo.bodies.clear();
      Object.assign(prices, { costs, generation, readAt });
    } finally {
      prices.reading = null;
    }
  })();
  return prices.reading;
}

/** Kept prices that are out of date are read again in the background; the kept ones answer meanwhile. */
function refreshPricesIfDue(site: Site, memo: Memo) {
  const { generation, readAt, reading } = memo.prices;
  const age = Date.now() - readAt;
  if (reading || !((generation !== cacheGeneration([site.key]) && age >= PRICES_AFTER_WRITE_MS) || age >= PRICES_MAX_AGE_MS)) return;
  // a failed read keeps the prices read before; the next request after the interval tries again
  readPrices(site, memo).catch(() => {
    memo.prices.readAt = Date.now();
  });
}

function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= MAX_MEMO) map.clear();
  map.set(key, value);
  return value;
}

export async function settingsAnswer(site: Site, q: SettingsQuestion): Promise<SettingsAnswer> {
  const known = settingsAnswerNow(site, q);
  if (known) return known;
  const memo = memoOf(site);
  const localeKey = localeKeyOf(chosenLocale(q.cookie), q.acceptLanguage);
  const [locale] = await Promise.all([memo.locales.get(localeKey) ?? detect(site, q), memo.prices.costs ? null : readPrices(site, memo)]);
  remember(memo.locales, localeKey, locale);
  return settingsAnswerNow(site, q)!;
}

/** The language depends only on the language cookie and Accept-Language: detected once per pair. */
const localeKeyOf = (chosen: string | null, acceptLanguage: string | null) => `${chosen ?? ""}\n${acceptLanguage ?? ""}`;

/**
 * The answer without waiting, once this site has detected the language for this cookie and
 * Accept-Language pair (the language depends on nothing else) and read its message prices; null
 * before. The endpoint asks this first: no promise per request.
 */
export function settingsAnswerNow(site: Site, q: SettingsQuestion): SettingsAnswer | null {
  const memo = memoOf(site);
  const chosen = chosenLocale(q.cookie);
  const locale = memo.locales.get(localeKeyOf(chosen, q.acceptLanguage));
  const costs = memo.prices.costs;
  if (!locale || !costs) return null;
  refreshPricesIfDue(site, memo);
  const selected = q.selectedCountry?.slice(0, 2).toUpperCase() ?? null;
  const selectedCountry = selected && site.countries.includes(selected) ? selected : null;
  const bodyKey = `${locale}|${q.geoCountry ?? ""}|${selectedCountry ?? ""}`;
  const body = memo.bodies.get(bodyKey) ?? remember(memo.bodies, bodyKey, serialise(site, locale, costs, q.geoCountry, selectedCountry));
  // the site's domain language, unless the visitor chose one of its languages
  const setCookie = memo.setCookie && !(site.locales as string[]).includes(chosen as string) ? memo.setCookie : null;
  return { json: body.json, etag: body.etag, cacheControl: "private, max-age=60", vary: "Cookie, CF-IPCountry", setCookie };
}

function detect(site: Site, q: SettingsQuestion) {
  const headers: Record<string, string> = {};
  if (q.cookie) headers.cookie = q.cookie;
  if (q.acceptLanguage) headers["accept-language"] = q.acceptLanguage;
  return detectLocale(new Request(`http://${site.domains[0]}/api/settings.php`, { headers }), site);
}

function serialise(site: Site, locale: Locale, messageCosts: MessageCosts, geoCountry: string | null, selectedCountry: string | null) {
  const json = JSON.stringify({ settings: siteSettings(site, { locale, t: getFixedT(locale), messageCosts, geoCountry, selectedCountry }) });
  return { json, etag: `W/"${createHash("sha1").update(json).digest("base64url").slice(0, 27)}"` };
}
