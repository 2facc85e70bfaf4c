// The product's countries outside Europe (US, CA, AU, NZ) work end to end on a site that serves
// them: a member's location form takes a region of the country under the country's own word, the
// credits page sells packages in the country's currency with card, PayPal and Apple Pay, the
// message price follows those packages, and site:check accepts the site file.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messagePrices } from "#app/payments/message-price.server.ts";
import { paymentConfigProblems } from "#app/payments/payment-config.server.ts";
import { REGIONS } from "#app/profiles/geo-data.ts";
import { checkSitesInDatabase } from "#app/tenancy/site-db-check.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { FARAWAY_HOST, serveFarawaySite } from "#tests/support/faraway-site.ts";
import { createMember } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { logIn, textOf } from "#tests/support/logged-in.ts";
import { useStarted, useTestServer } from "#tests/support/fixtures.ts";

// the faraway site served beside the demo sites; its tenants folder goes at the end
const tenants = useStarted(serveFarawaySite, async ({ dir }) => rmSync(dir, { recursive: true, force: true }));
const server = useTestServer();

const EN = { "accept-language": "en" };
/** Intl separates amount and currency with a no-break space; the assertions use plain spaces */
const plain = (html: string) => textOf(html).replace(/[\u00a0\u202f]/g, " ");

const COUNTRIES = [
  { country: "US", region: "Texas", other: "Ontario", word: "State", currency: "USD", cheapest: "$10.99", message: 1.68 },
  { country: "CA", region: "Québec", other: "Texas", word: "Province or territory", currency: "CAD", cheapest: "CA$14.99", message: 2.3 },
  { country: "AU", region: "Northern Territory", other: "Otago", word: "State or territory", currency: "AUD", cheapest: "A$15.99", message: 2.52 },
  { country: "NZ", region: "Hawke's Bay", other: "Tasmania", word: "Region", currency: "NZD", cheapest: "NZ$17.99", message: 2.75 },
] as const;

describe.each(COUNTRIES)("a member in $country", ({ country, region, other, word, currency, cheapest, message }) => {
  it("saves a region of the country from the location form, under the country's word, and refuses one of another country", async () => {
    const m = await createMember({ site: "faraway", country, region: null });
    const jar = await logIn(server, m.email, FARAWAY_HOST);
    const headers = { ...EN, cookie: jar.header };
    const page = await request(server, "/profile/settings", { host: FARAWAY_HOST, headers });
    expect(page.status).toBe(200);
    const form = page.html.slice(page.html.indexOf('data-testid="location-fields"'));
    expect(textOf(form)).toMatch(new RegExp(`<label[^>]*-region"[^>]*>${word}<`));
    for (const name of REGIONS[country]) expect(textOf(form)).toContain(`value="${name}"`);

    const post = (fields: Record<string, string>) => postForm(server, "/signup?step=location", fields, { host: FARAWAY_HOST, headers });
    expect((await post({ country, region: other, city: "Somewhere" })).status).toBe(400);
    const saved = await post({ country, region, city: "Somewhere" });
    expect(saved.status).toBe(302);
    expect(await getDb().profile.findUniqueOrThrow({ where: { id: m.profile.id } })).toMatchObject({ country, region, city: "Somewhere" });
  });

  it(`is sold credits in ${currency} with card, PayPal and Apple Pay, and told the message price in it`, async () => {
    const m = await createMember({ site: "faraway", country });
    const jar = await logIn(server, m.email, FARAWAY_HOST);
    const page = await request(server, "/credits", { host: FARAWAY_HOST, headers: { ...EN, cookie: jar.header } });
    expect(page.status).toBe(200);
    expect(plain(page.html)).toContain(cheapest);
    expect(page.html).not.toContain("€");
    for (const method of ["creditcard", "paypal", "applepay"]) expect(page.html).toContain(`data-testid="method-${method}"`);
    expect(page.html).not.toContain('data-testid="method-ideal"');

    const price = (await messagePrices(getDb(), tenants.registry.byKey.get("faraway")!)).get(country);
    expect(price).toMatchObject({ costs: message, currency });
  });
});

describe("site:check", () => {
  it("accepts a site file serving US, CA, AU and NZ", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/site-check.ts"], {
      env: { ...process.env, TENANTS_DIR: tenants.dir, PAYMENTS_TEST_PROVIDER: "on" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  it("finds the packages of each country in its currency and a method to pay with", async () => {
    expect(paymentConfigProblems(tenants.registry)).toEqual([]);
    expect(await checkSitesInDatabase(tenants.registry, getDb())).toEqual([]);
  });
});
