// The payment result of one member's payment on one site (a payment of another site or member
// is not found). A pending payment asks its provider first (syncPayment), as its webhook would.
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";
import { offeredMethods } from "./providers/index.server.ts";
import { syncPayment } from "./settle.server.ts";

type ResultState = "loading" | "pending" | "completed" | "failed" | "cancelled" | "refunded";

export async function paymentResult(db: Db, site: Site, userId: number, paymentId: number) {
  const where = { id: paymentId, userId, siteKey: site.key };
  const first = await db.payment.findFirst({ where, select: { status: true, providerReference: true } });
  if (!first) return null;
  let changed = false;
  if (first.status === "pending" && first.providerReference) {
    const synced = await syncPayment(db, paymentId);
    changed = synced.ok && synced.changed;
  }
  const p = await db.payment.findFirstOrThrow({
    where,
    select: {
      id: true,
      status: true,
      providerReference: true,
      credits: true,
      amountCents: true,
      currency: true,
      method: true,
      country: true,
      packageId: true,
      recurring: true,
      refundedCredits: true,
      refundedCents: true,
      user: { select: { credits: true } },
    },
  });
  const state: ResultState = p.status === "pending" && !p.providerReference ? "loading" : p.status;
  // another method first; for a failed stored card PayPal leads (the spec's text names it)
  const others = offeredMethods(site, p.country, p.currency)
    .map((m) => m.method)
    .filter((m) => m !== p.method || p.recurring);
  const retry = p.recurring ? [...others.filter((m) => m === "paypal"), ...others.filter((m) => m !== "paypal")] : others;
  return {
    id: p.id,
    state,
    credits: p.credits,
    amountCents: p.amountCents,
    currency: p.currency,
    method: p.method,
    country: p.country,
    packageId: p.packageId,
    recurring: p.recurring,
    refundedCredits: p.refundedCredits,
    refundedCents: p.refundedCents,
    balance: p.user.credits,
    retry: p.packageId ? retry : [],
    /** settled by this very request: the page's other data (top bar) was read before */
    changed,
  };
}
