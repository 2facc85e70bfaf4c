// The process-wide site registry and the database rows that go with each site.
import { landersDir, readContentSets, replaceContentSets } from "#app/landers/lander-config.server.ts";
import { paymentConfigProblems } from "#app/payments/payment-config.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { getDb, type Db } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { forgetCompanies } from "./company.server.ts";
import { companyBlocks } from "./company-sync.server.ts";
import { loadSiteRegistry, SiteConfigError, type SiteRegistry } from "./site-registry.server.ts";

// A holder, not the registry itself: a reload replaces the whole registry in one assignment, so a
// request that already resolved its site (and any code holding the old registry) keeps a
// consistent view, and the next request sees only the new one.
const holder = () => singleton("siteRegistry", () => ({ registry: loadSiteRegistry(getEnv().tenantsDir) }));

export const getSiteRegistry = (): SiteRegistry => holder().registry;

/** Serves a registry the caller loaded already (server/main.ts validates tenants/ first): read once. */
export const adoptSiteRegistry = (registry: SiteRegistry) => void singleton("siteRegistry", () => ({ registry }));

/** Makes the sites table match the registry: one row per site with its network and company (written from the site file's company block, if it has one). */
export async function syncSites(db: Db, registry: SiteRegistry = getSiteRegistry()) {
  const { sites, fileOf } = registry;
  const written = await syncCompanies(db, registry);
  const companies = new Set([...(await db.company.findMany({ select: { id: true } })).map((c) => c.id), ...written]);
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

/** The companies the site files describe, written into the companies table; returns their ids. */
async function syncCompanies(db: Db, registry: SiteRegistry): Promise<number[]> {
  const { blocks, problems } = companyBlocks(registry);
  if (problems.length) throw new SiteConfigError(problems.join("\n"));
  for (const [id, { company, site }] of blocks) {
    const data = {
      name: company.name,
      address: company.address,
      city: company.city,
      country: company.country,
      kvk: company.kvk,
      tradenames: company.tradenames,
      vatNumbers: company.vat_numbers,
      supportPhone: company.support_phone ?? site.support_phone,
      deleteDiscount: company.delete_discount,
      ...(company.added ? { added: new Date(`${company.added}T00:00:00Z`) } : {}),
    };
    await db.company.upsert({ where: { id }, create: { id, ...data }, update: data });
  }
  if (blocks.size) forgetCompanies();
  return [...blocks.keys()];
}

/**
 * Reads tenants/ again and, only when every file (sites and landers) is valid, every company
 * exists and every site can take payments here, serves the new registry. Throws SiteConfigError otherwise and the previous registry
 * stays. A removed site's row stays in the database (its members do); it is no longer served.
 */
export async function reloadSites(db: Db = getDb()): Promise<SiteRegistry> {
  const dir = getEnv().tenantsDir;
  const next = loadSiteRegistry(dir);
  const payments = paymentConfigProblems(next);
  if (payments.length) throw new SiteConfigError(payments.join("\n"));
  const landers = readContentSets(landersDir());
  if (landers.problems.length) throw new SiteConfigError(landers.problems.join("\n"));
  await syncSites(db, next);
  holder().registry = next;
  replaceContentSets(landers.sets);
  // caches keyed by the Site object (settings, locale detection, app icons, service worker)
  // forget the old sites by themselves: every reload makes new Site objects
  return next;
}
