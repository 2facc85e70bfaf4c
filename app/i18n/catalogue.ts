// The browser's translations: the `common` catalogue of the page's language, fetched once as a
// hashed, immutable file (/i18n/{locale}/common.{hash}.json) instead of riding inside every page
// (it was two thirds of the home page). Server and browser make their i18next
// instance here; the page names its catalogue in <html data-catalogue> so both agree.
import { createContext, useContext, useEffect } from "react";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { useTranslation } from "./use-translation.ts";
import type { Locale } from "./locales.ts";

export type CatalogueRef = { locale: Locale; url: string };

export const CatalogueContext = createContext<CatalogueRef>({ locale: "en", url: "" });
export const useCatalogue = () => useContext(CatalogueContext);

export function createI18n(locale: string, messages: Record<string, unknown>): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { common: messages } },
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** The catalogue of `url`, retried twice: null when the network keeps failing. */
export async function fetchCatalogue(url: string): Promise<Record<string, unknown> | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const res = await fetch(url);
      if (res.ok) return (await res.json()) as Record<string, unknown>;
    } catch {
      /* offline for a moment: try again */
    }
    await new Promise((r) => setTimeout(r, 300 * 2 ** attempt));
  }
  return null;
}

/**
 * After a language change without a page load (a form post the root loader answers in another
 * language), loads that language's catalogue and switches the page to it.
 */
export function useFollowLanguage(locale: Locale | undefined, url: string | undefined) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!locale || !url || i18n.language === locale) return;
    let current = true;
    void fetchCatalogue(url).then((messages) => {
      if (!current || !messages) return;
      i18n.addResourceBundle(locale, "common", messages, true, true);
      void i18n.changeLanguage(locale);
    });
    return () => {
      current = false;
    };
  }, [i18n, locale, url]);
}
