import { useTranslation } from "react-i18next";
import type { Locale } from "#app/i18n/locales.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { SiteLogo } from "./site-logo.tsx";

/** The logged-out top navigation of the default layout. */
export function TopNav({ site, locales, locale }: { site: { name: string; logo: string }; locales: Locale[]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-black/10 bg-white">
      <nav className="container-site flex items-center justify-between gap-4 py-3" aria-label={t("nav.main")}>
        <SiteLogo src={site.logo} name={site.name} />
        <div className="flex items-center gap-3">
          <LanguageSwitcher locales={locales} current={locale} />
        </div>
      </nav>
    </header>
  );
}
