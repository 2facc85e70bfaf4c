// What every lander design shares: the signup modal (opened from any call to action), the
// headline in the visitor's language, a profile's photo, and the page-bounce beacon (lb=1).
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { LanderPage } from "#app/landers/landers.server.ts";
import { PROFILE_THUMB_SIZE } from "#app/profiles/photo-sizes.ts";
import { SignupModal, useSignupOpen } from "#app/components/signup-modal.tsx";

export type LanderData = LanderPage & { siteName: string; bounceLogging: boolean };
export type LanderProfile = LanderData["profiles"][number];

export type SignupTarget = { id: number; name: string };
const SignupOpener = createContext<{ open: () => void; target: SignupTarget | null }>({ open: () => {}, target: null });

/**
 * Holds the signup modal of the page; any `SignupTrigger` below opens it. With a `target` (the
 * profile landings) the signup is the one with that profile as the target (/members/{id}/signup).
 */
export function LanderSignupProvider({
  bounceLogging,
  target = null,
  children,
}: {
  bounceLogging: boolean;
  target?: SignupTarget | null;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const engaged = useRef(false);
  useEffect(() => {
    if (!bounceLogging) return;
    // a page bounce: the visitor leaves the lander without having opened the signup
    const leave = () => {
      if (!engaged.current) navigator.sendBeacon("/api/lander-bounce");
      engaged.current = true;
    };
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, [bounceLogging]);
  const value = {
    open: () => {
      engaged.current = true;
      setOpen(true);
    },
    target,
  };
  return (
    <SignupOpener.Provider value={value}>
      {children}
      {open ? <SignupModal onClose={() => setOpen(false)} {...(target ? { targetProfile: target } : {})} /> : null}
    </SignupOpener.Provider>
  );
}

/**
 * A call to action: opens the signup modal (without JavaScript it is a link to the signup page);
 * where the visitor cannot sign up (partner traffic only), a link to log in.
 */
export function SignupTrigger({
  className,
  children,
  testId = "lander-signup",
  label,
}: {
  className: string;
  children?: React.ReactNode;
  /** null: none (a grid of cards) */
  testId?: string | null;
  label?: string;
}) {
  const opener = useContext(SignupOpener);
  const target = opener.target;
  if (!useSignupOpen()) {
    const login = target ? `/login?redirectTo=${encodeURIComponent(`/members/${target.id}`)}` : "/login";
    return (
      <a href={login} className={className} data-testid="lander-login">
        {children ?? <Translated k="nav.login" />}
      </a>
    );
  }
  return (
    <a
      href={target ? `/members/${target.id}/signup` : "/signup"}
      className={className}
      data-testid={testId ?? undefined}
      aria-label={label}
      onClick={(e) => {
        e.preventDefault();
        opener.open();
      }}
    >
      {children ?? <Translated k="landerPages.cta" />}
    </a>
  );
}

/** A default label; apart, so triggers with their own content (a grid of cards) skip the i18n hook. */
function Translated({ k }: { k: string }) {
  const { t } = useTranslation();
  return <>{t(k)}</>;
}

/** The headline and copy: the marketer's wording for this slug, else the niche's default. */
function useLanderText(page: LanderData) {
  const { t } = useTranslation();
  return {
    headline: page.text?.headline ?? t(`landers.headline.${page.niche}`),
    copy: page.text?.copy ?? t("landers.subline", { siteName: page.siteName }),
  };
}

export function Headline({ page, className = "", light = false }: { page: LanderData; className?: string; light?: boolean }) {
  const text = useLanderText(page);
  return (
    <div className={className}>
      <h1 className={`text-3xl font-black leading-tight md:text-5xl ${light ? "text-white" : "text-primary"}`} data-testid="lander-headline">
        {text.headline}
      </h1>
      <p className={`mt-3 max-w-xl text-lg ${light ? "text-white/90" : "text-black/70"}`} data-testid="lander-copy">
        {text.copy}
      </p>
    </div>
  );
}

export function ProfilePhoto({ profile, className = "" }: { profile: LanderProfile; className?: string }) {
  return profile.thumb ? (
    // drawn at a different size by every design, so no `sizes` to give: the thumbnail, its proportions held
    <img
      src={profile.thumb}
      alt={profile.name}
      loading="lazy"
      decoding="async"
      width={PROFILE_THUMB_SIZE.width}
      height={PROFILE_THUMB_SIZE.height}
      className={`object-cover ${className}`}
    />
  ) : (
    <div className={`flex items-center justify-center bg-accent text-3xl text-primary/50 ${className}`} role="img" aria-label={profile.name}>
      ♥
    </div>
  );
}

export const CTA_CLASS = "inline-block rounded-full bg-secondary px-8 py-3 text-lg font-bold text-dark shadow-lg hover:brightness-105";
