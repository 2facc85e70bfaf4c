// Each demo site is its own niche's product: the visitor's home page says and shows what
// its site file says (hero look, headline, sub-line, tagline, feature cards in the file's order,
// in every language the site offers), a site file that gets the home block wrong is refused with
// file and field named, and Lovely Dates and Mature Moments sell different packages.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkSites } from "#app/tenancy/site-check.server.ts";
import { loadSiteRegistry, SiteConfigError } from "#app/tenancy/site-registry.server.ts";
import { adoptSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, textOf } from "#tests/support/logged-in.ts";

const server = useTestServer();

type Texts = Record<string, string>;
interface SiteFile {
  branding: { tagline: Texts };
  home: { style: string; headline: Texts; copy: Texts; features: { key: string; icon: string; title?: Texts }[] };
}
const siteFile = (key: string, dir = "tenants") => JSON.parse(readFileSync(path.join(dir, `${key}.json`), "utf8")) as SiteFile;
const catalogue = (lang: string) => JSON.parse(readFileSync(`app/locales/${lang}/common.json`, "utf8"));

/** The visitor's home page in a language (the language cookie, as the switcher sets it). */
const home = (key: string, lang: string) => request(server, "/", { host: `${key}.localhost`, headers: { cookie: `lng=${lang}`, "accept-language": lang } });

const byTestId = (html: string, id: string) => {
  const m = new RegExp(`data-testid="${id}"[^>]*>([^]*?)</(?:h1|p)>`).exec(html);
  return m ? textOf(m[1]!).trim() : null;
};
const heroStyle = (html: string) => /data-hero-style="(\w+)"/.exec(html)?.[1];
/** The feature cards in page order: key and title. */
const features = (html: string) =>
  [...html.matchAll(/data-feature="(\w+)"[^>]*>[^]*?<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => ({ key: m[1]!, title: textOf(m[2]!) }));

describe("the visitor's home page, from the site file", () => {
  const cases = [
    ["lovely", "en"],
    ["lovely", "nl"],
    ["mature", "de"],
    ["mature", "it"],
    ["pride", "sv"],
    ["pride", "nb"],
    ["pride", "fi"],
    ["pride", "pl"],
  ] as const;

  it.each(cases)("%s in %s: its own look, headline, sub-line, tagline and cards", async (key, lang) => {
    const file = siteFile(key);
    const res = await home(key, lang);
    expect(res.status).toBe(200);
    expect(res.html).toMatch(new RegExp(`<html[^>]*lang="${lang}"`));
    expect(heroStyle(res.html)).toBe(file.home.style);
    expect(byTestId(res.html, "site-title")).toBe(file.home.headline[lang]);
    expect(byTestId(res.html, "home-copy")).toBe(file.home.copy[lang]);
    // Norwegian, Finnish and Polish on Pride Match kept no tagline before: every language has it
    expect(byTestId(res.html, "home-tagline")).toBe(file.branding.tagline[lang]);
    const t = catalogue(lang);
    expect(features(res.html)).toEqual(file.home.features.map((f) => ({ key: f.key, title: t.home.features[f.key].title })));
  });

  it("differs between the three sites: no two share their look, headline or cards", async () => {
    const pages = await Promise.all((["lovely", "mature", "pride"] as const).map((key) => home(key, "en")));
    expect(new Set(pages.map((p) => heroStyle(p.html))).size).toBe(3);
    expect(new Set(pages.map((p) => byTestId(p.html, "site-title"))).size).toBe(3);
    expect(new Set(pages.map((p) => JSON.stringify(features(p.html).map((f) => f.key)))).size).toBe(3);
  });

  it("follows an edit of the site file: another look, the cards in its new order, a card in the file's own words", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tenants-home-"));
    cpSync("tenants", dir, { recursive: true });
    const lovely = siteFile("lovely", dir) as SiteFile & Record<string, unknown>;
    lovely.home.style = "elegant";
    lovely.home.features = [
      { key: "safety", icon: "shield", title: { en: "Looked after, every day" } },
      { key: "swipe", icon: "cards" },
    ];
    lovely.home.headline.en = "A headline the marketer wrote";
    writeFileSync(path.join(dir, "lovely.json"), JSON.stringify(lovely));
    try {
      resetSingleton("siteRegistry");
      adoptSiteRegistry(loadSiteRegistry(dir));
      const res = await home("lovely", "en");
      expect(heroStyle(res.html)).toBe("elegant");
      expect(byTestId(res.html, "site-title")).toBe("A headline the marketer wrote");
      expect(features(res.html)).toEqual([
        { key: "safety", title: "Looked after, every day" },
        { key: "swipe", title: catalogue("en").home.features.swipe.title },
      ]);
      // the file's words only where it has them: in Dutch the catalogue's title
      expect(features((await home("lovely", "nl")).html)[0]).toEqual({ key: "safety", title: catalogue("nl").home.features.safety.title });
    } finally {
      resetSingleton("siteRegistry");
      adoptSiteRegistry(loadSiteRegistry("tenants"));
    }
  });
});

