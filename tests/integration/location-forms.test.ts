// The three location forms (signup step, /profile, /profile/settings) are one component over one
// schema: the signup step offers the country's official regions (it offered free text the server
// then refused), and without JavaScript each form answers with its field errors in the member's
// language and saves nothing.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REGIONS } from "#app/profiles/geo-data.ts";
import { getDb } from "#app/utils/db.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { createMember } from "#tests/support/factories.ts";
import { logIn } from "#tests/support/logged-in.ts";

const server = useTestServer();

const EN = { "accept-language": "en" };
const de = JSON.parse(readFileSync("app/locales/de/common.json", "utf8"));
const unescape = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

/** The location component of a page: its selects' options and chosen values, its labels, its city input. */
function locationFields(html: string) {
  const parts = html.split('data-testid="location-fields"');
  expect(parts, "exactly one location component").toHaveLength(2);
  const block = parts[1]!;
  const select = (name: string) => {
    const found = block.match(new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`));
    if (!found) return null;
    const tag = found[0].slice(0, found[0].indexOf(">") + 1);
    const options = [...found[1]!.matchAll(/<option[^>]*value="([^"]*)"/g)].map((m) => unescape(m[1]!)).filter(Boolean);
    const selected = found[1]!.match(/<option[^>]*value="([^"]*)"[^>]*selected=""/)?.[1];
    return { tag, options, selected: selected === undefined ? undefined : unescape(selected) };
  };
  const labels = [...block.matchAll(/<label[^>]*for="[^"]*-(?:country|region|city)"[^>]*>([^<]*)</g)].map((m) => m[1]);
  return { country: select("country"), region: select("region"), cityInput: block.match(/<input[^>]*name="city"[^>]*>/)?.[0], labels };
}

describe("the signup location step", () => {
  it("offers the country's regions, refuses one of another country in the member's language, and saves a listed one", async () => {
    const m = await createMember({ site: "lovely", country: "BE", region: null });
    const jar = await logIn(server, m.email, "lovely.localhost");
    const page = await request(server, "/signup?step=location", { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-testid="signup-step-location"');
    expect(page.html, "no free-text region").not.toMatch(/<input[^>]*name="region"/);
    expect(page.html).toMatch(/<select[^>]*name="region"/);
    const fields = locationFields(page.html);
    expect(fields.region!.options).toEqual([...REGIONS.BE]);
    expect(fields.country!.options).toEqual(["NL", "BE", "DE", "GB", "IE"]);
    expect(fields.country!.selected).toBe("BE");
    expect(fields.labels).toEqual(["Country", "Province", "City"]);

    const post = (fields: Record<string, string>, headers: Record<string, string> = EN) =>
      postForm(server, "/signup?step=location", fields, {
        host: "lovely.localhost",
        headers: { ...headers, cookie: `${jar.header}; ${headers.cookie ?? ""}` },
      });

    // a region of another country: refused, shown again with the posted country's list
    const refused = await post({ country: "DE", region: "Antwerpen", city: "Köln" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Choose a region of the selected country");
    expect(refused.html).toContain("Please check the highlighted fields");
    const again = locationFields(refused.html);
    expect(again.country!.selected).toBe("DE");
    expect(again.region!.options).toEqual([...REGIONS.DE]);
    expect(again.labels).toEqual(["Country", "State", "City"]);
    expect(again.region!.tag).toContain('aria-invalid="true"');
    expect(again.region!.tag).toContain('data-state="invalid"');
    expect(again.cityInput).toContain('value="Köln"');
    expect(again.cityInput).toContain('data-state="valid"');

    const german = await post({ country: "BE", region: "Bayern" }, { cookie: "lng=de" });
    expect(german.status).toBe(400);
    expect(german.html).toContain(de.validation.region);
    expect(locationFields(german.html).labels).toEqual(["Land", de.profile.regionLabel.province, "Stadt"]);

    // a country the site does not serve, a city beyond its bound
    const other = await post({ country: "SE", region: "Stockholm", city: "x".repeat(101) });
    expect(other.status).toBe(400);
    expect(other.html).toContain("Please fill in this field");
    expect(other.html).toContain("This text is too long");
    expect((await getDb().profile.findUniqueOrThrow({ where: { id: m.profile.id } })).region).toBeNull();

    const saved = await post({ country: "BE", region: "Antwerpen", city: "Mechelen" });
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe("/signup?step=confirm");
    expect(await getDb().profile.findUniqueOrThrow({ where: { id: m.profile.id } })).toMatchObject({ country: "BE", region: "Antwerpen", city: "Mechelen" });
  });

  it("skips without checking what was entered", async () => {
    const m = await createMember({ site: "lovely", country: "NL", region: null });
    const jar = await logIn(server, m.email, "lovely.localhost");
    const skip = await postForm(server, "/signup?step=location", { intent: "skip" }, { host: "lovely.localhost", headers: { cookie: jar.header } });
    expect(skip.headers.location).toBe("/signup?step=confirm");
    const page = await request(server, "/signup?step=location", { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    expect(page.html).toMatch(/<form[^>]*id="skip-location"/);
  });
});

describe("one location component", () => {
  it("is the same on the signup step, /profile and /profile/settings, with the country's word for its regions", async () => {
    const m = await createMember({ site: "pride", country: "SE", region: "Skåne" });
    await getDb().profile.update({ where: { id: m.profile.id }, data: { city: "Malmö" } });
    const jar = await logIn(server, m.email, "pride.localhost");
    for (const [path, form] of [
      ["/signup?step=location", "signup-step-location"],
      ["/profile", "profile-form"],
      ["/profile/settings", "settings-location"],
    ] as const) {
      const page = await request(server, path, { host: "pride.localhost", headers: { ...EN, cookie: jar.header } });
      expect(page.status, path).toBe(200);
      const formHtml = page.html.slice(page.html.indexOf(`data-testid="${form}"`));
      const fields = locationFields(formHtml.slice(0, formHtml.indexOf("</form>")));
      expect(fields.country!.options, path).toEqual(["SE", "NO", "DK", "FI", "PL", "ES", "IT", "FR"]);
      expect(fields.country!.selected, path).toBe("SE");
      expect(fields.region!.options, path).toEqual([...REGIONS.SE]);
      expect(fields.region!.selected, path).toBe("Skåne");
      expect(fields.labels, path).toEqual(["Country", "County", "City"]);
      expect(fields.cityInput, path).toContain('value="Malmö"');
    }
  });
});

describe("/profile/settings location without JavaScript", () => {
  it("answers a refused region with the field's error and saves a listed one", async () => {
    const m = await createMember({ site: "lovely", country: "NL", region: "Utrecht" });
    const jar = await logIn(server, m.email, "lovely.localhost");
    const post = (fields: Record<string, string>) =>
      postForm(server, "/profile/settings", { intent: "settings", ...fields }, { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    const refused = await post({ country: "GB", region: "Utrecht", city: "York" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Choose a region of the selected country");
    const shown = locationFields(refused.html);
    expect(shown.region!.options).toEqual([...REGIONS.GB]);
    expect(shown.labels).toEqual(["Country", "Region", "City"]);
    expect(await getDb().profile.findUniqueOrThrow({ where: { id: m.profile.id } })).toMatchObject({ country: "NL", region: "Utrecht" });

    const saved = jar.take(await post({ country: "GB", region: "Yorkshire and the Humber", city: "York" }));
    expect(saved.status).toBe(302); // the settings page again, with a toast
    const landed = await request(server, "/profile/settings", { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    expect(landed.html).toContain("Your settings have been saved.");
    expect(await getDb().profile.findUniqueOrThrow({ where: { id: m.profile.id } })).toMatchObject({
      country: "GB",
      region: "Yorkshire and the Humber",
      city: "York",
    });
  });
});
