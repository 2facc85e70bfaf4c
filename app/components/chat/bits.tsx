// Small pieces of the chat screens: the partner's avatar, times in the member's time zone, the credits pill.
import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { dayKey, formatClock, formatDay, formatListMoment } from "#app/utils/format.ts";
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
  const timeZone = useHydrated() ? undefined : "UTC";
  const locale = i18n.language;
  return {
    time: (iso: string) => formatClock(iso, locale, timeZone),
    dayKey: (iso: string) => dayKey(iso, timeZone),
    /** today, yesterday, or the date */
    day: (iso: string) => formatDay(iso, locale, timeZone),
    /** for the list: the time today, the weekday this week, else the date */
    short: (iso: string) => formatListMoment(iso, locale, timeZone),
  };
}

/** `presenceWritten`: the presence is written beside the avatar (the thread's header), so the green dot is decoration, not a second "Online" in a link's name. */
export function Avatar({
  src,
  name,
  size = 48,
  online = false,
  presenceWritten = false,
}: {
  src: string | null;
  name: string;
  size?: number;
  online?: boolean;
  presenceWritten?: boolean;
}) {
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
      {online ? (
        <span
          className="absolute bottom-0 right-0 block h-3 w-3 rounded-full bg-success ring-2 ring-white"
          title={presenceWritten ? undefined : t("search.online")}
          aria-hidden={presenceWritten || undefined}
        />
      ) : null}
    </span>
  );
}

export function CreditsPill({ credits }: { credits: number }) {
  const { t } = useTranslation();
  return (
    <Badge tone={credits === 0 ? "danger" : credits <= 10 ? "warning" : "accent"} className="py-1">
      <CoinIcon className="h-4 w-4" />
      {t("nav.credits", { count: credits })}
    </Badge>
  );
}
