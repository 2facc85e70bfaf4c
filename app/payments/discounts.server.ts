// Discount codes, the welcome discount and the time bonus (TIMEBONUS25). The checkout asks here
// what an order costs; the server decides, never the client clock (ADR 012).
//
// One rule set for every kind: a code row (discount_codes) with its site (null: every site),
// currency, minimum order value, country, member, validity window (start, expiry), status, validity and payment methods.
// The time bonus and the welcome discount are rows of kind time_bonus / welcome that apply
// without typing, only to members who have not paid yet, within signup_window_seconds after
// their signup. A row of kind retention is issued to one member who chose to stay in the deletion
// flow and applies once without typing (retention.server.ts). "Used" is counted from redemptions whose payment is completed, refunded or still
// pending: a pending order holds its code for as long as it can be paid, and only the provider's
// word that it failed, was cancelled or expired (settle.server.ts, also through the
// reconciliation) frees the code again.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { DiscountKind, PaymentMethod, PaymentStatus } from "#app/generated/prisma/enums.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

type Tx = Prisma.TransactionClient;

export interface OrderDiscount {
  codeId: number;
  code: string;
  percentage: number;
  kind?: DiscountKind;
  /** the last moment the discount applies (code expiry or end of the signup window); null: no end */
  endsAt?: Date | null;
}

export interface OrderQuestion {
  site: Site;
  userId: number;
  /** the code the member typed; undefined: the member's active discount (time bonus, welcome) */
  code?: string;
  priceCents: number;
  currency: string;
  country: string;
  method: PaymentMethod;
  /** the moment of the order; now unless given (tests) */
  now?: Date;
}

export type DiscountAnswer = { ok: true; discount: OrderDiscount | null } | { ok: false; error: "code_invalid" };

/** Why a code does not apply; members only ever see "Code invalid". */
export type Refusal =
  | "not_found"
  | "expired"
  | "not_started"
  | "disabled"
  | "used"
  | "used_by_member"
  | "below_minimum"
  | "currency"
  | "country"
  | "method"
  | "member"
  | "already_paid"
  | "window_over";

type CodeRow = Prisma.DiscountCodeGetPayload<object>;
interface Member {
  id: number;
  paidUser: boolean;
  signupDate: Date;
}

/** What an order looks like when a code is checked; method undefined: not chosen yet (preview). */
export interface OrderShape {
  priceCents?: number;
  currency?: string;
  country?: string;
  method?: PaymentMethod;
}

/** The code as typed: trimmed, compared without case. Bounded by the callers' schemas. */
const normaliseCode = (code: string) => code.trim().toUpperCase();

/** A site's own row first, then the shared one (site_key null); another site's code never. */
async function findCode(tx: Tx, site: Site, code: string): Promise<CodeRow | null> {
  const rows = await tx.discountCode.findMany({
    where: { code: { equals: normaliseCode(code), mode: "insensitive" }, OR: [{ siteKey: site.key }, { siteKey: null }] },
    orderBy: { id: "asc" },
  });
  return rows.find((r) => r.siteKey === site.key) ?? rows[0] ?? null;
}

/** Payments that count as a use: paid (or refunded after), or pending, however old (still payable). */
const COUNTING_STATUSES = ["completed", "refunded", "pending"] as const satisfies PaymentStatus[];

/** Redemptions that count as a use: their payment counts. */
function countingRedemptions(code: number | Prisma.DiscountCodeWhereInput, userId?: number): Prisma.DiscountRedemptionWhereInput {
  return {
    ...(typeof code === "number" ? { codeId: code } : { code }),
    ...(userId === undefined ? {} : { userId }),
    payment: { status: { in: [...COUNTING_STATUSES] } },
  };
}

/** The end of a row's validity for this member: its expiry or the end of its signup window, whichever comes first. */
function codeEndsAt(row: Pick<CodeRow, "expires" | "signupWindowSeconds">, member: Pick<Member, "signupDate">): Date | null {
  const windowEnd = row.signupWindowSeconds == null ? null : new Date(member.signupDate.getTime() + row.signupWindowSeconds * 1000);
  if (!row.expires) return windowEnd;
  if (!windowEnd) return row.expires;
  return row.expires < windowEnd ? row.expires : windowEnd;
}

