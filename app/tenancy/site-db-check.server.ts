// The half of `npm run site:check` that needs the database: each site's company exists, and each
// of its countries has credit packages and at least one payment method a configured provider
// offers (with the providers this process has: the test provider, Mollie with MOLLIE_API_KEY).
import { countryCurrency } from "#app/payments/methods.ts";
import { offeredMethods } from "#app/payments/providers/index.server.ts";
import type { Db } from "#app/utils/db.server.ts";
import type { SiteRegistry } from "./site-registry.server.ts";

export async function checkSitesInDatabase(registry: Pick<SiteRegistry, "sites" | "fileOf">, db: Db): Promise<string[]> {
  const problems: string[] = [];
  const keys = registry.sites.map((s) => s.key);
  const [companies, packages] = await Promise.all([
    db.company.findMany({ select: { id: true } }),
    db.creditPackage.findMany({ where: { siteKey: { in: keys }, active: true }, select: { siteKey: true, country: true }, distinct: ["siteKey", "country"] }),
  ]);
  const companyIds = new Set(companies.map((c) => c.id));
  for (const site of registry.sites) {
    const file = registry.fileOf.get(site.key) ?? site.key;
    if (!companyIds.has(site.company_id)) problems.push(`${file}: company_id: company ${site.company_id} does not exist in the companies table`);
    const packaged = new Set(packages.filter((p) => p.siteKey === site.key).map((p) => p.country));
    site.countries.forEach((country, i) => {
      if (!packaged.has(country) && !packaged.has(null)) problems.push(`${file}: countries.${i}: no active credit packages for ${country}`);
      if (!offeredMethods(site, country, countryCurrency(country)).length)
        problems.push(`${file}: countries.${i}: no payment method for ${country} (payments.providers / payments.methods)`);
    });
  }
  return problems;
}
