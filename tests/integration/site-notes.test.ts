// Two site settings the pages read: visible_profile_notes (the notes under a profile: the
// fictional-profile note and the premium-photos hint; off, a fictional profile is still marked
// by its icon and word beside the name) and fictional_plural (what the footer calls the site's
// fictional profiles, in the member's language). Pride runs here with notes off and its own word.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { adoptSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { createMember } from "#tests/support/factories.ts";
import { request } from "#tests/support/http.ts";
import { textOf } from "#tests/support/logged-in.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const dir = mkdtempSync(path.join(tmpdir(), "tenants-notes-"));

beforeAll(async () => {
  cpSync("tenants", dir, { recursive: true });
  const file = path.join(dir, "pride.json");
  const pride = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, JSON.stringify({ ...pride, visible_profile_notes: false, fictional_plural: { en: "entertainment hosts", sv: "underhållningsvärdar" } }));
  const registry = loadSiteRegistry(dir);
  await syncSites(getDb(), registry);
  resetSingleton("siteRegistry");
  adoptSiteRegistry(registry);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const server = useTestServer();

const page = async (host: string, pathname: string, language = "en") =>
  request(server, pathname, { host, headers: { "accept-language": language, cookie: `lng=${language}` } });

describe("visible_profile_notes", () => {
  it("shows a profile's notes where it is on (the default), and only the mark beside the name where it is off", async () => {
    const onLovely = await createMember({ fictional: true, gender: "female", seeking: "male" });
    const lovely = await page("lovely.localhost", `/members/${onLovely.profile.id}`);
    expect(lovely.status).toBe(200);
    expect(lovely.html).toContain('data-testid="fictional-warning"');
    expect(lovely.html).toContain('data-testid="premium-photos-note"');

    const onPride = await createMember({ site: "pride", fictional: true, gender: "male", seeking: "male", country: "SE" });
    const pride = await page("pride.localhost", `/members/${onPride.profile.id}`);
    expect(pride.status).toBe(200);
    expect(pride.html).not.toContain('data-testid="fictional-warning"');
    expect(pride.html).not.toContain('data-testid="premium-photos-note"');
    // still marked: the icon with the site's word, in the heading
    expect(textOf(pride.html)).toMatch(/<h1[^>]*>[^<]*<span[^>]*data-testid="fictional-mark"><svg[\s\S]*?first-letter:uppercase">fictional profile<\/span>/);

    const real = await createMember({ site: "pride", gender: "male", seeking: "male", country: "SE" });
    const heading = /<h1[\s\S]*?<\/h1>/.exec((await page("pride.localhost", `/members/${real.profile.id}`)).html)?.[0];
    expect(heading).toContain(real.profile.name);
    expect(heading).not.toContain('data-testid="fictional-icon"');
  });
});

describe("fictional_plural", () => {
  const note = (html: string) => textOf(/data-testid="fictional-note">([^<]*)</.exec(html)?.[1] ?? "");

  it("names the site's fictional profiles in the footer, in the visitor's language, opening the sentence", async () => {
    expect(note((await page("pride.localhost", "/")).html)).toBe(
      "Entertainment hosts: some profiles are operated for entertainment and are marked with an icon. Physical meetings with them are not possible.",
    );
    expect(note((await page("pride.localhost", "/", "sv")).html)).toBe(
      "Underhållningsvärdar: vissa profiler drivs i underhållningssyfte och är markerade med en ikon. Det går inte att träffa dem fysiskt.",
    );
    // a site file without its own word: the language's
    expect(note((await page("lovely.localhost", "/")).html)).toMatch(/^Fictional profiles: some profiles are operated for entertainment/);
    expect(note((await page("lovely.localhost", "/", "de")).html)).toMatch(/^Fiktive Profile: Einige Profile werden zur Unterhaltung betrieben/);
  });

  it("is what /api/settings.php reports", async () => {
    const settings = (await page("pride.localhost", "/api/settings.php")).json().settings;
    expect(settings).toMatchObject({ visible_profile_notes: false, fictional_plural: "entertainment hosts" });
  });
});
