// The price a member is told before a paid action: the chat's "from" price and /pricing's minimum
// per message are what a message can really cost with the packages of the member's country, on
// every demo site; site:check refuses a site file that configures less.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { messagePrices } from "#app/payments/message-price.server.ts";
import { checkSitesInDatabase } from "#app/tenancy/site-db-check.server.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { request } from "#tests/support/http.ts";
import { loggedInMember, textOf } from "#tests/support/logged-in.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const registry = loadSiteRegistry("tenants");
const site = (key: string) => registry.byKey.get(key)!;

/** What one message costs at best with the demo seed's packages (700 credits the best rate, on mature its own plan's 600 credits for 79.90 EUR or 87.90 CHF). */
const EXPECTED: Record<string, Record<string, [number, string]>> = {
  lovely: { NL: [1.29, "EUR"], BE: [1.29, "EUR"], DE: [1.29, "EUR"], GB: [1.15, "GBP"], IE: [1.29, "EUR"] },
  mature: { DE: [1.6, "EUR"], AT: [1.6, "EUR"], CH: [1.76, "CHF"] },
  pride: {
    SE: [11.42, "SEK"],
    NO: [11.76, "NOK"],
    DK: [7.76, "DKK"],
    FI: [1.03, "EUR"],
    PL: [4.46, "PLN"],
    ES: [1.03, "EUR"],
    IT: [1.03, "EUR"],
    FR: [1.03, "EUR"],
  },
};

/** Intl separates amount and currency with a no-break space; the assertions use plain spaces */
const plain = (html: string) => textOf(html).replace(/[\u00a0\u202f]/g, " ");

describe("the price of a message per site and country", () => {
  it("is the best package's price per credit times the message's credits", async () => {
    for (const [key, countries] of Object.entries(EXPECTED)) {
      const prices = await messagePrices(getDb(), site(key));
      for (const [country, [costs, currency]] of Object.entries(countries)) expect(prices.get(country), `${key} ${country}`).toMatchObject({ costs, currency });
    }
  });

  it("is never below what a package the member can buy gives", async () => {
    for (const key of Object.keys(EXPECTED)) {
      const s = site(key);
      const prices = await messagePrices(getDb(), s);
      for (const country of s.countries) {
        const price = prices.get(country)!;
        const packages = await getDb().creditPackage.findMany({
          where: { siteKey: key, active: true, currency: price.currency, OR: [{ country }, { country: null }] },
        });
        // the least a message costs with any of them, in cents, unrounded
        const least = Math.min(...packages.map((p) => (p.priceCents * s.message_credits) / p.credits));
        expect(price.cents, `${key} ${country}`).toBeGreaterThanOrEqual(least);
        expect(price.cents - 1, `${key} ${country}`).toBeLessThan(least);
      }
    }
  });
});

describe("site:check", () => {
  it("refuses a configured minimum below what the packages allow, naming the file and field", async () => {
    const lovely = site("lovely");
    const cheap = {
      ...lovely,
      minimum_message_costs: { ...lovely.minimum_message_costs, NL: { costs: 0.89, currency: "EUR" }, GB: { costs: 1.15, currency: "EUR" } },
    };
    const problems = await checkSitesInDatabase({ sites: [cheap], fileOf: new Map([["lovely", "tenants/lovely.json"]]) }, getDb());
    expect(problems).toEqual([
      "tenants/lovely.json: minimum_message_costs.NL.costs: 0.89 EUR is less than a message can cost (at least 1.29 EUR: 700 credits for 89.99 EUR, 10 credits a message)",
      "tenants/lovely.json: minimum_message_costs.GB.currency: EUR, but the packages for GB are sold in GBP",
    ]);
    // the demo files configure what the packages give
    expect(await checkSitesInDatabase(registry, getDb())).toEqual([]);
  });

  it("npm run site:check exits 1 on a site file that promises a message for less", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tenants-prices-"));
    try {
      cpSync("tenants", dir, { recursive: true });
      const file = path.join(dir, "pride.json");
      const pride = JSON.parse(readFileSync(file, "utf8"));
      pride.minimum_message_costs.SE = { costs: 9.9, currency: "SEK" };
      writeFileSync(file, JSON.stringify(pride));
      const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/site-check.ts"], {
        env: { ...process.env, TENANTS_DIR: dir },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.stdout).toContain(`${dir}/pride.json: minimum_message_costs.SE.costs: 9.9 SEK is less than a message can cost (at least 11.42 SEK`);
      expect(run.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the pages", () => {
  const server = useTestServer();

  const cases = [
    { key: "lovely", country: "NL", lang: "en", shown: "from €1.29" },
    { key: "lovely", country: "GB", lang: "en", shown: "from £1.15" },
    { key: "mature", country: "DE", lang: "de", shown: "ab 1,60 €" },
    { key: "mature", country: "CH", lang: "de", shown: "ab 1,76 CHF" },
    { key: "pride", country: "SE", lang: "en", shown: "from SEK 11.42" },
    { key: "pride", country: "SE", lang: "sv", shown: "från 11,42 kr" },
  ];

  it.each(cases)("the chat on $key tells a member in $country ($lang) $shown", async ({ key, country, lang, shown }) => {
    const partner = await createMember({ site: key, gender: "male", seeking: "female" });
    const me = await loggedInMember(server, { site: key, country });
    const res = await request(server, `/members/${partner.profile.id}/chat`, {
      host: me.host,
      headers: { cookie: me.jar.header, "accept-language": lang },
    });
    expect(res.status).toBe(200);
    expect(plain(res.html)).toContain(shown);
  });

  it("/pricing lists the least a message costs in each of the site's countries", async () => {
    for (const [key, countries] of Object.entries(EXPECTED)) {
      const html = (await request(server, "/pricing", { host: `${key}.localhost`, headers: { "accept-language": "en" } })).html;
      const lang = /<html lang="(\w+)"/.exec(html)![1]!;
      const line = JSON.parse(readFileSync(`app/locales/${lang}/common.json`, "utf8")).pricing.minimumMessageCost as string;
      for (const [country, [costs, currency]] of Object.entries(countries)) {
        const amount = new Intl.NumberFormat(lang, { style: "currency", currency }).format(costs).replace(/[\u00a0\u202f]/g, " ");
        expect(plain(html)).toContain(line.replace("{{country}}", country).replace("{{amount}}", amount));
      }
    }
  });
});
