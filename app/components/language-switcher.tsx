import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useLocation } from "react-router";
import { LOCALE_NAMES, type Locale } from "#app/i18n/locales.ts";

/** Shown only when the visitor can choose between more than one locale. Works without JavaScript. */
export function LanguageSwitcher({ locales, current }: { locales: Locale[]; current: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (locales.length < 2) return null;
  return (
    <Form method="post" action="/lang-config" className="flex items-center gap-1" data-testid="language-switcher">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language" className="sr-only">
        {t("nav.language")}
      </label>
      <select
        id="language"
        name="language"
        defaultValue={current}
        className="rounded border border-black/15 bg-white px-2 py-1 text-sm"
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded bg-dark px-2 py-1 text-sm text-white">
          {t("nav.changeLanguage")}
        </button>
      </noscript>
    </Form>
  );
}
