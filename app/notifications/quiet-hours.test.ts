import { describe, expect, it } from "vitest";
import { parseQuietHours, quietDelayMs } from "./quiet-hours.ts";

describe("quiet hours", () => {
  const night = parseQuietHours("22-8");
  it("holds a mail back until 08:00 in the member's country", () => {
    // 23:30 in Amsterdam (CET, UTC+1 in winter) → 8 h 30 min to wait
    expect(quietDelayMs(night, "NL", new Date("2026-11-23T22:30:00Z"))).toBe(8.5 * 3600_000);
    // 07:59 in Helsinki (UTC+2) → 1 minute
    expect(quietDelayMs(night, "FI", new Date("2026-11-23T05:59:00Z"))).toBe(60_000);
  });
  it("lets mail through in the daytime, without a known time zone, or when switched off", () => {
    expect(quietDelayMs(night, "NL", new Date("2026-11-23T12:00:00Z"))).toBe(0);
    expect(quietDelayMs(night, "US", new Date("2026-11-23T05:00:00Z"))).toBe(0);
    expect(quietDelayMs(parseQuietHours("0-0"), "NL", new Date("2026-11-23T01:00:00Z"))).toBe(0);
    expect(parseQuietHours("junk")).toBeNull();
  });
});