/**
 * Whether a code row applies to this member's order now; null when it does, otherwise why not.
 * Fields the order does not know yet (preview without a method or price) are not checked.
 */
async function refusal(tx: Tx, row: CodeRow, member: Member, order: OrderShape, now: Date): Promise<Refusal | null> {
  if (row.status === "disabled") return "disabled";
  if (row.status === "used") return "used";
  if (row.expires && row.expires <= now) return "expired";
  if (row.startsAt && row.startsAt > now) return "not_started";
  if (row.userId !== null && row.userId !== member.id) return "member";
  const firstPurchase = row.kind === "time_bonus" || row.kind === "welcome";
  if (firstPurchase && member.paidUser) return "already_paid";
  // signed up signup_window_seconds or more ago: over (spec: "14400 seconds or more ago")
  if (row.signupWindowSeconds !== null && now.getTime() - member.signupDate.getTime() >= row.signupWindowSeconds * 1000) return "window_over";
  if (row.currency && order.currency && row.currency.toUpperCase() !== order.currency.toUpperCase()) return "currency";
  if (row.country && order.country && row.country.toUpperCase() !== order.country.toUpperCase()) return "country";
  if (row.paymentMethods.length && order.method && !row.paymentMethods.includes(order.method)) return "method";
  if (order.priceCents !== undefined && order.priceCents < row.minimumOrderValueCents) return "below_minimum";
  // the time bonus and the welcome discount are one first-purchase discount, spent by the member's
  // first order whatever it used (another discount, none): a pending order holds it, so a second
  // order placed meanwhile, in parallel too (the checkout locks the member's row), gets neither
  if (firstPurchase && (await tx.payment.count({ where: { userId: member.id, status: { in: COUNTING_STATUSES } } })) > 0) {
    return "used_by_member";
  }
  if (row.validity === "once" && (await tx.discountRedemption.count({ where: countingRedemptions(row.id) })) > 0) return "used";
  if (row.validity === "once_per_user" && (await tx.discountRedemption.count({ where: countingRedemptions(row.id, member.id) })) > 0) {
    return "used_by_member";
  }
  return null;
}

const asDiscount = (row: CodeRow, member: Member): OrderDiscount => ({
  codeId: row.id,
  code: row.code,
  percentage: row.valuePercentage,
  kind: row.kind,
  endsAt: codeEndsAt(row, member),
});

async function loadMember(tx: Tx, site: Site, userId: number): Promise<Member | null> {
  return tx.user.findFirst({ where: { id: userId, siteKey: site.key }, select: { id: true, paidUser: true, signupDate: true } });
}

/**
 * The active automatic discount rows of a kind: the site's own first, then the shared ones. A
 * site's own row replaces the shared row of the same code, also when it is disabled: that is how
 * a site switches the time bonus or the welcome discount off (the offers console).
 */
export async function automaticRows(tx: Tx, site: Site, kind: DiscountKind): Promise<CodeRow[]> {
  const rows = await tx.discountCode.findMany({ where: { kind, userId: null, OR: [{ siteKey: site.key }, { siteKey: null }] }, orderBy: { id: "asc" } });
  const own = rows.filter((r) => r.siteKey === site.key);
  const replaced = new Set(own.map((r) => r.code.toUpperCase()));
  return [...own, ...rows.filter((r) => r.siteKey === null && !replaced.has(r.code.toUpperCase()))].filter((r) => r.status === "active");
}

/** The first automatic row of a kind that applies to this member and order. */
async function automatic(
  tx: Tx,
  site: Site,
  member: Member,
  kind: DiscountKind,
  order: OrderShape,
  now: Date,
  rows?: Promise<CodeRow[]>,
): Promise<OrderDiscount | null> {
  if (member.paidUser) return null;
  for (const row of await (rows ?? automaticRows(tx, site, kind))) {
    if ((await refusal(tx, row, member, order, now)) === null) return asDiscount(row, member);
  }
  return null;
}

/**
 * The member's active discount (spec section 4): the time bonus if present, otherwise the
 * welcome discount; with its end. Screens show it; the checkout's order without a code applies it.
 */
