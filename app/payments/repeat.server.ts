// The last completed order of a member, and whether its method can be charged again: its
// provider keeps a stored method (mandate), the provider can charge one, and the site still
// offers that method with that provider in that country. What it costs is quoted again: today's
// price of the package with the discount that applies now, asked as the checkout asks it, never
// the amount of the last payment (which may have had a discount). The pay button sends this
// total and the checkout charges only it (docs/payments.md).
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";
import { lastCompletedOrder } from "./checkout.server.ts";
import { discountForOrder, discountedCents } from "./discounts.server.ts";
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
  const answer = await db.$transaction((tx) =>
    discountForOrder(tx, { site, userId, priceCents: pkg.priceCents, currency: pkg.currency, country: last.country, method: last.method }),
  );
  const discount = answer.ok ? answer.discount : null;
  return {
    paymentId: last.id,
    packageId: pkg.id,
    credits: pkg.credits,
    priceCents: pkg.priceCents,
    /** what the repeat costs now: the package's price less the discount that applies now */
    totalCents: discountedCents(pkg.priceCents, discount),
    discount,
    currency: pkg.currency,
    method: last.method,
    country: last.country,
    stored,
  };
}
