// The time bonus in the members area (spec section 4): a top banner with a zero-padded
// HH:MM:SS countdown ticking every second from the server's remainder, cleared at zero; and a
// popup 40 s after entering the members area, only with 0 credits, while the bonus is visible
// and not dismissed before. Closing the popup stores a dismissal (/api/alerts); leaving the
// members area cancels the timer. What the member pays is decided by the server at order time.
import { useEffect, useId, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useFetcher, useLocation } from "react-router";
import { useLive } from "#app/live/live-state.tsx";
import { useBuyCreditsLink } from "#app/payments/back-link.ts";
import { Badge, Button, Modal } from "./ui/index.ts";

/** Spec section 9: the popup opens this long after entering the members area. */
const TIME_BONUS_POPUP_DELAY_MS = 40_000;

/** The members area: members, members-id, chats, likes, likes-m-id and premium, and a member's home (`/`). */
const MEMBERS_AREA = /^\/(?:members(?:\/[^/]+)?|chats|likes|likes\/m\/[^/]+|premium)?\/?$/;
export const inMembersArea = (pathname: string) => MEMBERS_AREA.test(pathname);

/** The brand colour into a darker shade of itself. */
const GRADIENT = "from-primary to-[color-mix(in_srgb,var(--color-primary)_60%,black)]";

export interface TimeBonusData {
  secondsLeft: number;
  percentage: number;
  popupDismissed: boolean;
}

/** 3725 → "01:02:05" */
export function formatCountdown(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, "0")).join(":");
}

// The deadline survives client-side navigation (the layout remounts, the root data stays): it is
// fixed once per server answer, from the server's remainder, not from the client's idea of the signup.
let anchor: { data: TimeBonusData; deadline: number } | null = null;
function deadlineFor(data: TimeBonusData) {
  if (anchor?.data !== data) anchor = { data, deadline: Date.now() + data.secondsLeft * 1000 };
  return anchor.deadline;
}

function useSecondsLeft(data: TimeBonusData | null) {
  const [left, setLeft] = useState(data?.secondsLeft ?? 0);
  useEffect(() => {
    if (!data) return;
    const deadline = deadlineFor(data);
    const tick = () => {
      const remaining = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      setLeft(remaining);
      return remaining;
    };
    if (tick() === 0) return;
    const timer = window.setInterval(() => {
      if (tick() === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [data]);
  return data ? left : 0;
}

/** The banner where the bars' order gives it the place (`banner`), and the popup by its own rules. */
export function TimeBonus({ data, banner }: { data: TimeBonusData | null; banner: boolean }) {
  const { pathname } = useLocation();
  const live = useLive();
  const left = useSecondsLeft(data);
  const inArea = inMembersArea(pathname);
  const [popupDue, setPopupDue] = useState(false);
  const [dismissed, setDismissed] = useState(data?.popupDismissed ?? true);

  // the 40 s timer runs while the member stays in the members area; leaving it cancels it
  useEffect(() => {
    if (!inArea || !data) return;
    const timer = window.setTimeout(() => setPopupDue(true), TIME_BONUS_POPUP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setPopupDue(false);
    };
  }, [inArea, data]);

  if (!data || left <= 0 || !inArea) return null;
  const credits = live?.credits ?? null;
  return (
    <>
      {banner ? <TimeBonusBanner percentage={data.percentage} left={left} /> : null}
      {popupDue && !dismissed && credits === 0 ? <TimeBonusPopup percentage={data.percentage} left={left} onClose={() => setDismissed(true)} /> : null}
    </>
  );
}

function Countdown({ left, className = "" }: { left: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <time className={`font-mono tabular-nums ${className}`} dateTime={`PT${left}S`} aria-label={t("discounts.timeLeft")} data-testid="time-bonus-countdown">
      {formatCountdown(left)}
    </time>
  );
}

function TimeBonusBanner({ percentage, left }: { percentage: number; left: number }) {
  const { t } = useTranslation();
  const buy = useBuyCreditsLink();
  // one row on phones: the percentage, the countdown and the button; the sentence from sm on.
  // A region named like the popup: a screen reader finds the offer among the page's landmarks.
  return (
    <section
      className={`${GRADIENT} bg-gradient-to-r text-white`}
      aria-label={t("discounts.popupTitle", { percent: percentage })}
      data-testid="time-bonus-banner"
    >
      <div className="container-site flex items-center justify-between gap-x-3 py-1.5 text-sm sm:py-2">
        <p className="flex min-w-0 items-center gap-2">
          <Badge tone="secondary">-{percentage}%</Badge>
          <span className="hidden font-semibold sm:inline">{t("discounts.bannerText", { percent: percentage })}</span>
        </p>
        <p className="flex items-center gap-2 sm:gap-3">
          <span className="text-xs text-white/80 sm:text-sm">{t("discounts.endsIn")}</span>
          <Countdown left={left} className="rounded bg-black/25 px-1.5 py-0.5 text-sm font-bold sm:px-2 sm:text-base" />
          <Button to={buy} variant="light" size="sm" className="whitespace-nowrap" data-testid="time-bonus-buy">
            {t("nav.buyCredits")}
          </Button>
        </p>
      </div>
    </section>
  );
}

function TimeBonusPopup({ percentage, left, onClose }: { percentage: number; left: number; onClose: () => void }) {
  const { t } = useTranslation();
  const dismiss = useFetcher();
  const titleId = useId();
  const buy = useBuyCreditsLink();
  const close = () => {
    void dismiss.submit({ alert: "time_bonus_popup" }, { method: "post", action: "/api/alerts" });
    onClose();
  };
  return (
    <Modal size="md" onClose={close} labelledBy={titleId} className="overflow-hidden rounded-2xl text-center shadow-2xl">
      <Button variant="ghost-light" size="inline" onClick={close} aria-label={t("discounts.close")} className="absolute right-2 top-2 h-9 w-9 text-2xl">
        ×
      </Button>
      <div className={`${GRADIENT} bg-gradient-to-br px-6 pb-6 pt-8 text-white`}>
        <p className="mx-auto flex h-24 w-24 items-center justify-center rounded-full bg-secondary text-3xl font-black text-dark shadow-lg">-{percentage}%</p>
        <h2 id={titleId} className="mt-4 text-2xl font-extrabold">
          {t("discounts.popupTitle", { percent: percentage })}
        </h2>
      </div>
      <div className="px-6 py-6">
        <p className="leading-relaxed">{t("discounts.popupText", { percent: percentage })}</p>
        <p className="mt-4 text-sm text-black/60">{t("discounts.endsIn")}</p>
        <Countdown left={left} className="text-3xl font-bold text-primary" />
        <Button to={buy} onClick={close} size="lg" block className="mt-6">
          {t("discounts.popupCta")}
        </Button>
        <Button variant="link" size="inline" onClick={close} className="mt-3 text-sm text-black/60">
          {t("discounts.popupNoThanks")}
        </Button>
      </div>
    </Modal>
  );
}