export async function activeDiscount(tx: Tx, site: Site, user: Member, order: OrderShape = {}, now = new Date()): Promise<OrderDiscount | null> {
  return (await automatic(tx, site, user, "time_bonus", order, now)) ?? (await automatic(tx, site, user, "welcome", order, now));
}

/**
 * The discount issued to this member for staying (the deletion flow's offer): their own row of
 * kind retention, valid once, for paid and free members alike.
 */
async function retentionDiscount(tx: Tx, site: Site, member: Member, order: OrderShape = {}, now = new Date()): Promise<OrderDiscount | null> {
  const rows = await tx.discountCode.findMany({ where: { kind: "retention", userId: member.id, siteKey: site.key, status: "active" }, orderBy: { id: "asc" } });
  for (const row of rows) if ((await refusal(tx, row, member, order, now)) === null) return asDiscount(row, member);
  return null;
}

/** The welcome discount alone (GET /api/discountcode.php?welcome=true). */
export async function welcomeDiscount(tx: Tx, site: Site, user: Member, now = new Date()): Promise<OrderDiscount | null> {
  return automatic(tx, site, user, "welcome", {}, now);
}

/**
 * The time bonus as the members area shows it: seconds left of the window, or null when absent
 * (logged out, paid, signed up 14,400 s or more ago, or already used on a paid or pending order).
 */
export async function timeBonus(tx: Tx, site: Site, user: Member | null, now = new Date(), rows?: Promise<CodeRow[]>) {
  if (!user) return null;
  const bonus = await automatic(tx, site, user, "time_bonus", {}, now, rows);
  if (!bonus?.endsAt) return null;
  const secondsLeft = Math.floor((bonus.endsAt.getTime() - now.getTime()) / 1000);
  return secondsLeft > 0 ? { secondsLeft, percentage: bonus.percentage, code: bonus.code } : null;
}

/** A typed code checked against a member and an order; used by the checkout and the preview API. */
export async function checkCode(
  tx: Tx,
  site: Site,
  member: Member,
  code: string,
  order: OrderShape,
  now = new Date(),
): Promise<{ ok: true; discount: OrderDiscount } | { ok: false; reason: Refusal }> {
  const row = await findCode(tx, site, code);
  if (!row) return { ok: false, reason: "not_found" };
  // a code anyone may use once: parallel orders of different members queue on the code's row
  if (row.validity === "once") await tx.$queryRaw`SELECT id FROM discount_codes WHERE id = ${row.id} FOR UPDATE`;
  const reason = await refusal(tx, row, member, order, now);
  return reason ? { ok: false, reason } : { ok: true, discount: asDiscount(row, member) };
}

/**
 * Inside the checkout's transaction, after the caller locked the member's users row
 * (SELECT … FOR UPDATE), so two parallel orders cannot both use a once-per-user code.
 */
export async function discountForOrder(tx: Tx, question: OrderQuestion): Promise<DiscountAnswer> {
  const now = question.now ?? new Date();
  const member = await loadMember(tx, question.site, question.userId);
  const order: OrderShape = { priceCents: question.priceCents, currency: question.currency, country: question.country, method: question.method };
  if (question.code !== undefined && question.code.trim() !== "") {
    if (!member) return { ok: false, error: "code_invalid" };
    const checked = await checkCode(tx, question.site, member, question.code, order, now);
    return checked.ok ? { ok: true, discount: checked.discount } : { ok: false, error: "code_invalid" };
  }
  if (!member) return { ok: true, discount: null };
  // without a typed code: the larger of the first-purchase discount and one issued to the member
  const [active, retention] = [await activeDiscount(tx, question.site, member, order, now), await retentionDiscount(tx, question.site, member, order, now)];
  const best = active && retention ? (retention.percentage > active.percentage ? retention : active) : (active ?? retention);
  return { ok: true, discount: best };
}

/** Records that the payment (just created in the same transaction) uses the discount. */
export async function redeemDiscount(tx: Tx, discount: OrderDiscount, userId: number, paymentId: number) {
  await tx.discountRedemption.create({ data: { codeId: discount.codeId, userId, paymentId } });
}

/** The discount price: rounded to whole cents, never below zero. */
export const discountedCents = (priceCents: number, discount: OrderDiscount | null) =>
  discount ? Math.max(0, Math.round((priceCents * (100 - discount.percentage)) / 100)) : priceCents;
