// The server's translation functions (getFixedT: loaders, mails, push) take the components'
// shortcut for plain texts and placeholders; they must answer exactly as i18next does, with the
// English fallback for a text a language lacks.
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { getFixedT } from "./i18n.server.ts";
import type { Locale } from "./locales.ts";
import { resources } from "./resources.server.ts";

const flat = (tree: object, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v]] : flat(v as object, `${prefix}${k}.`)));

describe("getFixedT", () => {
  it.each([
    ["de", "common"],
    ["pl", "common"],
    ["fi", "mail"],
    ["en", "mail"],
  ] as [Locale, string][])("gives what i18next gives for every %s text of %s", (locale, ns) => {
    const i18n = createInstance();
    void i18n.init({ lng: locale, fallbackLng: "en", resources, ns: [ns], defaultNS: ns, interpolation: { escapeValue: false }, initAsync: false });
    const english = flat((resources as Record<string, Record<string, object>>).en![ns]!);
    expect(english.length).toBeGreaterThan(20);
    const t = getFixedT(locale, ns);
    for (const [key, text] of english) {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
      const names = [...text.matchAll(/\{\{-?\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]!);
      const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 3 : `<${n}>`]));
      expect(t(base), base).toBe(i18n.t(base));
      expect(t(base, values), base).toBe(i18n.t(base, values));
      for (const count of [0, 1, 4]) expect(t(base, { ...values, count }), `${base} ${count}`).toBe(i18n.t(base, { ...values, count }));
    }
    expect(t("no.such.key")).toBe("no.such.key");
  });
});
