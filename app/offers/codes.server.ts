// A site's typed discount codes in the offers console: the list with what each has been used for,
// creating, editing, disabling and enabling. The console only touches codes of kind "code" that
// belong to the site it works on; codes for every site (site_key null) are shown, not changed.
//
// No overlapping codes: one row per code text and site (codes are kept in capitals, the unique
// key (code, site_key) holds it), and a site's code may not take the text of an active code for
// every site whose window overlaps its own (the site's row would hide the shared one there).
// A change applies to orders from then on; an order keeps the total it was created with.
import type { Prisma } from "#app/generated/prisma/client.ts";
import { audit } from "#app/staff/audit.server.ts";
import type { StaffUser } from "#app/staff/session.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import type { CodeInput } from "./offer-forms.ts";
import type { OfferResult } from "./result.ts";

type Tx = Prisma.TransactionClient;
const E = "staff.offers.errors";

const codeSelect = {
  id: true,
  code: true,
  siteKey: true,
  kind: true,
  valuePercentage: true,
  validity: true,
  status: true,
  startsAt: true,
  expires: true,
  country: true,
  currency: true,
  minimumOrderValueCents: true,
  paymentMethods: true,
} as const;
type CodeRow = Prisma.DiscountCodeGetPayload<{ select: typeof codeSelect }>;

/**
 * The site's own typed codes, then those for every site, each with its usage so far: redemptions
 * that count as a use (paid, refunded or pending, as discounts.server.ts counts them), and of
 * those the paid ones.
 */
export async function offerCodes(site: Pick<Site, "key">) {
  const db = getDb();
  const rows = await db.discountCode.findMany({
    where: { kind: "code", userId: null, OR: [{ siteKey: site.key }, { siteKey: null }] },
    orderBy: [{ siteKey: { sort: "asc", nulls: "last" } }, { code: "asc" }],
    select: codeSelect,
    take: 500,
  });
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db.$queryRaw<{ code_id: number; used: number; paid: number }[]>`
        SELECT r.code_id,
               count(*) FILTER (WHERE p.status IN ('completed', 'refunded', 'pending'))::int AS used,
               count(*) FILTER (WHERE p.status = 'completed')::int AS paid
        FROM discount_redemptions r JOIN payments p ON p.id = r.payment_id
        WHERE r.code_id = ANY(${ids}) GROUP BY r.code_id`
    : [];
  const usage = new Map(counts.map((c) => [c.code_id, { used: c.used, paid: c.paid }]));
  return rows.map((r) => ({ ...r, usage: usage.get(r.id) ?? { used: 0, paid: 0 } }));
}

const overlaps = (a: { startsAt: Date | null; expires: Date | null }, b: { startsAt: Date | null; expires: Date | null }) =>
  (a.startsAt?.getTime() ?? -Infinity) < (b.expires?.getTime() ?? Infinity) && (b.startsAt?.getTime() ?? -Infinity) < (a.expires?.getTime() ?? Infinity);

/** Why this site may not have the code with this window (the row itself, when edited, excluded). */
async function clash(tx: Tx, site: Pick<Site, "key">, input: Pick<CodeInput, "code" | "startsAt" | "expires">, ownId: number | null) {
  const same = await tx.discountCode.findMany({
    where: { code: { equals: input.code, mode: "insensitive" }, OR: [{ siteKey: site.key }, { siteKey: null }], ...(ownId ? { id: { not: ownId } } : {}) },
    select: { siteKey: true, status: true, startsAt: true, expires: true },
  });
  if (same.some((r) => r.siteKey === site.key)) return { message: `${E}.codeExists`, params: { code: input.code } };
  if (same.some((r) => r.status === "active" && overlaps(r, input))) return { message: `${E}.codeOverlaps`, params: { code: input.code } };
  return null;
}

const auditView = (r: CodeRow) => ({
  codeId: r.id,
  code: r.code,
  percentage: r.valuePercentage,
  validity: r.validity,
  status: r.status,
  startsAt: r.startsAt?.toISOString() ?? null,
  expires: r.expires?.toISOString() ?? null,
  country: r.country,
});