describe("the faces of a home page", () => {
  const faceIds = (html: string) => [.../data-testid="home-faces"[^]*?<\/ul>/.exec(html)![0].matchAll(/href="\/members\/(\d+)"/g)].map((m) => Number(m[1]));
  const sitesOf = async (ids: number[]) =>
    new Set((await getDb().profile.findMany({ where: { id: { in: ids } }, select: { user: { select: { siteKey: true } } } })).map((p) => p.user.siteKey));

  it("are the site's own members where it resells: Lovely and Mature share a pool but not their faces", async () => {
    const lovely = faceIds((await home("lovely", "en")).html);
    const mature = faceIds((await request(server, "/?ref=partner", { host: "mature.localhost", headers: { cookie: "lng=de" } })).html);
    expect(lovely).toHaveLength(4);
    expect(mature).toHaveLength(4);
    expect(await sitesOf(lovely)).toEqual(new Set(["lovely"]));
    expect(await sitesOf(mature)).toEqual(new Set(["mature"]));
  });
});

describe("a site file with a wrong home block", () => {
  it("is refused at start and by site:check, naming the file and the field", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tenants-bad-home-"));
    cpSync("tenants", dir, { recursive: true });
    const file = path.join(dir, "pride.json");
    const pride = JSON.parse(readFileSync(file, "utf8"));
    delete pride.home.headline.nb; // a language the site offers without its headline
    pride.home.copy.de = "Deutsch bietet die Seite nicht an";
    pride.home.features[1].key = "jacuzzi";
    pride.home.features.push({ key: "community", icon: "people" });
    pride.home.style = "neon";
    writeFileSync(file, JSON.stringify(pride));

    let message = "";
    try {
      loadSiteRegistry(dir);
    } catch (error) {
      expect(error).toBeInstanceOf(SiteConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain(`${file}: home.style: `);
    expect(message).toContain(`${file}: home.features.1.key: `);

    const problems = checkSites({ tenantsDir: dir, publicDir: path.resolve("public"), localesDir: path.resolve("app/locales") });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${file}: home.style: `)),
        expect.stringMatching(new RegExp(`^${file}: home.features.1.key: `)),
      ]),
    );

    // with the enums right, the rules across fields: every offered language, no other, no card twice
    pride.home.style = "bold";
    pride.home.features[1].key = "safety";
    writeFileSync(file, JSON.stringify(pride));
    expect(() => loadSiteRegistry(dir)).toThrow(SiteConfigError);
    expect(checkSites({ tenantsDir: dir, publicDir: path.resolve("public"), localesDir: path.resolve("app/locales") })).toEqual([
      `${file}: home.headline.nb: missing: the site offers nb`,
      `${file}: home.copy.de: not one of the site's locales`,
      `${file}: home.features.3.key: "community" is already shown`,
    ]);
  });
});

describe("packages per site", () => {
  /** credits and price of each package on /credits, in page order */
  const packages = (html: string) =>
    [...html.matchAll(/data-testid="package-\d+"[^>]*>[^]*?<p[^>]*>(\d+)<\/p>[^]*?data-testid="package-price"[^>]*>([^<]+)</g)].map(
      (m) => `${m[1]} ${textOf(m[2]!).replace(/[\u00a0\u202f]/g, " ")}`,
    );

  it("Lovely Dates and Mature Moments sell different packages at different prices, in Germany too", async () => {
    const lovely = await loggedInMember(server, { site: "lovely", country: "DE" });
    const mature = await loggedInMember(server, { site: "mature", country: "DE" });
    const page = (m: typeof lovely) =>
      request(server, "/credits?country=DE", { host: m.host, headers: { cookie: `${m.jar.header}; lng=en`, "accept-language": "en" } });
    const [onLovely, onMature] = await Promise.all([page(lovely), page(mature)]);
    // the seeded packages of each (other test files add packages of their own to the shared database meanwhile)
    const lovelySeeded = ["50 €9.99", "120 €19.99", "300 €44.99", "700 €89.99"];
    const matureSeeded = ["100 €19.90", "250 €39.90", "600 €79.90"];
    expect(packages(onLovely.html)).toEqual(expect.arrayContaining(lovelySeeded));
    expect(packages(onMature.html)).toEqual(expect.arrayContaining(matureSeeded));
    for (const offer of matureSeeded) expect(packages(onLovely.html)).not.toContain(offer);
    for (const offer of lovelySeeded) expect(packages(onMature.html)).not.toContain(offer);
  });
});
