// Returning unused credits of a purchase within the site's refund_days, through the provider and
// the ledger, never more than was paid.
//
// What is "unused": credits are spent oldest purchase first, so the balance the member holds now
// belongs to their newest purchases first. The unused part of a purchase is the balance minus
// what later (not refunded) purchases still account for, between 0 and the purchase's credits.
// The money back is pro rata of what was paid (rounded down to a cent), never more than that.
// One return per purchase: the payment becomes "refunded"; a second call is not_refundable.
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { applyCredits } from "#app/credits/ledger.server.ts";
import type { Db } from "#app/utils/db.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { getProvider } from "./providers/index.server.ts";

type Tx = Prisma.TransactionClient;

export interface RefundQuote {
  credits: number;
  amountCents: number;
  currency: string;
  /** the last moment the return is possible */
  until: Date;
}

const DAY = 24 * 60 * 60 * 1000;

async function quote(
  tx: Tx | Db,
  site: Site,
  userId: number,
  paymentId: number,
  { ignorePeriod = false, now = new Date() } = {},
): Promise<(RefundQuote & { reference: string; provider: string }) | null> {
  const payment = await tx.payment.findFirst({
    where: { id: paymentId, userId, siteKey: site.key, status: "completed" },
    select: { id: true, credits: true, amountCents: true, currency: true, completedAt: true, providerReference: true, provider: true },
  });
  if (!payment?.completedAt || !payment.providerReference) return null;
  const until = new Date(payment.completedAt.getTime() + site.refund_days * DAY);
  if (now > until && !ignorePeriod) return null;
  const user = await tx.user.findFirst({ where: { id: userId, siteKey: site.key }, select: { credits: true } });
  if (!user) return null;
  // later purchases still held (their credits minus what was returned of them) own the balance first
  const later = await tx.payment.findMany({
    where: { userId, siteKey: site.key, status: { in: ["completed", "refunded"] }, completedAt: { gt: payment.completedAt }, id: { not: payment.id } },
    select: { credits: true, refundedCredits: true },
  });
  const heldByLater = later.reduce((sum, p) => sum + p.credits - p.refundedCredits, 0);
  const credits = Math.max(0, Math.min(payment.credits, user.credits - heldByLater));
  if (credits <= 0) return null;
  const amountCents = Math.min(payment.amountCents, Math.floor((payment.amountCents * credits) / payment.credits));
  if (amountCents <= 0) return null;
  return { credits, amountCents, currency: payment.currency, until, reference: payment.providerReference, provider: payment.provider };
}

export async function refundQuote(db: Db, site: Site, userId: number, paymentId: number): Promise<RefundQuote | null> {
  const q = await quote(db, site, userId, paymentId);
  return q ? { credits: q.credits, amountCents: q.amountCents, currency: q.currency, until: q.until } : null;
}

export type RefundAnswer = { ok: true; credits: number; amountCents: number } | { ok: false; error: "not_refundable" | "provider_failed" };

class ProviderFailed extends Error {}

/** `ignorePeriod`: an admin's override of refund_days (the staff console asks for a reason and audits it). */
export async function refundUnused(db: Db, site: Site, userId: number, paymentId: number, { ignorePeriod = false } = {}): Promise<RefundAnswer> {
  const log = getLogger();
  try {
    return await db.$transaction(
      async (tx): Promise<RefundAnswer> => {
        // the purchase and the member's balance are locked: a parallel spend or return waits
        const [locked] = await tx.$queryRaw<
          { id: number }[]
        >`SELECT id FROM payments WHERE id = ${paymentId} AND user_id = ${userId} AND site_key = ${site.key} FOR UPDATE`;
        if (!locked) return { ok: false, error: "not_refundable" };
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
        const q = await quote(tx, site, userId, paymentId, { ignorePeriod });
        if (!q) return { ok: false, error: "not_refundable" };
        const provider = getProvider(q.provider);
        if (!provider) throw new ProviderFailed();
        await applyCredits(tx, {
          userId,
          delta: -q.credits,
          reason: "refund",
          idempotencyKey: `refund:${paymentId}`,
          reference: { type: "payment", id: String(paymentId) },
        });
        // the provider last, inside the transaction: if it refuses, nothing above is kept
        let reference: string;
        try {
          reference = await provider.refund(q.reference, q.amountCents, q.currency);
        } catch (error) {
          log.error({ err: error, paymentId, provider: q.provider }, "refund: provider refused");
          throw new ProviderFailed();
        }
        await tx.payment.update({
          where: { id: paymentId },
          data: { status: "refunded", refundedCredits: q.credits, refundedCents: q.amountCents, refundReference: reference, refundedAt: new Date() },
        });
        log.info({ site: site.key, paymentId, credits: q.credits, amountCents: q.amountCents }, "refund: unused credits returned");
        return { ok: true, credits: q.credits, amountCents: q.amountCents };
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
  } catch (error) {
    if (error instanceof ProviderFailed) return { ok: false, error: "provider_failed" };
    throw error;
  }
}
