import { describe, expect, it } from "vitest";
import { ipKey, minutesOf } from "./rate-limits.server.ts";

describe("ipKey", () => {
  it("keeps IPv4 addresses, also IPv4-mapped ones", () => {
    expect(ipKey("203.0.113.7")).toBe("203.0.113.7");
    expect(ipKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts IPv6 addresses by their /64, however they are written", () => {
    const key = "2001:db8:85a3:0::/64";
    expect(ipKey("2001:db8:85a3::8a2e:370:7334")).toBe(key);
    expect(ipKey("2001:0db8:85a3:0000:ffff:0000:0000:0001")).toBe(key);
    expect(ipKey("2001:DB8:85A3::1")).toBe(key);
    expect(ipKey("2001:db8:85a3:1::1")).not.toBe(key);
  });
});

it("shows at least one minute", () => {
  expect(minutesOf(1)).toBe(1);
  expect(minutesOf(15 * 60_000)).toBe(15);
  expect(minutesOf(15 * 60_000 + 1)).toBe(16);
});
