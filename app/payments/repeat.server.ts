// The last completed order of a member, and whether its method can be charged again: its
// provider keeps a stored method (mandate), the provider can charge one, and the site still
// offers that method with that provider in that country.
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";
import { lastCompletedOrder } from "./checkout.server.ts";
import { sitePackage } from "./packages.server.ts";
import { getProvider, providerFor } from "./providers/index.server.ts";

export async function repeatableOrder(db: Db, site: Site, userId: number) {
  const last = await lastCompletedOrder(db, site, userId);
  if (!last?.packageId) return null;
  const pkg = await sitePackage(db, site, last.country, last.packageId);
  if (!pkg) return null;
  const offered = providerFor(site, last.country, pkg.currency, last.method);
  if (!offered) return null;
  const stored = Boolean(last.mandateReference && offered.provider === last.provider && getProvider(last.provider)?.recurring !== false);
  return {
    paymentId: last.id,
    packageId: pkg.id,
    credits: pkg.credits,
    priceCents: pkg.priceCents,
    currency: pkg.currency,
    method: last.method,
    country: last.country,
    stored,
  };
}
