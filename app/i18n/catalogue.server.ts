// Each language's `common` catalogue as the browser gets it: serialised and hashed once per
// process, and the server's i18next instance for rendering pages in that language.
import { createHash } from "node:crypto";
import type { i18n } from "i18next";
import { singleton } from "#app/utils/singleton.ts";
import { createI18n, type CatalogueRef } from "./catalogue.ts";
import type { Locale } from "./locales.ts";
import { resources } from "./resources.server.ts";

type Entry = { json: string; hash: string; i18n: i18n };

const entries = singleton("i18nCatalogues", () => new Map<Locale, Entry>());

export function catalogueOf(locale: Locale): Entry {
  let entry = entries.get(locale);
  if (!entry) {
    const messages = resources[locale]!.common as Record<string, unknown>;
    const json = JSON.stringify(messages);
    entry = { json, hash: createHash("sha256").update(json).digest("hex").slice(0, 16), i18n: createI18n(locale, messages) };
    entries.set(locale, entry);
  }
  return entry;
}

export const catalogueRef = (locale: Locale): CatalogueRef => ({ locale, url: `/i18n/${locale}/common.${catalogueOf(locale).hash}.json` });
