// The app's useTranslation: the language of the provider it renders under, a text that arrives
// later replaces the key it stood in for, and a language change reaches the next render.
import { readFileSync } from "node:fs";
import { createInstance, type i18n as I18n } from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { useTranslation } from "./use-translation.ts";

async function instance(language: string, common: Record<string, string>) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: false,
    ns: ["common"],
    defaultNS: "common",
    resources: { [language]: { common } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

function Greeting() {
  const { t, i18n } = useTranslation();
  return createElement("p", { lang: i18n.language }, `${t("hello")} ${t("welcome", { name: "Ana" })}`);
}

const render = (i18n: I18n) => renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Greeting)));

describe("useTranslation", () => {
  it("translates in the provider's language, with and without options", async () => {
    const english = await instance("en", { hello: "Hello", welcome: "Welcome, {{name}}" });
    const german = await instance("de", { hello: "Hallo", welcome: "Willkommen, {{name}}" });
    expect(render(english)).toBe('<p lang="en">Hello Welcome, Ana</p>');
    expect(render(german)).toBe('<p lang="de">Hallo Willkommen, Ana</p>');
    expect(render(english)).toBe('<p lang="en">Hello Welcome, Ana</p>');
  });

  it("shows a text added after a render instead of the key it remembered", async () => {
    const i18n = await instance("nl", { welcome: "Welkom, {{name}}" });
    expect(render(i18n)).toBe('<p lang="nl">hello Welkom, Ana</p>');
    i18n.addResourceBundle("nl", "common", { hello: "Hallo" }, true, true);
    expect(render(i18n)).toBe('<p lang="nl">Hallo Welkom, Ana</p>');
  });

  it("follows a language change of the same instance", async () => {
    const i18n = await instance("en", { hello: "Hello", welcome: "Welcome, {{name}}" });
    expect(render(i18n)).toBe('<p lang="en">Hello Welcome, Ana</p>');
    i18n.addResourceBundle("fr", "common", { hello: "Bonjour", welcome: "Bienvenue, {{name}}" });
    await i18n.changeLanguage("fr");
    expect(render(i18n)).toBe('<p lang="fr">Bonjour Bienvenue, Ana</p>');
  });
});

describe("the placeholder shortcut", () => {
  /** every key of a nested catalogue, dotted, with its text */
  const flat = (tree: object, prefix = ""): [string, string][] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v]] : flat(v as object, `${prefix}${k}.`)));

  function Texts({ calls }: { calls: [string, Record<string, unknown>][] }) {
    const { t } = useTranslation();
    return createElement(
      "ul",
      null,
      calls.map(([key, options], i) => createElement("li", { key: i }, String(t(key, options as never)))),
    );
  }
  const renderCalls = (i18n: I18n, calls: [string, Record<string, unknown>][]) =>
    renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Texts, { calls })));

  it.each(["en", "de", "pl", "fi", "fr"])("gives what i18next gives for every text of the %s catalogue", async (language) => {
    const common = JSON.parse(readFileSync(`app/locales/${language}/common.json`, "utf8"));
    const i18n = await instance(language, common);
    const fixed = i18n.getFixedT(language);
    const calls: [string, Record<string, unknown>][] = [];
    for (const [key, text] of flat(common)) {
      const names = [...text.matchAll(/\{\{-?\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]!);
      if (!names.length) continue;
      const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
      const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 7 : `<${n} & "x">`]));
      calls.push([base, values], [base, { ...values, extra: "x" }], [base, { ...values, count: 1, extra: "x" }]);
      for (const count of [0, 1, 2, 5, 22, 1.5]) calls.push([base, { ...values, count }]);
    }
    expect(calls.length).toBeGreaterThan(40);
    const expected = renderToStaticMarkup(
      createElement(
        "ul",
        null,
        calls.map(([key, options], i) => createElement("li", { key: i }, String(fixed(key, options as never)))),
      ),
    );
    expect(renderCalls(i18n, calls)).toBe(expected);
  });

  it("picks plural forms as i18next does and leaves missing keys and nested texts to it", async () => {
    const i18n = await instance("en", {
      photos_zero: "no photos",
      photos_one: "{{count}} photo",
      photos_other: "{{count}} photos",
      likes_one: "a like",
      likes_other: "{{count}} likes",
      nested: "Hi $t(name)",
      name: "Ana",
      greet: "Hi {{name}}",
      unread: "Messages, {{shown}} unread",
    });
    const calls: [string, Record<string, unknown>][] = [
      ["photos", { count: 1 }],
      ["photos", { count: 3 }],
      ["photos", { count: 0 }],
      ["likes", { count: 0 }],
      ["likes", { count: 1 }],
      ["absent", { name: "x" }],
      ["nested", { x: 1 }],
      ["greet", { name: "Bo" }],
      ["greet", { name: "Bo", defaultValue: "d" }],
      ["unread", { count: 2, shown: "2" }],
      ["likes", { count: 5 }],
    ];
    expect(renderCalls(i18n, calls)).toBe(
      "<ul><li>1 photo</li><li>3 photos</li><li>no photos</li><li>0 likes</li><li>a like</li><li>absent</li><li>Hi Ana</li><li>Hi Bo</li><li>Hi Bo</li><li>Messages, 2 unread</li><li>5 likes</li></ul>",
    );
  });
});
