// Whether every site can take payments with the providers this process has: the start, a
// reload of the site files and `npm run site:check` ask here. A site whose countries no
// configured provider serves (a site file naming only the test provider, or none: the test
// provider is the default, where it is off) is refused with its file and field, so a deployment
// never runs a shop that cannot take money, or one that hands out credits without it.
import type { SiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { countryCurrency } from "./methods.ts";
import { configuredProviders, offeredMethods, type Providers } from "./providers/index.server.ts";

const WHY_MISSING: Record<string, string> = {
  test: 'the test provider is off, and it is the default of a site file without a "payments" block; PAYMENTS_TEST_PROVIDER=on turns it on, for a test deployment only',
  mollie: "Mollie needs MOLLIE_API_KEY",
};
const whyMissing = (key: string) => WHY_MISSING[key] ?? "no such provider";

export function paymentConfigProblems(registry: Pick<SiteRegistry, "sites" | "fileOf">, providers: Providers = configuredProviders()): string[] {
  const problems: string[] = [];
  for (const site of registry.sites) {
    const file = registry.fileOf.get(site.key) ?? site.key;
    for (const [method, key] of Object.entries(site.payments.methods)) {
      if (!providers.has(key)) problems.push(`${file}: payments.methods.${method}: provider "${key}" is not configured here (${whyMissing(key)})`);
    }
    // a method the file names for a country must be taken there by one of its configured providers
    for (const [country, methods = []] of Object.entries(site.payments.countries)) {
      const currency = countryCurrency(country);
      const served = new Set(offeredMethods(site, country, currency, providers).map((m) => m.method));
      methods.forEach((method, i) => {
        if (served.has(method) || site.payments.disabled_methods.includes(method)) return;
        const keys = site.payments.methods[method] ? [site.payments.methods[method]] : site.payments.providers;
        const why = keys.map((key) => (providers.has(key) ? `"${key}" does not take it in ${currency}` : `"${key}": ${whyMissing(key)}`)).join("; ");
        problems.push(`${file}: payments.countries.${country}.${i}: no configured provider takes "${method}" in ${country} (${why})`);
      });
    }
    const unserved = site.countries.filter((country) => !offeredMethods(site, country, countryCurrency(country), providers).length);
    if (!unserved.length) continue;
    const missing = site.payments.providers.filter((key) => !providers.has(key));
    const why = missing.length ? missing.map((key) => `"${key}": ${whyMissing(key)}`).join("; ") : "its providers take no method there";
    problems.push(`${file}: payments.providers: no configured provider takes payments in ${unserved.join(", ")} (${why})`);
  }
  return problems;
}
