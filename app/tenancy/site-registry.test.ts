import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSiteRegistry, SiteConfigError } from "./site-registry.server.ts";

const lovely = JSON.parse(readFileSync("tenants/lovely.json", "utf8"));

function tenantsDir(files: Record<string, unknown>) {
  const dir = mkdtempSync(path.join(tmpdir(), "tenants-"));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  }
  return dir;
}

describe("site registry", () => {
  it("loads the demo sites with their hosts", () => {
    const registry = loadSiteRegistry("tenants");
    expect(registry.sites.map((s) => s.key).sort()).toEqual(["lovely", "mature", "pride"]);
    expect(registry.byHost.get("mature.localhost")?.niche).toBe(6);
    expect(registry.byHost.get("pride.localhost")?.locales).toContain("sv");
  });

  it("names the file and the field of an invalid setting", () => {
    const dir = tenantsDir({ "broken.json": { ...lovely, niche: 9 } });
    expect(() => loadSiteRegistry(dir)).toThrow(SiteConfigError);
    expect(() => loadSiteRegistry(dir)).toThrow(/broken\.json: niche: .*7/);
  });

  it("names nested fields and unknown keys", () => {
    const dir = tenantsDir({ "typo.json": { ...lovely, branding: { ...lovely.branding, colors: { primary: "red" } }, singups: "all" } });
    expect(() => loadSiteRegistry(dir)).toThrow(/typo\.json: branding\.colors\.primary: must be a colour/);
    expect(() => loadSiteRegistry(dir)).toThrow(/typo\.json: .*singups/);
  });

  it("rejects a file that is not JSON", () => {
    const dir = tenantsDir({ "bad.json": "{ key: lovely" });
    expect(() => loadSiteRegistry(dir)).toThrow(/bad\.json: not valid JSON/);
  });

  it("refuses two sites claiming one domain", () => {
    const dir = tenantsDir({ "a.json": lovely, "b.json": { ...lovely, key: "other" } });
    expect(() => loadSiteRegistry(dir)).toThrow(/b\.json: domains: "lovely\.localhost" is already served by site "lovely"/);
  });

  it("requires domain_language to be one of the site's locales", () => {
    const dir = tenantsDir({ "x.json": { ...lovely, domain_language: "sv" } });
    expect(() => loadSiteRegistry(dir)).toThrow(/x\.json: domain_language: must be one of the site's locales/);
  });
});
