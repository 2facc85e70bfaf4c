// The process-wide site registry and the database rows that go with each site.
import { getEnv } from "#app/utils/env.server.ts";
import type { Db } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { loadSiteRegistry, SiteConfigError } from "./site-registry.server.ts";

export const getSiteRegistry = () => singleton("siteRegistry", () => loadSiteRegistry(getEnv().tenantsDir));

/** Makes the sites table match tenants/: one row per site with its network and company. */
export async function syncSites(db: Db) {
  const { sites, fileOf } = getSiteRegistry();
  const companies = new Set((await db.company.findMany({ select: { id: true } })).map((c) => c.id));
  for (const site of sites) {
    if (!companies.has(site.company_id)) {
      throw new SiteConfigError(`${fileOf.get(site.key)}: company_id: company ${site.company_id} does not exist in the companies table`);
    }
    await db.site.upsert({
      where: { key: site.key },
      create: { key: site.key, network: site.network, companyId: site.company_id },
      update: { network: site.network, companyId: site.company_id },
    });
  }
}
