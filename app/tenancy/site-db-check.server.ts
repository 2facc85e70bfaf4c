// The half of `npm run site:check` that needs the database: each site's company exists (or its file describes it), and each
// of its countries has credit packages and at least one payment method a configured provider
// offers (with the providers this process has: the test provider, Mollie with MOLLIE_API_KEY), and
// no configured minimum_message_costs promises a message for less than the packages allow.
import { cheapestMessagePrice } from "#app/payments/message-price.ts";
import { countryCurrency } from "#app/payments/methods.ts";
import { offeredMethods } from "#app/payments/providers/index.server.ts";
import type { Db } from "#app/utils/db.server.ts";
import type { SiteRegistry } from "./site-registry.server.ts";

export async function checkSitesInDatabase(registry: Pick<SiteRegistry, "sites" | "fileOf">, db: Db): Promise<string[]> {
  const problems: string[] = [];
  const keys = registry.sites.map((s) => s.key);
  const [companies, packages] = await Promise.all([
    db.company.findMany({ select: { id: true } }),
    db.creditPackage.findMany({
      where: { siteKey: { in: keys }, active: true },
      select: { siteKey: true, country: true, credits: true, priceCents: true, currency: true },
    }),
  ]);
  const companyIds = new Set(companies.map((c) => c.id));
  for (const site of registry.sites) {
    const file = registry.fileOf.get(site.key) ?? site.key;
    // a company block is written at start (syncSites): a fresh database needs no row yet
    if (!site.company && !companyIds.has(site.company_id))
      problems.push(`${file}: company_id: company ${site.company_id} does not exist in the companies table`);
    const own = packages.filter((p) => p.siteKey === site.key);
    const packaged = new Set(own.map((p) => p.country));
    site.countries.forEach((country, i) => {
      if (!packaged.has(country) && !packaged.has(null)) problems.push(`${file}: countries.${i}: no active credit packages for ${country}`);
      if (!offeredMethods(site, country, countryCurrency(country)).length)
        problems.push(`${file}: countries.${i}: no payment method for ${country} (payments.providers / payments.methods)`);
    });
    for (const [country, configured] of Object.entries(site.minimum_message_costs)) {
      const field = `${file}: minimum_message_costs.${country}`;
      const best = cheapestMessagePrice(
        own.filter((p) => p.country === country || p.country === null),
        site.message_credits,
        countryCurrency(country),
      );
      if (!best) continue; // a site country without packages is named above; another country sells nothing here
      const pack = `${best.from.credits} credits for ${(best.from.priceCents / 100).toFixed(2)} ${best.currency}, ${site.message_credits} credits a message`;
      if (configured.currency !== best.currency)
        problems.push(`${field}.currency: ${configured.currency}, but the packages for ${country} are sold in ${best.currency}`);
      else if (Math.round(configured.costs * 100) < best.cents)
        problems.push(
          `${field}.costs: ${configured.costs} ${configured.currency} is less than a message can cost (at least ${best.costs.toFixed(2)} ${best.currency}: ${pack})`,
        );
    }
  }
  return problems;
}
