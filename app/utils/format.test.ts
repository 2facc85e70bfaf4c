import { describe, expect, it } from "vitest";
import { parseQuietHours, quietDelayMs } from "#app/notifications/quiet-hours.ts";
import {
  countryName,
  countryTimeZone,
  dayKey,
  formatAgo,
  formatClock,
  formatDateTime,
  formatDay,
  formatListMoment,
  formatMoney,
  formatWeekdayTime,
  localeTag,
  memberTimeZone,
} from "./format.ts";

describe("the one time-zone rule", () => {
  it("gives a country that keeps one clock its zone, and the European one where the others are islands or exclaves", () => {
    expect(countryTimeZone("NL")).toBe("Europe/Amsterdam");
    expect(countryTimeZone("DE")).toBe("Europe/Berlin"); // Büsingen keeps Berlin's clock
    expect(countryTimeZone("ES")).toBe("Europe/Madrid"); // not the Canaries or Ceuta
    expect(countryTimeZone("PT")).toBe("Europe/Lisbon"); // not the Azores or Madeira
  });
  it("guesses no zone for a country of several clocks, nor for none", () => {
    for (const c of ["US", "CA", "AU", "NZ", "RU"]) expect(countryTimeZone(c)).toBeNull();
    expect(countryTimeZone(null)).toBeNull();
    expect(memberTimeZone("US")).toBe("UTC");
  });
  it("is the zone of quiet hours and of the member's times alike", () => {
    // 23:30 in Madrid (UTC+1 in November): quiet until 08:00, and the game's time reads 23:30
    const at = new Date("2026-11-25T22:30:00Z");
    expect(quietDelayMs(parseQuietHours("22-8"), "ES", at)).toBe(8.5 * 3600_000);
    expect(formatWeekdayTime(at, localeTag("es", "ES"), memberTimeZone("ES"))).toBe("miércoles, 23:30");
    expect(formatDateTime(at, "en-GB", memberTimeZone("GB"))).toBe("25 Nov 2026, 22:30");
  });
});

describe("formatting", () => {
  it("writes money in the locale's format and the amount's currency", () => {
    expect(formatMoney(1999, "EUR", "de")).toBe("19,99\u00a0€");
    expect(formatMoney(1999, "GBP", "en-GB")).toBe("£19.99");
  });
  it("names a country in the member's language, and keeps a code Intl does not know", () => {
    expect(countryName("DE", "nl")).toBe("Duitsland");
    expect(countryName("XX", "en")).toBe("XX");
    expect(countryName("not a code", "en")).toBe("not a code");
  });
  it("formats times with the member's country's conventions where Intl knows the pair", () => {
    expect(localeTag("en", "NL")).toBe("en-NL");
    expect(localeTag("en", null)).toBe("en");
  });
});

describe("chat times", () => {
  it("write a time of day as the language writes it elsewhere (no 09:05 beside 9:05)", () => {
    const morning = "2026-11-25T09:05:00Z";
    for (const locale of ["da", "de", "en", "en-GB", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"])
      expect(formatDateTime(new Date(morning), locale, "UTC"), locale).toContain(formatClock(morning, locale, "UTC"));
    expect(formatClock(morning, "de", "UTC")).toBe("09:05");
    expect(formatClock(morning, "en", "UTC").replace(/\s/g, " ")).toBe("9:05 AM");
    expect(formatClock(morning, "es", "UTC")).toBe("9:05");
  });
  it("say how long ago a member was active in the largest unit that fits", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(formatAgo(new Date(now - 5 * 60_000), "en", now)).toBe("5 minutes ago");
    expect(formatAgo(new Date(now - 3 * 3600_000), "en", now)).toBe("3 hours ago");
    expect(formatAgo(new Date(now - 26 * 3600_000), "en", now)).toBe("yesterday");
    expect(formatAgo(new Date(now - 26 * 3600_000), "de", now)).toBe("gestern");
    expect(formatAgo(new Date(now - 15 * 86_400_000), "en", now)).toBe("2 weeks ago");
    expect(formatAgo(new Date(now - 3 * 3600_000), "de", now, "short")).toBe("vor 3 Std.");
  });
});

describe("chat days", () => {
  const now = Date.parse("2026-11-25T12:00:00Z"); // a Wednesday
  it("key a message by its calendar day in the reader's zone", () => {
    expect(dayKey("2026-11-24T23:30:00Z", "UTC")).toBe("2026-11-24");
    expect(dayKey("2026-11-24T23:30:00Z", "Europe/Berlin")).toBe("2026-11-25");
  });
  it("head a day as today, yesterday, its weekday this week, else the date", () => {
    expect(formatDay("2026-11-25T08:00:00Z", "en", "UTC", now)).toBe("today");
    expect(formatDay("2026-11-24T08:00:00Z", "de", "UTC", now)).toBe("gestern");
    expect(formatDay("2026-11-21T08:00:00Z", "en", "UTC", now)).toBe("Saturday, November 21");
    expect(formatDay("2025-11-21T08:00:00Z", "en", "UTC", now)).toBe("November 21, 2025");
    // 23:30 UTC on Tuesday is already Wednesday in Berlin: today there
    expect(formatDay("2026-11-24T23:30:00Z", "en", "Europe/Berlin", now)).toBe("today");
  });
  it("show the time today, the weekday this week, else the date in a conversation list", () => {
    expect(formatListMoment("2026-11-25T09:05:00Z", "de", "UTC", now)).toBe("09:05");
    expect(formatListMoment("2026-11-23T09:05:00Z", "en", "UTC", now)).toBe("Mon");
    expect(formatListMoment("2026-11-01T09:05:00Z", "nl", "UTC", now)).toBe("1 nov");
  });
  it("gives the same text from a kept formatter as from a new one, whatever was asked before", () => {
    expect(formatClock("2026-11-25T09:05:00Z", "fi", "UTC")).toBe("9.05");
    expect(formatClock("2026-11-25T09:05:00Z", "fi", "Europe/Helsinki")).toBe("11.05");
    expect(formatClock("2026-11-25T09:05:00Z", "fi", "UTC")).toBe("9.05");
    expect(formatMoney(250, "SEK", "sv")).toBe("2,50\u00a0kr");
    expect(formatMoney(250, "EUR", "sv")).toBe("2,50\u00a0€");
  });
});
