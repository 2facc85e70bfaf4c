// What a change to a site's credit packages may do, decided on the package list before and after
// it: the same pure functions give the console's preview and guard the save, so the preview shows
// exactly what is saved.
//
// The message price (app/payments/message-price.ts) is derived from the packages; the site file's
// minimum_message_costs publishes it per country (/api/settings.php) and site:check refuses a
// published figure below the derived one. So a change may not make a message cheaper than the
// published minimum (a credit sold below what the site allows) nor dearer than it (the published
// "from" price could no longer be had); moving that figure is a change of the site file. A change
// that leaves the derived price where it was, or moves it toward the published one, is allowed.
import { cheapestMessagePrice, type PricedPackage } from "#app/payments/message-price.ts";
import { countryCurrency } from "#app/payments/methods.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export interface PackageRow extends PricedPackage {
  id: number;
  country: string | null;
  active: boolean;
  bestValue: boolean;
  position: number;
  style: string;
}

export type PackageChange =
  | { kind: "price"; id: number; priceCents: number }
  | { kind: "active"; id: number; active: boolean }
  | { kind: "add"; country: string; credits: number; priceCents: number };

interface Problem {
  message: string;
  params?: Record<string, unknown>;
}

/** A package added by the console gets this id until it is saved. */
export const NEW_PACKAGE_ID = 0;

const E = "staff.offers.errors";

/** The list after the change (a new package goes last, in the next style up to p3). */
export function applyPackageChange(rows: readonly PackageRow[], change: PackageChange): PackageRow[] {
  if (change.kind === "add") {
    const own = rows.filter((r) => r.country === change.country);
    return [
      ...rows,
      {
        id: NEW_PACKAGE_ID,
        country: change.country,
        currency: countryCurrency(change.country),
        credits: change.credits,
        priceCents: change.priceCents,
        active: true,
        bestValue: false,
        position: Math.max(-1, ...own.map((r) => r.position)) + 1,
        style: `p${Math.min(3, own.filter((r) => r.active).length)}`,
      },
    ];
  }
  return rows.map((r) => (r.id !== change.id ? r : change.kind === "price" ? { ...r, priceCents: change.priceCents } : { ...r, active: change.active }));
}

/** The active packages a member of the country is offered (country-less rows count for every country). */
export const countryPackages = (rows: readonly PackageRow[], country: string) =>
  rows.filter((r) => r.active && (r.country === country || r.country === null)).sort((a, b) => a.position - b.position || a.credits - b.credits);

/** The countries a package's change reaches: its own, or every country of the site for a country-less one. */
function reachedCountries(site: Pick<Site, "countries">, rows: readonly PackageRow[], change: PackageChange) {
  if (change.kind === "add") return [change.country];
  const row = rows.find((r) => r.id === change.id);
  return row?.country ? [row.country] : site.countries;
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/** Why the change may not be saved, or null. */
export function packageChangeProblem(
  site: Pick<Site, "countries" | "message_credits" | "minimum_message_costs">,
  before: readonly PackageRow[],
  change: PackageChange,
): Problem | null {
  if (change.kind !== "add" && !before.some((r) => r.id === change.id)) return { message: `${E}.packageNotFound` };
  if (change.kind === "add" && !site.countries.includes(change.country)) return { message: `${E}.country` };
  const target = change.kind === "add" ? null : before.find((r) => r.id === change.id)!;
  if (target && change.kind === "active" && target.active === change.active) return { message: `${E}.unchanged` };
  if (target && change.kind === "price" && target.priceCents === change.priceCents) return { message: `${E}.unchanged` };
  const after = applyPackageChange(before, change);
  for (const country of reachedCountries(site, before, change)) {
    const offered = countryPackages(after, country);
    if (!offered.length) return { message: `${E}.lastPackage`, params: { country } };
    const currency = countryCurrency(country);
    if (change.kind === "add" && offered.some((p) => p.id !== NEW_PACKAGE_ID && p.credits === change.credits))
      return { message: `${E}.sameCredits`, params: { country, credits: change.credits } };
    const published = site.minimum_message_costs[country];
    if (!published) continue;
    const was = cheapestMessagePrice(countryPackages(before, country), site.message_credits, currency);
    const now = cheapestMessagePrice(offered, site.message_credits, currency);
    if (!now) continue;
    const publishedCents = Math.round(published.costs * 100);
    const params = { country, price: money(now.cents, now.currency), published: money(publishedCents, published.currency), credits: site.message_credits };
    if (now.cents < publishedCents && (!was || now.cents < was.cents)) return { message: `${E}.belowMessagePrice`, params };
    if (now.cents > publishedCents && (!was || now.cents > was.cents)) return { message: `${E}.aboveMessagePrice`, params };
  }
  return null;
}
