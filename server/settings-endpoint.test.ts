// GET /api/settings.php in the request log: every page asks for it, so its answers are logged at
// debug, not at the default level info (a failure goes to the host's `failed`, at error).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { createLogger } from "#app/utils/logger.server.ts";
import { settingsEndpoint } from "./settings-endpoint.ts";

type Line = { level: number; msg: string; req?: { url: string }; site?: string };

async function serve(level: string) {
  const lines: Line[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const lovely = getSiteRegistry().byKey.get("lovely")!;
  const settings = settingsEndpoint({
    site: () => ({ site: lovely, host: "lovely.localhost", authority: "lovely.localhost" }),
    geoCountry: () => null,
    headers: () => [["X-Content-Type-Options", "nosniff"]],
    logger,
    failed: (res, error) => {
      logger.error({ err: error }, "request failed");
      res.writeHead(500).end();
    },
  });
  const server = http.createServer((req, res) => {
    if (!settings(req, res)) res.writeHead(404).end("not the settings");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { lines, origin, close: () => new Promise((r) => server.close(r)) };
}

describe("the settings endpoint's request log", () => {
  let info: Awaited<ReturnType<typeof serve>>;
  let debug: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    [info, debug] = await Promise.all([serve("info"), serve("debug")]);
  });
  afterAll(() => Promise.all([info.close(), debug.close()]));

  it("writes no line for an answer at the default level", async () => {
    const res = await fetch(`${info.origin}/api/settings.php`, { headers: { "accept-language": "en" } });
    expect(res.status).toBe(200);
    expect((await res.json()).settings).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(info.lines.filter((l) => l.req?.url.startsWith("/api/settings.php"))).toEqual([]);
  });

  it("writes its line at level debug, with the site", async () => {
    const res = await fetch(`${debug.origin}/api/settings.php?country=de`, { headers: { "accept-language": "en" } });
    expect(res.status).toBe(200);
    await expect
      .poll(() => debug.lines.find((l) => l.req?.url.startsWith("/api/settings.php")), { timeout: 3000 })
      .toMatchObject({ level: 20, msg: "request completed", site: "lovely", req: { url: "/api/settings.php?country=de" } });
  });
});
