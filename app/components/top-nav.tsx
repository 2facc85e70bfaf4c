import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Locale } from "#app/i18n/locales.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { SignupButton } from "./signup-modal.tsx";
import { SiteLogo } from "./site-logo.tsx";

export interface NavUser { name: string; credits: number; paidUser: boolean }

/** The default layout's top navigation, logged out or logged in. */
export function TopNav({ site, locales, locale, user }: { site: { name: string; logo: string }; locales: Locale[]; locale: Locale; user: NavUser | null }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-black/10 bg-white">
      <nav className="container-site flex items-center justify-between gap-4 py-3" aria-label={t("nav.main")}>
        <SiteLogo src={site.logo} name={site.name} />
        <div className="flex items-center gap-3">
          <LanguageSwitcher locales={locales} current={locale} />
          {user ? <AccountMenu user={user} /> : (
            <>
              <Link to="/login" className="font-semibold text-dark hover:text-primary">{t("nav.login")}</Link>
              <SignupButton />
            </>
          )}
        </div>
      </nav>
    </header>
  );
}

function CreditsBadge({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const tone = credits === 0 ? "bg-danger text-white" : credits <= 10 ? "bg-warning text-dark" : "bg-light text-dark";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${tone}`} data-testid="credits-badge">{t("nav.credits", { count: credits })}</span>;
}

function AccountMenu({ user }: { user: NavUser }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3">
      <Link to="/members" className="font-semibold text-dark hover:text-primary">{t("nav.search")}</Link>
      <Link to="/chats" className="flex items-center gap-1 font-semibold text-dark hover:text-primary" aria-label={t("nav.messages")} data-testid="nav-messages">
        <svg viewBox="0 0 24 24" className="h-6 w-6 md:hidden" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
          <path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 9 9 0 0 1-3.9-.9L3 21l1.9-5.1A8.4 8.4 0 0 1 3 11.5 8.5 8.5 0 0 1 12 3a8.5 8.5 0 0 1 9 8.5z" />
        </svg>
        <span className="hidden md:inline">{t("nav.messages")}</span>
      </Link>
      {user.paidUser ? <CreditsBadge credits={user.credits} /> : (
        <>
          {user.credits <= 10 ? <CreditsBadge credits={user.credits} /> : null}
          <Link to="/pricing" className="rounded-full bg-secondary px-3 py-1 text-sm font-semibold text-dark">{t("nav.getPremium")}</Link>
        </>
      )}
      <details className="relative">
        <summary className="cursor-pointer list-none rounded-full border border-black/15 px-3 py-1 text-sm font-semibold" data-testid="account-menu">{user.name}</summary>
        <ul className="absolute right-0 z-40 mt-2 w-48 rounded border border-black/10 bg-white py-1 text-sm shadow-lg">
          <li><Link className="block px-4 py-2 hover:bg-light" to="/profile">{t("nav.myProfile")}</Link></li>
          <li><Link className="block px-4 py-2 hover:bg-light" to="/profile/settings">{t("nav.settings")}</Link></li>
          <li>
            <Form method="post" action="/api/logout.php">
              <button type="submit" className="block w-full px-4 py-2 text-left hover:bg-light">{t("nav.logout")}</button>
            </Form>
          </li>
        </ul>
      </details>
    </div>
  );
}
