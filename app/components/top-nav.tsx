import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useEffect, useRef } from "react";
import type { Locale } from "#app/i18n/locales.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { SignupButton } from "./signup-modal.tsx";
import { SiteLogo } from "./site-logo.tsx";
import { badgeText, useLive } from "#app/live/live-state.tsx";
import { MEMBER_SECTIONS, type MemberSection } from "./member-sections.tsx";
import { Disclosure } from "./ui/index.ts";
import { useBuyCreditsLink } from "#app/payments/back-link.ts";

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
      <nav className="container-site flex flex-wrap items-center justify-between gap-x-2 gap-y-2 py-2.5 sm:gap-x-4 sm:py-3" aria-label={t("nav.main")}>
        <SiteLogo src={site.logo} name={site.name} compact={!!user} className="h-8 sm:h-10" />
        {/* a visitor's controls stay on one line: beside the logo, or under it on a narrow phone in a long language */}
        <div className={`flex items-center justify-end gap-2 sm:gap-3 ${user ? "flex-wrap" : "flex-nowrap max-sm:ml-auto"}`}>
          {/* members change the language in their settings: the bar keeps its room for the member links */}
          {user ? (
            <div className="hidden xl:block">
              <LanguageSwitcher locales={locales} current={locale} />
            </div>
          ) : (
            <LanguageSwitcher locales={locales} current={locale} compact />
          )}
          {user ? (
            <MemberBar user={user} />
          ) : (
            <>
              <Link to="/login" className="whitespace-nowrap font-semibold text-dark hover:text-primary">
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

/** Spec section 2: the credits badge's warning colours at 10 credits or fewer. */
const CREDITS_BADGE_AT = 10;

/** warning style above 0, danger style at 0; null above the threshold (the balance in plain colours) */
const creditsTone = (credits: number) => (credits <= 0 ? "danger" : credits <= CREDITS_BADGE_AT ? "warning" : null);

/**
 * The member's balance, always shown (a link to the packages): plain above 10 credits, the
 * warning badge at 10 or fewer, the danger badge at 0 (ADR 040).
 */
function Credits({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const tone = creditsTone(credits);
  const buy = useBuyCreditsLink();
  const style =
    tone === "danger"
      ? "bg-danger text-white ring-2 ring-danger/30"
      : tone === "warning"
        ? "bg-warning text-dark"
        : "border border-black/15 text-dark hover:border-primary";
  return (
    <Link
      to={buy}
      className={`whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-bold sm:text-sm ${style}`}
      data-testid={tone ? "credits-badge" : "nav-credits"}
      data-tone={tone ?? undefined}
    >
      {t("nav.credits", { count: credits })}
    </Link>
  );
}

/** The live counts a section shows (unread messages on Messages, new likes on Likes). */
function useSectionCounts() {
  const live = useLive();
  return (s: MemberSection) => (s.count === "unread" ? (live?.unread ?? 0) : s.count === "newLikes" ? (live?.newLikes ?? 0) : 0);
}

/** The accessible name of a section with a count ("Messages, 3 unread"): the visible word first (WCAG 2.5.3). */
function useSectionName() {
  const { t } = useTranslation();
  return (s: MemberSection, count: number) =>
    count > 0 && s.count === "unread"
      ? t("nav.messagesUnread", { count, shown: badgeText(count) })
      : count > 0 && s.count === "newLikes"
        ? t("nav.likesNew", { count, shown: badgeText(count) })
        : t(s.label);
}

const BADGE_TONE = { unread: "bg-unread text-dark", newLikes: "bg-primary text-white" } as const;

function CountBadge({ section, count, className, testId }: { section: MemberSection; count: number; className: string; testId?: string | undefined }) {
  if (count <= 0 || !section.count) return null;
  return (
    <span
      className={`rounded-full px-1 text-center text-[11px] font-bold leading-5 ${BADGE_TONE[section.count]} ${className}`}
      aria-hidden
      data-testid={testId}
    >
      {badgeText(count)}
    </span>
  );
}

/** The top bar of a member: the sections as words from the sm breakpoint on, the balance, Buy credits for free members, the account menu. */
function MemberBar({ user }: { user: NavUser }) {
  const { t } = useTranslation();
  const live = useLive();
  const countOf = useSectionCounts();
  const nameOf = useSectionName();
  const credits = live?.credits ?? user.credits;
  const buy = useBuyCreditsLink();
  return (
    <div className="flex items-center gap-2 sm:gap-3 lg:gap-4">
      {MEMBER_SECTIONS.filter((s) => s.top).map((s) => {
        const count = countOf(s);
        return (
          <NavLink
            key={s.to}
            to={s.to}
            end={s.end}
            className={({ isActive }) =>
              `relative hidden font-semibold hover:text-primary sm:inline ${isActive ? "text-primary" : "text-dark"} ${count > 0 ? "pr-[1.375rem]" : ""}`
            }
            aria-label={count > 0 ? nameOf(s, count) : undefined}
            data-testid={s.testId}
          >
            {/* the space keeps the visible text ("Messages 3") a part of the link's name ("Messages, 3 unread") */}
            {t(s.label)} <CountBadge section={s} count={count} className="absolute -top-2 right-0 min-w-5" testId={s.badgeTestId} />
          </NavLink>
        );
      })}
      <Credits credits={credits} />
      {/* one name for the one purchase (credits; the first makes a member premium): for free members from lg on */}
      {user.paidUser ? null : (
        <Link
          to={buy}
          className="hidden whitespace-nowrap rounded-full bg-secondary px-3 py-1 text-sm font-semibold text-dark hover:brightness-105 lg:inline"
          data-testid="buy-credits"
        >
          {t("nav.buyCredits")}
        </Link>
      )}
      <AccountMenu user={user} />
    </div>
  );
}

/** Everything of the member's own: profile, premium and credits, purchases, notifications, the match finder, settings, log out. */
function AccountMenu({ user }: { user: NavUser }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // a client-side navigation keeps the layout: close the menu behind the member's choice
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  const item = "block px-4 py-2.5 hover:bg-light";
  const buy = useBuyCreditsLink();
  return (
    <Disclosure
      ref={menu}
      className="relative"
      label={t("nav.accountMenu", { name: user.name })}
      summary={user.name}
      summaryClassName="block max-w-28 cursor-pointer list-none truncate rounded-full border border-black/15 px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&::-webkit-details-marker]:hidden"
      panelClassName="absolute right-0 z-50 mt-2 w-60 rounded-lg border border-black/10 bg-white py-1 text-sm shadow-lg"
      closeOnOutside
    >
      <ul>
        <li>
          <Link className={item} to="/profile">
            {t("nav.myProfile")}
          </Link>
        </li>
        <li>
          <Link className={item} to="/match-finder">
            {t("matchFinder.short")}
          </Link>
        </li>
        <li className="border-t border-black/10">
          <Link className={`${item} font-semibold text-primary`} to={buy}>
            {t("nav.buyCredits")}
          </Link>
        </li>
        <li>
          <Link className={item} to="/premium">
            {user.paidUser ? t("nav.premiumYou") : t("nav.premium")}
          </Link>
        </li>
        <li>
          <Link className={item} to="/transactions">
            {t("nav.purchases")}
          </Link>
        </li>
        <li className="border-t border-black/10">
          <Link className={item} to="/notifications">
            {t("notifications.title")}
          </Link>
        </li>
        <li>
          <Link className={item} to="/profile/settings">
            {t("nav.settings")}
          </Link>
        </li>
        <li className="border-t border-black/10">
          <Form method="post" action="/api/logout.php">
            <button type="submit" className={`${item} w-full text-left`}>
              {t("nav.logout")}
            </button>
          </Form>
        </li>
      </ul>
    </Disclosure>
  );
}

/**
 * On phones an app's tab bar at the bottom: the member's sections with icon, word, active state
 * and the counts of unread messages and new likes. Hidden from the sm breakpoint on, where the
 * top bar names them.
 */
export function BottomTabBar() {
  const { t } = useTranslation();
  const countOf = useSectionCounts();
  const nameOf = useSectionName();
  return (
    <nav
      className="fixed inset-x-0 bottom-0 z-40 border-t border-black/10 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(0,0,0,0.06)] sm:hidden"
      aria-label={t("nav.sections")}
    >
      <ul className="grid grid-cols-5">
        {MEMBER_SECTIONS.map((s) => {
          const count = countOf(s);
          const Icon = s.icon;
          return (
            <li key={s.to} className="min-w-0">
              <NavLink
                to={s.to}
                end={s.end}
                aria-label={count > 0 ? nameOf(s, count) : undefined}
                className={({ isActive }) =>
                  `relative flex h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-semibold leading-tight ${isActive ? "text-primary" : "text-black/60"}`
                }
              >
                <Icon className="h-6 w-6" />
                <span className="max-w-full truncate px-0.5">{t(s.label)}</span>{" "}
                {/* after the label and a space, so the visible text ("Messages 3") is part of the link's name */}
                <CountBadge section={s} count={count} className="absolute left-[calc(50%+0.25rem)] top-1 min-w-5" />
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
