// What a member of a country of the site sees, for the console's preview: the packages and their
// prices in the country's currency (with a pending change applied, not saved), the message price
// derived from them, the payment methods, the first-purchase discount a new member gets and the
// typed codes that apply there now. The same rules as the member's pages: countryPackages is the
// list /credits shows, the discount rows are those the checkout asks (automaticRows).
import { automaticRows, discountedCents } from "#app/payments/discounts.server.ts";
import { cheapestMessagePrice } from "#app/payments/message-price.ts";
import { countryCurrency } from "#app/payments/methods.ts";
import { offeredMethods } from "#app/payments/providers/index.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { applyPackageChange, countryPackages, NEW_PACKAGE_ID, packageChangeProblem, type PackageChange, type PackageRow } from "./package-rules.ts";
import { offerPackages } from "./packages.server.ts";

const applies = (row: { country: string | null; currency: string | null }, country: string, currency: string) =>
  (!row.country || row.country.toUpperCase() === country) && (!row.currency || row.currency.toUpperCase() === currency);

/** The country a change is previewed in: the new or changed package's own, else the one asked for. */
function previewCountry(site: Site, rows: readonly PackageRow[], asked: string, change?: PackageChange) {
  if (change?.kind === "add" && site.countries.includes(change.country)) return change.country;
  const own = change && change.kind !== "add" ? rows.find((r) => r.id === change.id)?.country : null;
  return own ?? asked;
}

export async function memberPreview(site: Site, asked: string, change?: PackageChange, now = new Date()) {
  const db = getDb();
  const rows = await offerPackages(site);
  const country = previewCountry(site, rows, asked, change);
  const after = change ? applyPackageChange(rows, change) : rows;
  const currency = countryCurrency(country);
  const [timeBonus, welcome, codes] = await Promise.all([
    automaticRows(db, site, "time_bonus"),
    automaticRows(db, site, "welcome"),
    db.discountCode.findMany({
      where: {
        kind: "code",
        userId: null,
        status: "active",
        OR: [{ siteKey: site.key }, { siteKey: null }],
        AND: [{ OR: [{ startsAt: null }, { startsAt: { lte: now } }] }, { OR: [{ expires: null }, { expires: { gt: now } }] }],
      },
      orderBy: { code: "asc" },
      select: { code: true, valuePercentage: true, validity: true, expires: true, country: true, currency: true, minimumOrderValueCents: true },
    }),
  ]);
  const firstPurchase = [...timeBonus, ...welcome]
    .filter((r) => applies(r, country, currency))
    .map((r) => ({ kind: r.kind, code: r.code, percentage: r.valuePercentage, hours: Math.round((r.signupWindowSeconds ?? 0) / 3600) }));
  const offered = countryPackages(after, country);
  const changedId = change && change.kind !== "add" ? change.id : NEW_PACKAGE_ID;
  const opening = firstPurchase[0] ?? null;
  return {
    country,
    currency,
    problem: change ? packageChangeProblem(site, rows, change) : null,
    packages: offered.map((p) => ({
      id: p.id,
      credits: p.credits,
      priceCents: p.priceCents,
      currency: p.currency,
      bestValue: p.bestValue,
      changed: change ? p.id === changedId : false,
      firstPurchaseCents: opening ? discountedCents(p.priceCents, { codeId: 0, code: opening.code, percentage: opening.percentage }) : null,
    })),
    messagePrice: cheapestMessagePrice(offered, site.message_credits, currency),
    messageCredits: site.message_credits,
    methods: offeredMethods(site, country, offered[0]?.currency ?? currency).map((m) => m.method),
    firstPurchase,
    codes: codes
      .filter((c) => applies(c, country, currency))
      .map((c) => ({ code: c.code, percentage: c.valuePercentage, validity: c.validity, expires: c.expires, minimumCents: c.minimumOrderValueCents })),
  };
}
export type MemberPreview = Awaited<ReturnType<typeof memberPreview>>;
