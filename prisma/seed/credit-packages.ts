// The demo sites' credit packages: four per site and payment country (styles p0 to p3, p2 the
// highlighted best value), priced in the country's currency. Idempotent: a site and country that
// has packages already keeps them (prices are edited in the database, not here).
import { countryCurrency } from "#app/payments/methods.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import type { Db } from "#app/utils/db.server.ts";

/** Credits of the four packages; the price list per currency in cents, same order. */
const PACKAGE_CREDITS = [50, 120, 300, 700] as const;
const PRICE_LIST: Record<string, readonly [number, number, number, number]> = {
  EUR: [999, 1999, 4499, 8999],
  GBP: [899, 1799, 3999, 7999],
  CHF: [1090, 2190, 4890, 9790],
  PLN: [4299, 8699, 19499, 38999],
  SEK: [10900, 21900, 49900, 99900],
  NOK: [10900, 22900, 51900, 102900],
  DKK: [7500, 14900, 33900, 67900],
  USD: [1099, 2199, 4899, 9799],
  CAD: [1499, 2999, 6699, 13399],
  AUD: [1599, 3299, 7299, 14699],
  NZD: [1799, 3599, 7999, 15999],
};
const BEST_VALUE_INDEX = 2;

export async function seedCreditPackages(db: Db) {
  const sites = await db.site.findMany({ select: { key: true } });
  const registry = getSiteRegistry();
  for (const { key } of sites) {
    const site = registry.byKey.get(key);
    if (!site) continue;
    const existing = new Set(
      (await db.creditPackage.findMany({ where: { siteKey: key }, select: { country: true }, distinct: ["country"] })).map((p) => p.country),
    );
    const rows = site.countries
      .filter((country) => !existing.has(country))
      .flatMap((country) => {
        const currency = countryCurrency(country);
        const prices = PRICE_LIST[currency]!;
        return PACKAGE_CREDITS.map((credits, i) => ({
          siteKey: key,
          country,
          currency,
          credits,
          priceCents: prices[i]!,
          style: `p${i}`,
          position: i,
          bestValue: i === BEST_VALUE_INDEX,
        }));
      });
    if (rows.length) await db.creditPackage.createMany({ data: rows });
  }
}
