// The app's useTranslation: the language of the provider it renders under, a text that arrives
// later replaces the key it stood in for, and a language change reaches the next render.
import { createInstance, type i18n as I18n } from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { useTranslation } from "./use-translation.ts";

async function instance(language: string, common: Record<string, string>) {
  const i18n = createInstance();
  await i18n.init({ lng: language, fallbackLng: false, ns: ["common"], defaultNS: "common", resources: { [language]: { common } }, interpolation: { escapeValue: false } });
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
