// The browser's translations are a hashed file of their own, not part of every page:
// the page names the file of its language, the file is that language's catalogue, kept a year.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const server = useTestServer();

const catalogue = (locale: string) => JSON.parse(readFileSync(`app/locales/${locale}/common.json`, "utf8")) as Record<string, Record<string, string>>;
const fileOf = (html: string) => /<html[^>]* data-catalogue="(\/i18n\/[a-z]{2}\/common\.[0-9a-f]{16}\.json)"/.exec(html)?.[1];

describe("the translation catalogue", () => {
  it("is a file per language that the page names and preloads, not part of the page", async () => {
    const english = await request(server, "/", { host: "lovely.localhost", headers: { "accept-language": "en", cookie: "entry_ok=1" } });
    const dutch = await request(server, "/", { host: "lovely.localhost", headers: { "accept-language": "nl", cookie: "entry_ok=1" } });
    const [enFile, nlFile] = [fileOf(english.body), fileOf(dutch.body)];
    expect(enFile).toMatch(/^\/i18n\/en\//);
    expect(nlFile).toMatch(/^\/i18n\/nl\//);
    expect(english.body).toContain(`<link rel="preload" as="fetch" href="${enFile}" crossorigin="anonymous"/>`);
    // a message no page shows stays out of the page
    const unused = catalogue("en").messages!.crossSite!;
    expect(english.body).not.toContain(JSON.stringify(unused).slice(1, -1));
    expect(english.bytes.length).toBeLessThan(40_000);

    const file = await request(server, nlFile!, { host: "pride.localhost" });
    expect(file.status).toBe(200);
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(file.json()).toEqual(catalogue("nl"));
  });

  it("answers an outdated hash with today's catalogue, revalidated, and junk with 404", async () => {
    const stale = await request(server, "/i18n/de/common.0123456789abcdef.json", { host: "mature.localhost" });
    expect(stale.status).toBe(200);
    expect(stale.headers["cache-control"]).toBe("no-cache");
    expect(stale.json()).toEqual(catalogue("de"));
    for (const path of [
      "/i18n/xx/common.0123456789abcdef.json",
      "/i18n/de/common.json",
      "/i18n/de/pages.0123456789abcdef.json",
      "/i18n/de/..%2Fcommon.0123456789abcdef.json",
    ]) {
      expect((await request(server, path, { host: "mature.localhost" })).status, path).toBe(404);
    }
  });
});
