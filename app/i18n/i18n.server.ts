// Chooses the member's language and gives translation functions for it.
// Order: the language cookie, then the site's domain_language, then the visitor's Accept-Language
// list in its order (negotiate.ts) among the site's locales, then the site's first locale. The
// cookie is read by remix-i18next's detector; the rest is the one `custom` step below.
import { createInstance, type TFunction } from "i18next";
import { parse, serialize } from "cookie";
import { createContext, type Cookie, type MiddlewareFunction } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { siteContext } from "#app/tenancy/context.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { cookieDefaults } from "#app/utils/env.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from "./locales.ts";
import { negotiateLocale } from "./negotiate.ts";
import { resources } from "./resources.server.ts";
import { translationOf } from "./use-translation.ts";

/**
 * The language cookie holds the bare locale ("lng=nl"), readable by the browser, rather than
 * React Router's signed-JSON encoding; it carries no secret.
 */
export const localeCookie: Cookie = {
  name: LOCALE_COOKIE,
  isSigned: false,
  expires: undefined,
  parse: async (header) => chosenLocale(header),
  serialize: async (value: string) => localeCookieHeader(value),
};

/** The language cookie's value in a Cookie header, without waiting (the settings endpoint's hot path). */
export const chosenLocale = (header: string | null | undefined): string | null => (header ? (parse(header)[LOCALE_COOKIE] ?? null) : null);

/** Set-Cookie for the language cookie, without waiting. */
export const localeCookieHeader = (value: string) => serialize(LOCALE_COOKIE, value, { ...cookieDefaults(), maxAge: LOCALE_COOKIE_MAX_AGE });

// keyed by the Site object, not its key: a site reload makes new objects, so an edited locale
// list is never answered by the old detector
const detectors = singleton("localeDetectors", () => new WeakMap<Site, LanguageDetector>());

function detectorFor(site: Site) {
  let detector = detectors.get(site);
  if (!detector) {
    detector = new LanguageDetector({
      supportedLanguages: [...site.locales],
      fallbackLanguage: site.locales[0]!,
      cookie: localeCookie,
      // remix-i18next's own "header" step takes only the browser's first language and falls back
      // to the site's first locale when the site lacks it (a German browser that also reads
      // English got Swedish on a Swedish-first site)
      order: ["cookie", "custom"],
      findLocale: async (request) => site.domain_language ?? negotiateLocale(request.headers.get("accept-language"), site.locales),
    });
    detectors.set(site, detector);
  }
  return detector;
}

export async function detectLocale(request: Request, site: Site): Promise<Locale> {
  return (await detectorFor(site).detect(request)) as Locale;
}

/** One i18next instance per locale and namespace list for the process: catalogues never change at run time. */
const fixedTs = singleton("i18nFixedT", () => new Map<string, TFunction>());

export function getFixedT(locale: Locale, ns: string | string[] = "common"): TFunction {
  const key = `${locale}|${Array.isArray(ns) ? ns.join(",") : ns}`;
  let t = fixedTs.get(key);
  if (!t) {
    const instance = createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: "en",
      resources,
      ns: Array.isArray(ns) ? ns : [ns],
      defaultNS: Array.isArray(ns) ? ns[0] : ns,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    // the components' shortcut (use-translation.ts): the root loader's few texts went through
    // i18next's option handling on every page, a sixtieth of a member page's time
    t = translationOf(instance).t;
    fixedTs.set(key, t);
  }
  return t;
}

export interface RequestLocale {
  locale: Locale;
  t: TFunction;
}

export const localeContext = singleton("localeContext", () => createContext<RequestLocale>());

/** Root middleware: decides the language once per request. */
export const localeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = await detectLocale(request, context.get(siteContext));
  context.set(localeContext, { locale, t: getFixedT(locale) });
  return next();
};
