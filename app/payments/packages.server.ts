// Credit packages of a site and payment country, and the payment country of a member.
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";

export const packageSelect = { id: true, credits: true, priceCents: true, currency: true, country: true, style: true, bestValue: true } as const;

/** The active packages a site sells in a country (country-less rows count for every country). */
export function sitePackages(db: Db, site: Site, country: string) {
  return db.creditPackage.findMany({
    where: { siteKey: site.key, active: true, OR: [{ country }, { country: null }] },
    orderBy: [{ position: "asc" }, { credits: "asc" }],
    select: packageSelect,
  });
}

/** One package, only when the site sells it in that country. */
export function sitePackage(db: Db, site: Site, country: string, id: number) {
  return db.creditPackage.findFirst({ where: { id, siteKey: site.key, active: true, OR: [{ country }, { country: null }] }, select: packageSelect });
}

/** The payment country: the one asked for when the site sells there, else the member's profile country, else the site's first. */
export function paymentCountry(site: Site, profileCountry: string | null | undefined, asked?: string | null) {
  if (asked && site.countries.includes(asked)) return asked;
  if (profileCountry && site.countries.includes(profileCountry)) return profileCountry;
  return site.countries[0]!;
}
