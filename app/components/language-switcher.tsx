import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useLocation } from "react-router";
import { LOCALE_NAMES, type Locale } from "#app/i18n/locales.ts";

/**
 * Shown only when the visitor can choose between more than one locale. Works without JavaScript.
 * compact: below the sm breakpoint the closed control shows the language's code ("NB"), the
 * native list still opens with the languages' names; "Norsk bokmål" took a phone's top bar a row.
 */
export function LanguageSwitcher({ locales, current, compact = false }: { locales: Locale[]; current: Locale; compact?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (locales.length < 2) return null;
  return (
    <Form method="post" action="/lang-config" className="relative flex items-center gap-1" data-testid="language-switcher">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language" className="sr-only">
        {t("nav.language")}
      </label>
      {compact ? (
        <span className="pointer-events-none rounded border border-black/15 bg-white px-2 py-1 text-sm font-semibold uppercase sm:hidden" aria-hidden>
          {current} ▾
        </span>
      ) : null}
      <select
        id="language"
        name="language"
        defaultValue={current}
        className={`rounded border border-black/15 bg-white px-2 py-1 text-sm ${compact ? "max-sm:absolute max-sm:inset-0 max-sm:w-full max-sm:opacity-0" : ""}`}
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
