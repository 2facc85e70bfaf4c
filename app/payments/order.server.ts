// What the order overview shows: the package (only the site's, sold in its payment country), the
// methods offered there, the chosen one, and the discount the server would apply now (the
// member's active one or the typed code), asked exactly as the checkout asks it.
import type { PaymentMethod } from "#app/generated/prisma/enums.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";
import type { CheckoutAnswer } from "./checkout.server.ts";
import { discountForOrder, discountedCents } from "./discounts.server.ts";
import { packageSelect, paymentCountry } from "./packages.server.ts";
import { offeredMethods } from "./providers/index.server.ts";

/** where the pay button leads: a provider's hosted page, or the direct-debit form on this site */
export type PayDestination = "test" | "mollie" | "directdebit";

/** who sells: the site's operating company */
export interface Seller {
  name: string;
  city: string;
}

/** The company that runs the site, as the checkout names it. */
export async function siteSeller(site: Site): Promise<Seller | null> {
  const company = await getCompanyInfo(site.company_id);
  return company ? { name: company.name, city: company.city } : null;
}

interface Member {
  id: number;
  profile: { country: string | null } | null;
}

export async function orderOverview(
  db: Db,
  site: Site,
  member: Member,
  packageId: number,
  methodParam: string | null,
  code: string | undefined,
  askedCountry: string | null,
) {
  const pkg = await db.creditPackage.findFirst({ where: { id: packageId, siteKey: site.key, active: true }, select: packageSelect });
  if (!pkg) return null;
  const country = pkg.country ?? paymentCountry(site, member.profile?.country, askedCountry);
  if (!site.countries.includes(country)) return null;
  const offered = offeredMethods(site, country, pkg.currency);
  const methods = offered.map((m) => m.method);
  let method: PaymentMethod | null = null;
  if (methodParam !== null) {
    method = methods.find((m) => m === methodParam) ?? null;
    if (!method) return null;
  }
  const answer = await db.$transaction((tx) =>
    discountForOrder(tx, {
      site,
      userId: member.id,
      ...(code ? { code } : {}),
      priceCents: pkg.priceCents,
      currency: pkg.currency,
      country,
      method: method ?? methods[0] ?? "creditcard",
    }),
  );
  const discount = answer.ok ? answer.discount : null;
  const chosen = method ? offered.find((m) => m.method === method) : null;
  const destination: PayDestination | null = !chosen ? null : chosen.method === "sdd" ? "directdebit" : chosen.provider;
  return {
    pkg,
    country,
    countryParam: country,
    countryQuery: `?country=${country}`,
    methods,
    method,
    /** the chosen method (or, before a choice, any) is paid with the test provider: no money */
    testMode: offered.some((m) => m.provider === "test" && (!method || m.method === method)),
    discount,
    codeInvalid: !answer.ok,
    totalCents: discountedCents(pkg.priceCents, discount),
    refundDays: site.refund_days,
    destination,
    seller: await siteSeller(site),
  };
}

export const i18nKeyOfCheckoutError = (error: Extract<CheckoutAnswer, { ok: false }>["error"]) => `checkout.errors.${error}`;
