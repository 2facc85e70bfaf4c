// A fourth site for the tests, from tests/fixtures/tenants/closed.json: like Mature Moments but
// open to new members only through partner traffic (signups: with_trafficsource), the case no
// demo site shows. Served on closed.localhost beside the demo sites by this test file's server.
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { adoptSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";

export const CLOSED_HOST = "closed.localhost";

export async function serveClosedSite() {
  const dir = mkdtempSync(path.join(tmpdir(), "tenants-closed-"));
  cpSync("tenants", dir, { recursive: true });
  cpSync("tests/fixtures/tenants/closed.json", path.join(dir, "closed.json"));
  const registry = loadSiteRegistry(dir);
  await syncSites(getDb(), registry);
  resetSingleton("siteRegistry");
  adoptSiteRegistry(registry);
}