const inTransaction = <T>(work: (tx: Tx) => Promise<T>) => getDb().$transaction(work, { maxWait: 10_000, timeout: 20_000 });
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";
const fields = (input: CodeInput) => ({
  code: input.code,
  valuePercentage: input.percentage,
  validity: input.validity,
  startsAt: input.startsAt,
  expires: input.expires,
  country: input.country,
});

function checkCountry(site: Pick<Site, "countries">, input: CodeInput): OfferResult | null {
  return input.country && !site.countries.includes(input.country) ? { ok: false, status: 400, message: `${E}.country`, field: "country" } : null;
}

export async function createCode(staff: StaffUser, site: Site, input: CodeInput): Promise<OfferResult> {
  const wrongCountry = checkCountry(site, input);
  if (wrongCountry) return wrongCountry;
  try {
    return await inTransaction(async (tx) => {
      const problem = await clash(tx, site, input, null);
      if (problem) return { ok: false, status: 409, field: "code", ...problem };
      const created = await tx.discountCode.create({ data: { ...fields(input), siteKey: site.key, kind: "code" }, select: codeSelect });
      await audit(staff, { action: "offers.code_create", siteKey: site.key, after: auditView(created) }, tx);
      return { ok: true, message: "staff.offers.done.codeCreated", params: { code: created.code } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, field: "code", message: `${E}.codeExists`, params: { code: input.code } };
    throw error;
  }
}

/** The site's own typed code, locked; null for any other row (another site's, a shared or automatic one). */
async function lockOwnCode(tx: Tx, site: Pick<Site, "key">, id: number) {
  await tx.$queryRaw`SELECT id FROM discount_codes WHERE id = ${id} AND site_key = ${site.key} AND kind = 'code' AND user_id IS NULL FOR UPDATE`;
  return tx.discountCode.findFirst({ where: { id, siteKey: site.key, kind: "code", userId: null }, select: codeSelect });
}

export async function updateCode(staff: StaffUser, site: Site, id: number, input: CodeInput): Promise<OfferResult> {
  const wrongCountry = checkCountry(site, input);
  if (wrongCountry) return wrongCountry;
  try {
    return await inTransaction(async (tx) => {
      const before = await lockOwnCode(tx, site, id);
      if (!before) return { ok: false, status: 404, message: `${E}.codeNotFound` };
      const problem = await clash(tx, site, input, id);
      if (problem) return { ok: false, status: 409, field: "code", ...problem };
      const after = await tx.discountCode.update({ where: { id }, data: fields(input), select: codeSelect });
      await audit(staff, { action: "offers.code_update", siteKey: site.key, before: auditView(before), after: auditView(after) }, tx);
      return { ok: true, message: "staff.offers.done.codeSaved", params: { code: after.code } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, field: "code", message: `${E}.codeExists`, params: { code: input.code } };
    throw error;
  }
}

/** Disables or enables a code; enabling checks the overlap again. A code marked used stays used. */
export async function setCodeActive(staff: StaffUser, site: Site, id: number, active: boolean): Promise<OfferResult> {
  return inTransaction(async (tx) => {
    const before = await lockOwnCode(tx, site, id);
    if (!before) return { ok: false, status: 404, message: `${E}.codeNotFound` };
    if (before.status === (active ? "active" : "disabled") || before.status === "used") return { ok: false, status: 409, message: `${E}.unchanged` };
    if (active) {
      const problem = await clash(tx, site, before, id);
      if (problem) return { ok: false, status: 409, ...problem };
    }
    const after = await tx.discountCode.update({ where: { id }, data: { status: active ? "active" : "disabled" }, select: codeSelect });
    await audit(
      staff,
      { action: active ? "offers.code_enable" : "offers.code_disable", siteKey: site.key, before: auditView(before), after: auditView(after) },
      tx,
    );
    return { ok: true, message: active ? "staff.offers.done.codeEnabled" : "staff.offers.done.codeDisabled", params: { code: after.code } };
  });
}
