import { describe, expect, it } from "vitest";
import { normaliseHost, resolveSite } from "./host.server.ts";
import { loadSiteRegistry } from "./site-registry.server.ts";

const registry = loadSiteRegistry("tenants");
const prod = { trustProxy: false, development: false };

describe("host resolution", () => {
  it("normalises case, port, www and a trailing dot", () => {
    expect(normaliseHost("WWW.LovelyDates.Example:8443")).toBe("lovelydates.example");
    expect(normaliseHost("mature.localhost.")).toBe("mature.localhost");
    expect(normaliseHost("[::1]:3000")).toBe("[::1]");
    expect(normaliseHost("")).toBeNull();
  });

  it("finds each site by any of its domains", () => {
    expect(resolveSite(registry, { host: "pride.localhost:3000" }, prod)?.site.key).toBe("pride");
    expect(resolveSite(registry, { host: "www.maturemoments.example" }, prod)?.site.key).toBe("mature");
  });

  it("answers nothing for an unknown host", () => {
    expect(resolveSite(registry, { host: "evil.example" }, prod)).toBeNull();
  });

  it("ignores X-Forwarded-Host unless the proxy is trusted", () => {
    const headers = { host: "lovely.localhost", forwardedHost: "pride.localhost" };
    expect(resolveSite(registry, headers, prod)?.site.key).toBe("lovely");
    expect(resolveSite(registry, headers, { ...prod, trustProxy: true })?.site.key).toBe("pride");
  });

  it("serves the first site on a bare localhost only in development", () => {
    expect(resolveSite(registry, { host: "localhost:3000" }, { ...prod, development: true })?.site.key).toBe("lovely");
    expect(resolveSite(registry, { host: "127.0.0.1" }, { ...prod, development: true })?.site.key).toBe("lovely");
    expect(resolveSite(registry, { host: "localhost" }, prod)).toBeNull();
  });
});
