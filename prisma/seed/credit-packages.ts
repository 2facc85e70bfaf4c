// The demo sites' credit packages per site and payment country, priced in the country's currency:
// four packages (styles p0 to p3, p2 the highlighted best value) unless the site has its own price
// plan here. Mature Moments sells three larger packages at its own prices (a message costs 12
// credits there; its site file publishes the message price they give). Idempotent: a site and
// country that has packages already keeps them (prices are edited in the database or the staff
// offers console, not here).
import { countryCurrency } from "#app/payments/methods.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import type { Db } from "#app/utils/db.server.ts";

interface PricePlan {
  /** credits of each package, smallest first */
  credits: readonly number[];
  /** per currency, in cents, in the order of `credits` */
  prices: Record<string, readonly number[]>;
  /** the package highlighted as the best value */
  bestValue: number;
}

const DEFAULT_PLAN: PricePlan = {
  credits: [50, 120, 300, 700],
  prices: {
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
  },
  bestValue: 2,
};

/** A demo site's own price plan; a currency it does not list takes the default plan. */
const SITE_PLANS: Record<string, PricePlan> = {
  mature: {
    credits: [100, 250, 600],
    prices: { EUR: [1990, 3990, 7990], CHF: [2190, 4390, 8790] },
    bestValue: 2,
  },
};

/** The packages a site sells in a currency: its own plan's, else the default's. */
function pricePlanOf(siteKey: string, currency: string) {
  const own = SITE_PLANS[siteKey];
  const plan = own?.prices[currency] ? own : DEFAULT_PLAN;
  return { credits: plan.credits, prices: plan.prices[currency]!, bestValue: plan.bestValue };
}

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
        const plan = pricePlanOf(key, currency);
        return plan.credits.map((credits, i) => ({
          siteKey: key,
          country,
          currency,
          credits,
          priceCents: plan.prices[i]!,
          style: `p${i}`,
          position: i,
          bestValue: i === plan.bestValue,
        }));
      });
    if (rows.length) await db.creditPackage.createMany({ data: rows });
  }
}
