// npm run site:new: a file the schema accepts, TODOs that site:check names until filled, and no
// second site on a taken key or domain.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSiteFile, NewSiteError } from "./new-site.server.ts";
import { checkSites } from "./site-check.server.ts";
import { loadSiteRegistry } from "./site-registry.server.ts";
import { siteSchema } from "./site-schema.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tenantsCopy() {
  const dir = mkdtempSync(path.join(tmpdir(), "site-new-"));
  dirs.push(dir);
  cpSync("tenants", dir, { recursive: true });
  return dir;
}

const check = (tenantsDir: string) => checkSites({ tenantsDir, publicDir: path.resolve("public"), localesDir: path.resolve("app/locales") });

describe("site:new", () => {
  it("writes a site file the schema accepts; site:check names the TODO until it is filled", () => {
    const dir = tenantsCopy();
    const file = createSiteFile(dir, "sunny", "sunnydates.example");
    expect(file).toBe(path.join(dir, "sunny.json"));
    const json = JSON.parse(readFileSync(file, "utf8"));
    expect(siteSchema.safeParse(json).success).toBe(true);
    expect(json).toMatchObject({ key: "sunny", domains: ["sunny.localhost", "sunnydates.example"], niche: 1, company_id: 1 });

    expect(check(dir)).toEqual([`${file}: support_phone: still the site:new placeholder ("${json.support_phone}")`]);
    writeFileSync(file, JSON.stringify({ ...json, support_phone: "+31 20 555 0000" }));
    expect(check(dir)).toEqual([]);
    expect(loadSiteRegistry(dir).byHost.get("sunnydates.example")?.key).toBe("sunny");
  });

  it("refuses a key or domain that is taken or malformed", () => {
    const dir = tenantsCopy();
    const refused = (key: string, domain: string) => {
      try {
        createSiteFile(dir, key, domain);
      } catch (error) {
        expect(error).toBeInstanceOf(NewSiteError);
        return (error as Error).message;
      }
      throw new Error(`site:new accepted ${key} ${domain}`);
    };
    expect(refused("lovely", "new.example")).toContain("lovely.json already exists");
    expect(refused("other", "lovelydates.example")).toMatch(/domain "lovelydates\.example" is already served by .*lovely\.json/);
    expect(refused("Sunny", "sunny.example")).toContain('key "Sunny": must be lower-case');
    expect(refused("sunny", "sunny.example:8080")).toContain("must be a lower-case host name without port");
    expect(refused("sunny", "www.sunny.example")).toContain("without port or www.");
    // a key whose file has another name is found by its content
    writeFileSync(path.join(dir, "renamed.json"), JSON.stringify({ key: "sunny", domains: ["x.example"] }));
    expect(refused("sunny", "sunny.example")).toMatch(/key "sunny" is already used by .*renamed\.json/);
    expect(existsSync(path.join(dir, "sunny.json"))).toBe(false);
  });

  it("runs as npm run site:new: prints what to fill in, exit code 1 on a duplicate", () => {
    const dir = tenantsCopy();
    const run = () =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/site-new.ts", "sunny", "sunnydates.example"], {
        env: { ...process.env, TENANTS_DIR: dir },
        encoding: "utf8",
        timeout: 30_000,
      });
    const first = run();
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`wrote ${path.join(dir, "sunny.json")}`);
    expect(first.stdout).toContain("support_phone");
    expect(first.stdout).toContain("npm run site:check");
    const second = run();
    expect(second.status).toBe(1);
    expect(second.stderr).toContain("sunny.json already exists");
  });
});
