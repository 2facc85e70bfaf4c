// A site for the tests that serves the product's countries outside Europe (US, CA, AU, NZ), from
// tests/fixtures/tenants/faraway.json, with the seed's credit packages in their currencies. No demo
// site serves them; served on faraway.localhost beside the demo sites by this test file's server.
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedCreditPackages } from "#prisma/seed/credit-packages.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { adoptSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";

export const FARAWAY_HOST = "faraway.localhost";

/** The tenants directory with the fixture beside the demo files (for site:check), and the site served and priced. */
export async function serveFarawaySite() {
  const dir = mkdtempSync(path.join(tmpdir(), "tenants-faraway-"));
  cpSync("tenants", dir, { recursive: true });
  cpSync("tests/fixtures/tenants/faraway.json", path.join(dir, "faraway.json"));
  const registry = loadSiteRegistry(dir);
  await syncSites(getDb(), registry);
  resetSingleton("siteRegistry");
  adoptSiteRegistry(registry);
  await seedCreditPackages(getDb());
  return { dir, registry };
}
