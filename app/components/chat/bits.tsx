// Small pieces of the chat screens: the partner's avatar, times in the member's time zone, the credits pill.
import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatClock } from "#app/utils/format.ts";
import { CoinIcon } from "./icons.tsx";
import { Badge } from "../ui/index.ts";

/** False during the server render and hydration: times are first written in UTC, then in the browser's zone. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function useTimeFormat() {
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  const zone = hydrated ? {} : { timeZone: "UTC" };
  const locale = i18n.language;
  const dayKey = (iso: string) => new Intl.DateTimeFormat("en-CA", { ...zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
  return {
    time: (iso: string) => formatClock(iso, locale, zone.timeZone),
    dayKey,
    /** today, yesterday, or the date */
    day: (iso: string) => {
      const days = Math.round((Date.parse(dayKey(new Date().toISOString())) - Date.parse(dayKey(iso))) / 86_400_000);
      if (days >= 0 && days <= 1) return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(-days, "day");
      return new Intl.DateTimeFormat(locale, {
        ...zone,
        weekday: days < 7 ? "long" : undefined,
        day: "numeric",
        month: "long",
        year: days > 300 ? "numeric" : undefined,
      }).format(new Date(iso));
    },
    /** for the list: the time today, the weekday this week, else the date */
    short: (iso: string) => {
      const days = Math.round((Date.parse(dayKey(new Date().toISOString())) - Date.parse(dayKey(iso))) / 86_400_000);
      if (days <= 0) return formatClock(iso, locale, zone.timeZone);
      if (days < 7) return new Intl.DateTimeFormat(locale, { ...zone, weekday: "short" }).format(new Date(iso));
      return new Intl.DateTimeFormat(locale, { ...zone, day: "numeric", month: "short" }).format(new Date(iso));
    },
  };
}

export function Avatar({ src, name, size = 48, online = false }: { src: string | null; name: string; size?: number; online?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="relative inline-block shrink-0" style={{ width: size, height: size }}>
      {src ? (
        <img src={src} alt="" className="h-full w-full rounded-full object-cover ring-2 ring-white" />
      ) : (
        <span
          className="flex h-full w-full items-center justify-center rounded-full bg-accent font-bold text-primary ring-2 ring-white"
          style={{ fontSize: size * 0.4 }}
          aria-hidden
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      {online ? <span className="absolute bottom-0 right-0 block h-3 w-3 rounded-full bg-success ring-2 ring-white" title={t("search.online")} /> : null}
    </span>
  );
}

export function CreditsPill({ credits }: { credits: number }) {
  const { t } = useTranslation();
  return (
    <Badge tone={credits === 0 ? "danger" : credits <= 10 ? "warning" : "accent"} className="py-1" data-testid="chat-credits">
      <CoinIcon className="h-4 w-4" />
      {t("nav.credits", { count: credits })}
    </Badge>
  );
}
