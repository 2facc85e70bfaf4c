// A site's credit packages in the offers console: the list (active and disabled), and price
// changes, new packages and disabling or enabling one. Each change locks the site's package rows,
// is judged by package-rules.ts on the locked list (so two staff saving at once are judged one
// after the other), and commits with its audit entry. Payments keep the amount and credits they
// were created with (payments.amount_cents, payments.credits): a new price reaches new orders only,
// and a pending order whose total differs is refused by the checkout (the price on the button is
// the price charged).
import type { Prisma } from "#app/generated/prisma/client.ts";
import { audit } from "#app/staff/audit.server.ts";
import type { StaffUser } from "#app/staff/session.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { applyPackageChange, NEW_PACKAGE_ID, packageChangeProblem, type PackageChange, type PackageRow } from "./package-rules.ts";
import type { OfferResult } from "./result.ts";

type Tx = Prisma.TransactionClient;

const rowSelect = {
  id: true,
  country: true,
  currency: true,
  credits: true,
  priceCents: true,
  active: true,
  bestValue: true,
  position: true,
  style: true,
} as const;

/** Every package of the site, disabled ones too, by country and position. */
export function offerPackages(site: Pick<Site, "key">, db: Tx = getDb()): Promise<PackageRow[]> {
  return db.creditPackage.findMany({ where: { siteKey: site.key }, orderBy: [{ country: "asc" }, { position: "asc" }, { credits: "asc" }], select: rowSelect });
}

/** The site's rows, locked in id order for the rest of the transaction. */
async function lockSitePackages(tx: Tx, site: Pick<Site, "key">) {
  await tx.$queryRaw`SELECT id FROM credit_packages WHERE site_key = ${site.key} ORDER BY id FOR UPDATE`;
  return offerPackages(site, tx);
}

const auditView = (r: PackageRow) => ({
  packageId: r.id,
  country: r.country,
  credits: r.credits,
  priceCents: r.priceCents,
  currency: r.currency,
  active: r.active,
});

const ACTIONS: Record<PackageChange["kind"] | "disable", { action: string; done: string }> = {
  price: { action: "offers.package_price", done: "staff.offers.done.price" },
  add: { action: "offers.package_add", done: "staff.offers.done.added" },
  active: { action: "offers.package_enable", done: "staff.offers.done.enabled" },
  disable: { action: "offers.package_disable", done: "staff.offers.done.disabled" },
};

/** Saves one change of the site's packages, or answers why not (nothing written). */
export async function savePackageChange(staff: StaffUser, site: Site, change: PackageChange): Promise<OfferResult> {
  return getDb().$transaction(
    async (tx) => {
      const before = await lockSitePackages(tx, site);
      const problem = packageChangeProblem(site, before, change);
      if (problem) return { ok: false, status: problem.message.endsWith("packageNotFound") ? 404 : 409, ...problem };
      const after = applyPackageChange(before, change);
      const old = change.kind === "add" ? null : before.find((r) => r.id === change.id)!;
      let saved: PackageRow;
      if (change.kind === "add") {
        const { id: _, ...fresh } = after.find((r) => r.id === NEW_PACKAGE_ID)!;
        saved = await tx.creditPackage.create({ data: { ...fresh, siteKey: site.key }, select: rowSelect });
      } else {
        const next = after.find((r) => r.id === change.id)!;
        saved = await tx.creditPackage.update({ where: { id: change.id }, data: { priceCents: next.priceCents, active: next.active }, select: rowSelect });
      }
      const kind = change.kind === "active" && !change.active ? "disable" : change.kind;
      await audit(staff, { action: ACTIONS[kind].action, siteKey: site.key, before: old ? auditView(old) : null, after: auditView(saved) }, tx);
      return { ok: true, message: ACTIONS[kind].done, params: { credits: saved.credits, country: saved.country ?? "" } };
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
}
