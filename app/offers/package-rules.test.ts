import { describe, expect, it } from "vitest";
import { applyPackageChange, countryPackages, NEW_PACKAGE_ID, packageChangeProblem, type PackageRow } from "./package-rules.ts";

// 12 credits a message; DE publishes 0.99 EUR, which the 100-credit package gives exactly (8.25 × 12 / 100)
const site = { countries: ["DE", "AT"], message_credits: 12, minimum_message_costs: { DE: { costs: 0.99, currency: "EUR" } } };
const row = (id: number, credits: number, priceCents: number, country: string | null = "DE"): PackageRow => ({
  id,
  credits,
  priceCents,
  country,
  currency: "EUR",
  active: true,
  bestValue: false,
  position: id,
  style: "p0",
});
const rows = [row(1, 50, 990), row(2, 100, 825), row(3, 100, 825, "AT")];

describe("a package change", () => {
  it("may not make a message cheaper or dearer than the published minimum, but may keep or approach it", () => {
    expect(packageChangeProblem(site, rows, { kind: "price", id: 2, priceCents: 700 })).toMatchObject({
      message: "staff.offers.errors.belowMessagePrice",
      params: { country: "DE", price: "0.84 EUR", published: "0.99 EUR" },
    });
    expect(packageChangeProblem(site, rows, { kind: "price", id: 2, priceCents: 900 })?.message).toBe("staff.offers.errors.aboveMessagePrice");
    expect(packageChangeProblem(site, rows, { kind: "active", id: 2, active: false })?.message).toBe("staff.offers.errors.aboveMessagePrice");
    // 8.20: 0.984 a message, rounded up to the published 0.99
    expect(packageChangeProblem(site, rows, { kind: "price", id: 2, priceCents: 820 })).toBeNull();
    expect(packageChangeProblem(site, rows, { kind: "price", id: 1, priceCents: 1290 })).toBeNull();
    // already below the published figure (an old price): a step up toward it passes, a step down does not
    const low = [row(1, 100, 600)];
    expect(packageChangeProblem(site, low, { kind: "price", id: 1, priceCents: 700 })).toBeNull();
    expect(packageChangeProblem(site, low, { kind: "price", id: 1, priceCents: 500 })?.message).toBe("staff.offers.errors.belowMessagePrice");
  });

  it("keeps a package in every country it reaches, and refuses other sites' ids, unknown countries and repeats", () => {
    expect(packageChangeProblem(site, rows, { kind: "active", id: 3, active: false })).toMatchObject({
      message: "staff.offers.errors.lastPackage",
      params: { country: "AT" },
    });
    // a package for every country counts in each of them
    expect(packageChangeProblem(site, [...rows, row(4, 10, 500, null)], { kind: "active", id: 3, active: false })).toBeNull();
    expect(packageChangeProblem(site, rows, { kind: "price", id: 99, priceCents: 100 })?.message).toBe("staff.offers.errors.packageNotFound");
    expect(packageChangeProblem(site, rows, { kind: "add", country: "NL", credits: 10, priceCents: 100 })?.message).toBe("staff.offers.errors.country");
    expect(packageChangeProblem(site, rows, { kind: "add", country: "DE", credits: 50, priceCents: 100 })?.message).toBe("staff.offers.errors.sameCredits");
    expect(packageChangeProblem(site, rows, { kind: "price", id: 1, priceCents: 990 })?.message).toBe("staff.offers.errors.unchanged");
  });

  it("adds a package last, in the next style, and lists a country's active packages in order", () => {
    const after = applyPackageChange(rows, { kind: "add", country: "DE", credits: 300, priceCents: 2400 });
    expect(after.at(-1)).toMatchObject({ id: NEW_PACKAGE_ID, country: "DE", currency: "EUR", style: "p2", position: 3, active: true });
    const disabled = applyPackageChange(after, { kind: "active", id: 1, active: false });
    expect(countryPackages(disabled, "DE").map((p) => p.credits)).toEqual([100, 300]);
    expect(countryPackages(disabled, "AT").map((p) => p.id)).toEqual([3]);
  });
});
