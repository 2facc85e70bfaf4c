import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES, visibleLocales } from "./locales.ts";

type Tree = { [k: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
const catalogue = (locale: string, ns: string) => new Map(flatten(JSON.parse(readFileSync(`app/locales/${locale}/${ns}.json`, "utf8"))));
const namespaces = readdirSync("app/locales/en").map((f) => f.replace(/\.json$/, ""));
const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

describe.each(namespaces)("the %s catalogue", (ns) => {
  const en = catalogue("en", ns);

  it.each(LOCALES.filter((l) => l !== "en"))("is complete in %s, with the same placeholders", (locale) => {
    const other = catalogue(locale, ns);
    const otherBases = new Set([...other.keys()].map(pluralBase));
    const missing = [...en.keys()].filter((k) => !other.has(k) && !otherBases.has(pluralBase(k)));
    expect(missing).toEqual([]);
    for (const [key, text] of en) {
      const translated = other.get(key);
      if (translated !== undefined) expect(vars(translated), `${locale} ${key}`).toEqual(vars(text));
    }
  });

  it.each(LOCALES.filter((l) => l !== "en"))("is really translated in %s", (locale) => {
    const other = catalogue(locale, ns);
    const copied = [...en].filter(([k, v]) => v.length > 12 && other.get(k) === v).map(([k]) => k);
    expect(copied.length, `identical to English: ${copied.join(", ")}`).toBeLessThanOrEqual(Math.ceil(en.size * 0.05));
  });
});

describe("visible locales", () => {
  it("narrows the switcher to the visitor country's languages", () => {
    expect(visibleLocales(["en", "nl", "de", "fr"], "BE")).toEqual(["nl", "de", "fr"]);
    expect(visibleLocales(["en", "nl", "de", "fr"], "NL")).toEqual(["nl"]);
    expect(visibleLocales(["de", "en", "fr", "it"], "CH")).toEqual(["de", "en", "fr", "it"]);
  });

  it("keeps the language the page is shown in, so the visitor can switch to the country's", () => {
    expect(visibleLocales(["en", "nl", "de", "fr"], "NL", "en")).toEqual(["en", "nl"]);
    expect(visibleLocales(["en", "nl", "de", "fr"], "DE", "en")).toEqual(["en", "de"]);
    expect(visibleLocales(["en", "nl", "de", "fr"], "GB", "nl")).toEqual(["en", "nl"]);
    expect(visibleLocales(["en", "nl", "de", "fr"], "NL", "nl")).toEqual(["nl"]);
  });

  it("keeps all of the site's locales for unknown or unserved countries", () => {
    expect(visibleLocales(["en", "nl"], null)).toEqual(["en", "nl"]);
    expect(visibleLocales(["en", "nl"], "JP")).toEqual(["en", "nl"]);
    expect(visibleLocales(["sv", "en"], "PL")).toEqual(["sv", "en"]);
  });
});
