// Quiet hours: no notification e-mail arrives at night in the member's time zone, which is their
// country's by the one rule of countryTimeZone (app/utils/format.ts); a country spanning several
// clocks, such as the US, has none: no quiet hours.
import { countryTimeZone } from "#app/utils/format.ts";

export interface QuietHours {
  /** local hour the quiet time starts (inclusive) */
  from: number;
  /** local hour it ends (exclusive); from === to: no quiet hours */
  to: number;
}

/** "22-8" → 22:00 to 08:00; "" or "0-0" → none. */
export function parseQuietHours(value: string | undefined): QuietHours | null {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(value ?? "");
  if (!m) return null;
  const from = Number(m[1]),
    to = Number(m[2]);
  if (from > 24 || to > 24 || from % 24 === to % 24) return null;
  return { from: from % 24, to: to % 24 };
}

function localClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "numeric", minute: "numeric", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: get("hour"), minute: get("minute") };
}

/** How long to wait before mailing a member of `country` at `at`: 0 outside quiet hours. */
export function quietDelayMs(quiet: QuietHours | null, country: string | null | undefined, at = new Date()): number {
  const timeZone = countryTimeZone(country);
  if (!quiet || !timeZone) return 0;
  const { hour, minute } = localClock(at, timeZone);
  const inside = quiet.from < quiet.to ? hour >= quiet.from && hour < quiet.to : hour >= quiet.from || hour < quiet.to;
  if (!inside) return 0;
  const minutesLeft = ((quiet.to - hour + 24) % 24) * 60 - minute;
  return Math.max(1, minutesLeft) * 60_000;
}
