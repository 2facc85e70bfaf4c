// The pool rule on the demo sites: lovely and mature resell each other's members, pride keeps
// its own; a reselling site of another network shares with nobody here.
import { describe, expect, it } from "vitest";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { inPool, poolKey, poolSiteKeys, poolWhere } from "./access.server.ts";

const site = (key: string) => getSiteRegistry().byKey.get(key)!;

describe("member pool", () => {
  it("joins only sites that both resell, in one network", () => {
    expect(poolSiteKeys(site("lovely")).sort()).toEqual(["lovely", "mature"]);
    expect(poolSiteKeys(site("mature")).sort()).toEqual(["lovely", "mature"]);
    expect(poolSiteKeys(site("pride"))).toEqual(["pride"]);
    expect(inPool(site("lovely"), { siteKey: "pride" })).toBe(false);
    expect(inPool(site("pride"), { siteKey: "lovely" })).toBe(false);
    expect(inPool(site("mature"), { siteKey: "lovely" })).toBe(true);
    const elsewhere = { key: "other", network: "elsewhere", member_resell: true };
    expect(poolSiteKeys(elsewhere)).toEqual(["other"]);
    expect(inPool(elsewhere, { siteKey: "lovely" })).toBe(false);
  });

  it("queries by network and reselling sites, or by the site alone", () => {
    expect(poolWhere(site("lovely"))).toEqual({ network: "rendezvous", siteKey: { in: expect.arrayContaining(["lovely", "mature"]) } });
    expect(poolWhere(site("pride"))).toEqual({ siteKey: "pride" });
    expect(poolKey(site("lovely"))).toBe(poolKey(site("mature")));
    expect(poolKey(site("pride"))).not.toBe(poolKey(site("lovely")));
  });
});
