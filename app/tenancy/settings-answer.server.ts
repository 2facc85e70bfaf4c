// The answer of GET /api/settings.php: the site's settings in the visitor's language, and the
// language cookie from the site's domain_language unless the visitor already chose one of the
// site's languages (the language switcher's choice is not overwritten). It needs no session,
// so the HTTP host answers it before React Router (server/settings-endpoint.ts).
import { createHash } from "node:crypto";
import { chosenLocale, detectLocale, getFixedT, localeCookieHeader } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { Site } from "./site-schema.ts";
import { domainLocale, siteSettings } from "./settings.server.ts";

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

/** Per site (a reload makes new Site objects): language detections and finished bodies. */
const memos = new WeakMap<Site, { locales: Map<string, Locale>; bodies: Map<string, { json: string; etag: string }>; setCookie: string | null }>();

function memoOf(site: Site) {
  let memo = memos.get(site);
  if (!memo) {
    const language = domainLocale(site);
    memos.set(site, (memo = { locales: new Map(), bodies: new Map(), setCookie: language ? localeCookieHeader(language) : null }));
  }
  return memo;
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
  remember(memo.locales, localeKeyOf(chosenLocale(q.cookie), q.acceptLanguage), await detect(site, q));
  return settingsAnswerNow(site, q)!;
}

/** The language depends only on the language cookie and Accept-Language: detected once per pair. */
const localeKeyOf = (chosen: string | null, acceptLanguage: string | null) => `${chosen ?? ""}\n${acceptLanguage ?? ""}`;

/**
 * The answer without waiting, once this site has detected the language for this cookie and
 * Accept-Language pair (the language depends on nothing else); null before. The endpoint asks
 * this first: no promise per request.
 */
export function settingsAnswerNow(site: Site, q: SettingsQuestion): SettingsAnswer | null {
  const memo = memoOf(site);
  const chosen = chosenLocale(q.cookie);
  const locale = memo.locales.get(localeKeyOf(chosen, q.acceptLanguage));
  if (!locale) return null;
  const selected = q.selectedCountry?.slice(0, 2).toUpperCase() ?? null;
  const selectedCountry = selected && site.countries.includes(selected) ? selected : null;
  const bodyKey = `${locale}|${q.geoCountry ?? ""}|${selectedCountry ?? ""}`;
  const body = memo.bodies.get(bodyKey) ?? remember(memo.bodies, bodyKey, serialise(site, locale, q.geoCountry, selectedCountry));
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

function serialise(site: Site, locale: Locale, geoCountry: string | null, selectedCountry: string | null) {
  const json = JSON.stringify({ settings: siteSettings(site, { locale, t: getFixedT(locale), geoCountry, selectedCountry }) });
  return { json, etag: `W/"${createHash("sha1").update(json).digest("base64url").slice(0, 27)}"` };
}
