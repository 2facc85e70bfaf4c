import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link } from "react-router";
import type { Locale } from "#app/i18n/locales.ts";
import { ChatIcon } from "./chat/icons.tsx";
import { HeartIcon, SearchIcon } from "./icons.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { SignupButton } from "./signup-modal.tsx";
import { SiteLogo } from "./site-logo.tsx";
import { badgeText, useLive } from "#app/live/live-state.tsx";

export interface NavUser {
  name: string;
  credits: number;
  paidUser: boolean;
}

/** The default layout's top navigation, logged out or logged in. */
export function TopNav({ site, locales, locale, user }: { site: { name: string; logo: string }; locales: Locale[]; locale: Locale; user: NavUser | null }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-black/10 bg-white">
      <nav className="container-site flex flex-wrap items-center justify-between gap-x-2 gap-y-2 py-3 sm:gap-x-4" aria-label={t("nav.main")}>
        <SiteLogo src={site.logo} name={site.name} compact={!!user} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          {/* members change the language in their settings: on phones the bar keeps room for the member links */}
          {user ? (
            <div className="hidden sm:block">
              <LanguageSwitcher locales={locales} current={locale} />
            </div>
          ) : (
            <LanguageSwitcher locales={locales} current={locale} />
          )}
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <>
              <Link to="/login" className="font-semibold text-dark hover:text-primary">
                {t("nav.login")}
              </Link>
              <SignupButton />
            </>
          )}
        </div>
      </nav>
    </header>
  );
}

/** Spec section 2: the credits badge shows at 10 credits or fewer. */
const CREDITS_BADGE_AT = 10;

/** warning style above 0, danger style at 0; null above the threshold (no badge) */
const creditsTone = (credits: number) => (credits <= 0 ? "danger" : credits <= CREDITS_BADGE_AT ? "warning" : null);

/** The member's credits, a link to /credits; a badge (warning, danger) at 10 credits or fewer. */
function Credits({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const tone = creditsTone(credits);
  const style =
    tone === "danger"
      ? "bg-danger text-white ring-2 ring-danger/30"
      : tone === "warning"
        ? "bg-warning text-dark"
        : "border border-black/15 text-dark hover:border-primary";
  return (
    <Link
      to="/credits"
      className={`whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold sm:text-sm ${style}`}
      data-testid={tone ? "credits-badge" : "nav-credits"}
      data-tone={tone ?? undefined}
    >
      {t("nav.credits", { count: credits })}
    </Link>
  );
}

/** A count on a top-bar link: amber for unread messages, the primary colour for new likes. */
function CountBadge({ count, tone, testId }: { count: number; tone: string; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={`absolute -right-2.5 -top-2 min-w-5 sm:right-0 rounded-full px-1 text-center text-[11px] font-bold leading-5 ${tone}`}
      aria-hidden
      data-testid={testId}
    >
      {badgeText(count)}
    </span>
  );
}

/**
 * A top-bar link with a count: an icon on phones, the word from the sm breakpoint on. Its name is
 * the word plus the count ("Messages, 3 unread"), so the visible word is part of the accessible
 * name (WCAG 2.5.3); the count follows the word for screen readers only. With a count, the word
 * keeps room on its right for the badge, which would otherwise cover its last letter.
 */
function CountLink({
  to,
  icon,
  word,
  full,
  testId,
  children,
}: {
  to: string;
  icon: React.ReactNode;
  word: string;
  full: string | null;
  testId: string;
  children: React.ReactNode;
}) {
  const suffix = full?.startsWith(word) ? full.slice(word.length) : null;
  return (
    <Link
      to={to}
      className={`relative font-semibold text-dark hover:text-primary ${full ? "sm:pr-[1.375rem]" : ""}`}
      aria-label={full && suffix === null ? full : undefined}
      data-testid={testId}
    >
      {icon}
      <span className="sr-only sm:not-sr-only">{word}</span>
      {suffix ? <span className="sr-only">{suffix}</span> : null}
      {children}
    </Link>
  );
}

function AccountMenu({ user }: { user: NavUser }) {
  const { t } = useTranslation();
  const live = useLive();
  const unread = live?.unread ?? 0;
  const newLikes = live?.newLikes ?? 0;
  const credits = live?.credits ?? user.credits;
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      {/* icons on phones, words from the sm breakpoint on */}
      <Link to="/members" className="font-semibold text-dark hover:text-primary" aria-label={t("nav.search")}>
        <SearchIcon className="h-6 w-6 sm:hidden" />
        <span className="hidden sm:inline">{t("nav.search")}</span>
      </Link>
      <CountLink
        to="/chats"
        icon={<ChatIcon className="h-6 w-6 sm:hidden" />}
        word={t("nav.messages")}
        full={unread ? t("nav.messagesUnread", { count: unread, shown: badgeText(unread) }) : null}
        testId="nav-messages"
      >
        <CountBadge count={unread} tone="bg-unread text-dark" testId="unread-badge" />
      </CountLink>
      <CountLink
        to="/likes"
        icon={<HeartIcon className="h-6 w-6 sm:hidden" />}
        word={t("nav.likes")}
        full={newLikes ? t("nav.likesNew", { count: newLikes, shown: badgeText(newLikes) }) : null}
        testId="nav-likes"
      >
        <CountBadge count={newLikes} tone="bg-primary text-white" testId="new-likes-badge" />
      </CountLink>
      {/* credits for paid users, Get Premium for free users; the badge at 10 credits or fewer for both */}
      {user.paidUser ? (
        <Credits credits={credits} />
      ) : (
        <>
          {creditsTone(credits) ? <Credits credits={credits} /> : null}
          {/* on the narrowest phones the credits badge takes Get Premium's place (/credits offers premium too) */}
          <Link
            to="/premium"
            className={`whitespace-nowrap rounded-full bg-secondary px-2.5 py-1 text-xs font-semibold text-dark sm:px-3 sm:text-sm ${creditsTone(credits) ? "max-[399px]:hidden" : ""}`}
            data-testid="get-premium"
          >
            {t("nav.getPremium")}
          </Link>
        </>
      )}
      <details className="relative">
        <summary
          className="max-w-28 cursor-pointer list-none truncate rounded-full border border-black/15 px-3 py-1 text-sm font-semibold"
          data-testid="account-menu"
        >
          {user.name}
        </summary>
        <ul className="absolute right-0 z-40 mt-2 w-48 rounded border border-black/10 bg-white py-1 text-sm shadow-lg">
          <li>
            <Link className="block px-4 py-2 hover:bg-light" to="/profile">
              {t("nav.myProfile")}
            </Link>
          </li>
          <li>
            <Link className="block px-4 py-2 hover:bg-light" to="/profile/settings">
              {t("nav.settings")}
            </Link>
          </li>
          <li>
            <Form method="post" action="/api/logout.php">
              <button type="submit" className="block w-full px-4 py-2 text-left hover:bg-light">
                {t("nav.logout")}
              </button>
            </Form>
          </li>
        </ul>
      </details>
    </div>
  );
}
