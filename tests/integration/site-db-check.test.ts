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
const file = registry.fileOf.get("lovely")!;

describe("site:check against the database", () => {
  it("finds nothing wrong with the demo sites", async () => {
    expect(await checkSitesInDatabase(registry, getDb())).toEqual([]);
  });

  it("names a missing company, a country without credit packages and a country without a payment method", async () => {
    const broken = { ...lovely, company_id: 987_654, countries: [...lovely.countries, "JP"] };
    const noMethods = { ...lovely, key: "nomethods", payments: { ...lovely.payments, disabled_methods: [...PAYMENT_METHODS] } };
    const problems = await checkSitesInDatabase({ sites: [broken, noMethods], fileOf: new Map([["lovely", file], ["nomethods", "tenants/nomethods.json"]]) }, getDb());
    const jp = broken.countries.length - 1;
    expect(problems).toContain(`${file}: company_id: company 987654 does not exist in the companies table`);
    expect(problems).toContain(`${file}: countries.${jp}: no active credit packages for JP`);
    expect(problems).toContain("tenants/nomethods.json: countries.0: no payment method for NL (payments.providers / payments.methods)");
    // nothing else is reported for lovely's own countries
    expect(problems.filter((p) => p.startsWith(file))).toHaveLength(2);
  });
});
