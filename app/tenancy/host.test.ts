import { describe, expect, it } from "vitest";
import { normaliseHost, resolveSite } from "./host.server.ts";
import { loadSiteRegistry } from "./site-registry.server.ts";

const registry = loadSiteRegistry("tenants");
const prod = { trustProxy: false, development: false };
const siteKey = (resolved: ReturnType<typeof resolveSite>) => (resolved && resolved !== "invalid" ? resolved.site.key : resolved);

describe("host resolution", () => {
  it("normalises case, port, www and a trailing dot", () => {
    expect(normaliseHost("WWW.LovelyDates.Example:8443")).toBe("lovelydates.example");
    expect(normaliseHost("mature.localhost.")).toBe("mature.localhost");
    expect(normaliseHost("[::1]:3000")).toBe("[::1]");
    expect(normaliseHost("")).toBeNull();
  });

  it("finds each site by any of its domains", () => {
    expect(siteKey(resolveSite(registry, { host: "pride.localhost:3000" }, prod))).toBe("pride");
    expect(siteKey(resolveSite(registry, { host: "www.maturemoments.example" }, prod))).toBe("mature");
  });

  it("answers nothing for an unknown host", () => {
    expect(resolveSite(registry, { host: "evil.example" }, prod)).toBeNull();
  });

  it("ignores X-Forwarded-Host unless the proxy is trusted", () => {
    const headers = { host: "lovely.localhost", forwardedHost: "pride.localhost" };
    expect(siteKey(resolveSite(registry, headers, prod))).toBe("lovely");
    expect(siteKey(resolveSite(registry, headers, { ...prod, trustProxy: true }))).toBe("pride");
  });

  it("serves the first site on a bare localhost only in development", () => {
    expect(siteKey(resolveSite(registry, { host: "localhost:3000" }, { ...prod, development: true }))).toBe("lovely");
    expect(siteKey(resolveSite(registry, { host: "127.0.0.1" }, { ...prod, development: true }))).toBe("lovely");
    expect(resolveSite(registry, { host: "localhost" }, prod)).toBeNull();
  });
});

describe("hosts that are not host names", () => {
  it("are invalid, not unknown", () => {
    for (const host of ["lovely.localhost:99999", "[::1]x", "[::1", "a@lovely.localhost", "lovely.localhost/x", "lo vely.localhost", ".", ""]) {
      expect(resolveSite(registry, { host }, prod), host).toBe("invalid");
      expect(normaliseHost(host), host).toBeNull();
    }
    expect(resolveSite(registry, { host: "[::1]:3000" }, { ...prod, development: true })).toMatchObject({ host: "[::1]", authority: "[::1]:3000" });
    expect(resolveSite(registry, { host: "LOVELY.localhost:80" }, prod)).toMatchObject({ host: "lovely.localhost", authority: "lovely.localhost" });
  });
});
