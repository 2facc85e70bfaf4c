// site:check's database half against the seeded test database: the demo sites pass; a missing
// company, a country without credit packages and one without a payment method are each named
// with file and field.
import { describe, expect, it } from "vitest";
import { PAYMENT_METHODS } from "#app/payments/methods.ts";
import { checkSitesInDatabase } from "#app/tenancy/site-db-check.server.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { getDb } from "#app/utils/db.server.ts";

const registry = loadSiteRegistry("tenants");
const lovely = registry.byKey.get("lovely")!;

describe("site:check against the database", () => {
  it("finds nothing wrong with the demo sites", async () => {
    expect(await checkSitesInDatabase(registry, getDb())).toEqual([]);
  });

  it("names a missing company, a country without credit packages and a country without a payment method", async () => {
    // sites by keys of their own: no package in the database is theirs (other tests add packages to the demo sites)
    const broken = { ...lovely, key: "nopackages", company_id: 987_654 };
    const noMethods = { ...lovely, key: "nomethods", payments: { ...lovely.payments, disabled_methods: [...PAYMENT_METHODS] } };
    const fileOf = new Map([
      ["nopackages", "tenants/nopackages.json"],
      ["nomethods", "tenants/nomethods.json"],
    ]);
    const problems = await checkSitesInDatabase({ sites: [broken, noMethods], fileOf }, getDb());
    expect(problems).toContain("tenants/nopackages.json: company_id: company 987654 does not exist in the companies table");
    lovely.countries.forEach((country, i) => expect(problems).toContain(`tenants/nopackages.json: countries.${i}: no active credit packages for ${country}`));
    expect(problems).toContain("tenants/nomethods.json: countries.0: no payment method for NL (payments.providers / payments.methods)");
    // a site with packages and methods has no such line
    expect(problems.filter((p) => p.startsWith("tenants/nopackages.json") && p.includes("payment method"))).toEqual([]);
  });
});
