// The welcome discount and the time bonus of a site in the offers console (ADR 012): rows of
// discount_codes of kind welcome / time_bonus, shared by every site (site_key null) unless a site
// has its own row with the same code. The console never changes a shared row: the first change
// for a site copies the shared row into the site's own, which from then on replaces it for that
// site only, whether active or disabled (automaticRows in app/payments/discounts.server.ts).
import type { Prisma } from "#app/generated/prisma/client.ts";
import { forgetTimeBonusRows } from "#app/payments/time-bonus.server.ts";
import { audit } from "#app/staff/audit.server.ts";
import type { StaffUser } from "#app/staff/session.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import type { RuleInput } from "./offer-forms.ts";
import type { OfferResult } from "./result.ts";

type Tx = Prisma.TransactionClient;
const RULE_KINDS = ["time_bonus", "welcome"] as const;
type RuleKind = (typeof RULE_KINDS)[number];

const ruleSelect = {
  id: true,
  code: true,
  siteKey: true,
  kind: true,
  valuePercentage: true,
  signupWindowSeconds: true,
  status: true,
  validity: true,
  currency: true,
  country: true,
  minimumOrderValueCents: true,
  paymentMethods: true,
} as const;
type RuleRow = Prisma.DiscountCodeGetPayload<{ select: typeof ruleSelect }>;

/** The row that decides a kind for the site: its own, else the oldest shared one; null: none at all. */
async function ruleRow(db: Tx, site: Pick<Site, "key">, kind: RuleKind): Promise<RuleRow | null> {
  const rows = await db.discountCode.findMany({
    where: { kind, userId: null, OR: [{ siteKey: site.key }, { siteKey: null }] },
    orderBy: { id: "asc" },
    select: ruleSelect,
  });
  return rows.find((r) => r.siteKey === site.key) ?? rows[0] ?? null;
}

const view = (r: RuleRow) => ({
  kind: r.kind as RuleKind,
  code: r.code,
  percentage: r.valuePercentage,
  hours: Math.round((r.signupWindowSeconds ?? 0) / 3600),
  active: r.status === "active",
  ownRow: r.siteKey !== null,
});
type RuleView = ReturnType<typeof view>;

export async function offerRules(site: Pick<Site, "key">, db: Tx = getDb()): Promise<RuleView[]> {
  const rows = await Promise.all(RULE_KINDS.map((kind) => ruleRow(db, site, kind)));
  return rows.filter((r): r is RuleRow => r !== null).map(view);
}

const auditView = (r: RuleRow) => ({
  codeId: r.id,
  code: r.code,
  siteKey: r.siteKey,
  percentage: r.valuePercentage,
  signupWindowSeconds: r.signupWindowSeconds,
  status: r.status,
});

export async function saveRule(staff: StaffUser, site: Site, input: RuleInput): Promise<OfferResult> {
  const result = await getDb().$transaction(
    async (tx): Promise<OfferResult> => {
      // the site's rows of the kind are locked, so two saves for one site take turns (and copy the shared row once)
      await tx.$queryRaw`SELECT id FROM discount_codes WHERE site_key = ${site.key} AND kind = ${input.kind}::"DiscountKind" AND user_id IS NULL ORDER BY id FOR UPDATE`;
      const before = await ruleRow(tx, site, input.kind);
      if (!before) return { ok: false, status: 404, message: "staff.offers.errors.ruleNotFound" };
      const data = {
        valuePercentage: input.percentage,
        signupWindowSeconds: input.hours * 3600,
        status: input.active ? ("active" as const) : ("disabled" as const),
      };
      const current = view(before);
      if (
        current.ownRow &&
        current.percentage === input.percentage &&
        before.signupWindowSeconds === data.signupWindowSeconds &&
        current.active === input.active
      )
        return { ok: false, status: 409, message: "staff.offers.errors.unchanged" };
      const after = before.siteKey
        ? await tx.discountCode.update({ where: { id: before.id }, data, select: ruleSelect })
        : await tx.discountCode.create({
            data: {
              ...data,
              code: before.code,
              kind: input.kind,
              siteKey: site.key,
              validity: before.validity,
              currency: before.currency,
              country: before.country,
              minimumOrderValueCents: before.minimumOrderValueCents,
              paymentMethods: before.paymentMethods,
            },
            select: ruleSelect,
          });
      await audit(staff, { action: "offers.rule_change", siteKey: site.key, before: auditView(before), after: auditView(after) }, tx);
      return { ok: true, message: "staff.offers.done.ruleSaved", params: { code: after.code } };
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
  if (result.ok && input.kind === "time_bonus") forgetTimeBonusRows(site.key);
  return result;
}
