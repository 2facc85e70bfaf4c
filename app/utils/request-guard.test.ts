// The same-origin rule, every combination of the scheme the site runs on, the port in the
// request's Host and the scheme and port a page's Origin (or Referer) names.
import { afterEach, describe, expect, it } from "vitest";
import { resetSingleton } from "./singleton.ts";
import { fromOwnPage, fromSameOrigin } from "./request-guard.server.ts";

const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443" };

/** How the site is reached: HTTPS=1 behind a TLS proxy, a trusted proxy's X-Forwarded-Proto, plain http. */
const deployments = [
  { name: "plain http", https: false, protocol: "http:", scheme: "http:" },
  { name: "HTTPS=1 (TLS ends at the proxy)", https: true, protocol: "http:", scheme: "https:" },
  { name: "trusted proxy says https", https: false, protocol: "https:", scheme: "https:" },
];
const hostPorts = ["", ":80", ":443", ":3500"];
const originSchemes = ["http:", "https:"];
const originPorts = ["", ":80", ":443", ":3500", ":3501"];

const headers = (entries: Record<string, string>) => ({ headers: new Headers(entries) });
const effectivePort = (port: string, scheme: string) => port.slice(1) || DEFAULT_PORT[scheme];

afterEach(() => {
  delete process.env.HTTPS;
  resetSingleton("env");
});

describe("a state-changing request's Origin", () => {
  for (const deployment of deployments) {
    it(`is this site only with its scheme, host and port: ${deployment.name}`, () => {
      if (deployment.https) process.env.HTTPS = "1";
      resetSingleton("env");
      const seen: string[] = [];
      for (const hostPort of hostPorts) {
        // the Host as express hands it on: the URL API has already dropped http's default port
        const host = new URL(`http://lovely.localhost${hostPort}`).host;
        const url = { host, protocol: deployment.protocol };
        for (const scheme of originSchemes)
          for (const port of originPorts) {
            const origin = `${scheme}//lovely.localhost${port}`;
            const hostPortLeft = new URL(`http://${host}`).port;
            const same = scheme === deployment.scheme && effectivePort(port, scheme) === (hostPortLeft || DEFAULT_PORT[deployment.scheme]);
            const what = `${origin} to Host ${host}`;
            expect(fromSameOrigin(headers({ origin }), url), what).toBe(same);
            // a browser that sends no Origin on a GET but a Referer: the same rule
            expect(fromOwnPage(headers({ referer: `${origin}/profile` }), url), `referer ${what}`).toBe(same);
            if (same) seen.push(what);
          }
      }
      // each Host is reachable from exactly its own origin (http's :80 and no port being one Host)
      expect(seen.length).toBeGreaterThanOrEqual(hostPorts.length);
    });
  }

  it("is never another host, junk or null", () => {
    const url = { host: "lovely.localhost", protocol: "http:" };
    for (const origin of ["http://pride.localhost", "http://lovely.localhost.evil.example", "null", "not a url", "http://"])
      expect(fromSameOrigin(headers({ origin }), url), origin).toBe(false);
    expect(fromSameOrigin(headers({}), url)).toBe(true);
    expect(fromSameOrigin(headers({ "sec-fetch-site": "cross-site" }), url)).toBe(false);
  });
});
