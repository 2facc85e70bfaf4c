// Whether a member may pay by direct debit now: blocked members and members over their limit
// are refused with the spec's messages.
// CONTRACT: startCheckout calls this inside its transaction, after locking the member's
// users row, for every "sdd" order, so parallel orders cannot pass the limit together.
//
// The limit is the site's `direct_debit` setting (tenants/*.json, defaults in site-schema.ts):
// within the last `window_days`, at most `max_payments` direct-debit payments that are pending or
// completed, and their amounts in the order's currency plus this order at most
// `max_amount_cents[currency]`. Failed, cancelled and refunded payments do not count. A member with
// a direct_debit_blocks row is refused whatever the limit (ADR 013).
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

type Tx = Prisma.TransactionClient;

export type DirectDebitGate = { ok: true } | { ok: false; error: "directdebit_limit" | "directdebit_blocked" };

const DAY_MS = 24 * 3600 * 1000;

export async function directDebitGate(tx: Tx, order: { site: Site; userId: number; amountCents: number; currency: string }): Promise<DirectDebitGate> {
  if (await tx.directDebitBlock.findUnique({ where: { userId: order.userId }, select: { userId: true } })) {
    return { ok: false, error: "directdebit_blocked" };
  }
  const rules = order.site.direct_debit;
  const since = new Date(Date.now() - rules.window_days * DAY_MS);
  const recent = await tx.payment.findMany({
    where: { userId: order.userId, siteKey: order.site.key, method: "sdd", status: { in: ["pending", "completed"] }, createdAt: { gte: since } },
    select: { amountCents: true, currency: true },
  });
  if (recent.length + 1 > rules.max_payments) return { ok: false, error: "directdebit_limit" };
  const maxAmount = rules.max_amount_cents[order.currency];
  if (maxAmount !== undefined) {
    const spent = recent.filter((p) => p.currency === order.currency).reduce((sum, p) => sum + p.amountCents, 0);
    if (spent + order.amountCents > maxAmount) return { ok: false, error: "directdebit_limit" };
  }
  return { ok: true };
}

/** Blocks or unblocks a member for direct debit (staff action, a returned debit). */
export async function setDirectDebitBlocked(tx: Tx, userId: number, blocked: boolean, reason = "") {
  if (blocked) await tx.directDebitBlock.upsert({ where: { userId }, create: { userId, reason }, update: { reason } });
  else await tx.directDebitBlock.deleteMany({ where: { userId } });
}
