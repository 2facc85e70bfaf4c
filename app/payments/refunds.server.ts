// Returning unused credits of a purchase within the site's refund_days, through the provider and
// the ledger, never more than was paid.
//
// What is "unused": credits are spent oldest purchase first, so the balance the member holds now
// belongs to their newest purchases first. The unused part of a purchase is the balance minus
// what later purchases still account for (less what was returned or is being returned of them),
// between 0 and the purchase's credits. The money back is pro rata of what was paid (rounded down
// to a cent), never more than that. One return per purchase.
//
// In steps, so that a crash between any two leaves something the reconciliation job can finish
// (ADR 027): (1) one short transaction records the intent, a refunds row under the idempotency key
// `refund:{payment id}`, and takes the credits back through the ledger with the same key;
// (2) the provider is called with that key, outside any transaction (the same key never refunds
// twice); (3) its answer is recorded: provider_confirmed, then booked (the payment refunded) in
// one transaction, or, when the provider refused, failed with the credits given back.
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { RefundStatus } from "#app/generated/prisma/enums.ts";
import { applyCredits } from "#app/credits/ledger.server.ts";
import type { Db } from "#app/utils/db.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { RefundRefused, type ProviderRefund } from "./provider.server.ts";
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
/** A refund on its way: its credits are taken back already, the payment is not refunded yet. */
const ACTIVE_REFUND: RefundStatus[] = ["requested", "provider_confirmed"];

async function quote(
  tx: Tx | Db,
  site: Site,
  userId: number,
  paymentId: number,
  { ignorePeriod = false, now = new Date() } = {},
): Promise<(RefundQuote & { reference: string; provider: string }) | null> {
  const payment = await tx.payment.findFirst({
    where: { id: paymentId, userId, siteKey: site.key, status: "completed", refunds: { none: { status: { not: "failed" } } } },
    select: { id: true, credits: true, amountCents: true, currency: true, completedAt: true, providerReference: true, provider: true },
  });
  if (!payment?.completedAt || !payment.providerReference) return null;
  const until = new Date(payment.completedAt.getTime() + site.refund_days * DAY);
  if (now > until && !ignorePeriod) return null;
  const user = await tx.user.findFirst({ where: { id: userId, siteKey: site.key }, select: { credits: true } });
  if (!user) return null;
  // later purchases still held (their credits minus what was or is being returned of them) own the balance first
  const later = await tx.payment.findMany({
    where: { userId, siteKey: site.key, status: { in: ["completed", "refunded"] }, completedAt: { gt: payment.completedAt }, id: { not: payment.id } },
    select: { credits: true, refundedCredits: true, refunds: { where: { status: { in: ACTIVE_REFUND } }, select: { credits: true } } },
  });
  const heldByLater = later.reduce((sum, p) => sum + p.credits - p.refundedCredits - p.refunds.reduce((s, r) => s + r.credits, 0), 0);
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

/** A refund of this member's payment that is on its way (credits taken back, money not yet confirmed). */
export const activeRefund = (db: Db, site: Site, userId: number, paymentId: number) =>
  db.refund.findFirst({
    where: { paymentId, userId, siteKey: site.key, status: { in: ACTIVE_REFUND } },
    select: { credits: true, amountCents: true, currency: true },
  });

/**
 * ok with booked false: the credits are taken back and the refund is asked, but the provider's
 * answer is still missing (the reconciliation job finishes it). in_progress: another request for
 * this payment got there first; already_refunded: it is done.
 */
export type RefundAnswer =
  | { ok: true; credits: number; amountCents: number; booked: boolean }
  | { ok: false; error: "not_refundable" | "in_progress" | "already_refunded" | "provider_failed" };

type RefundRow = Prisma.RefundGetPayload<{ include: { payment: { select: { providerReference: true } } } }>;
class Answer extends Error {
  constructor(readonly answer: RefundAnswer) {
    super("refund answered");
  }
}

/** `ignorePeriod`: an admin's override of refund_days (the staff console asks for a reason and audits it). */
export async function refundUnused(db: Db, site: Site, userId: number, paymentId: number, { ignorePeriod = false } = {}): Promise<RefundAnswer> {
  let refund: RefundRow;
  try {
    refund = await recordIntent(db, site, userId, paymentId, ignorePeriod);
  } catch (error) {
    if (error instanceof Answer) return error.answer;
    throw error;
  }
  return sendRefund(db, refund);
}

/** Step 1: the intent and its key, the credits taken back; or the reason there is none. */
function recordIntent(db: Db, site: Site, userId: number, paymentId: number, ignorePeriod: boolean) {
  return db.$transaction(
    async (tx) => {
      // SKIP LOCKED: a parallel request for this payment answers at once rather than holding a
      // pool connection while it waits for the lock (a burst would starve every other request)
      const [locked] = await tx.$queryRaw<{ status: string }[]>`
        SELECT status::text AS status FROM payments WHERE id = ${paymentId} AND user_id = ${userId} AND site_key = ${site.key} FOR UPDATE SKIP LOCKED`;
      if (!locked) {
        const exists = await tx.payment.count({ where: { id: paymentId, userId, siteKey: site.key } });
        throw new Answer({ ok: false, error: exists ? "in_progress" : "not_refundable" });
      }
      const earlier = await tx.refund.findFirst({ where: { paymentId, status: { not: "failed" } }, select: { status: true } });
      if (earlier) throw new Answer({ ok: false, error: earlier.status === "booked" ? "already_refunded" : "in_progress" });
      if (locked.status === "refunded") throw new Answer({ ok: false, error: "already_refunded" });
      // the member's balance holds still while the unused part is worked out and taken back
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      const q = await quote(tx, site, userId, paymentId, { ignorePeriod });
      if (!q) throw new Answer({ ok: false, error: "not_refundable" });
      if (!getProvider(q.provider)) throw new Answer({ ok: false, error: "provider_failed" });
      // after a refused attempt the next one needs a key of its own (the provider answers a key once)
      const refused = await tx.refund.count({ where: { paymentId, status: "failed" } });
      const idempotencyKey = refused ? `refund:${paymentId}:${refused + 1}` : `refund:${paymentId}`;
      const refund = await tx.refund.create({
        data: {
          paymentId,
          userId,
          siteKey: site.key,
          provider: q.provider,
          credits: q.credits,
          amountCents: q.amountCents,
          currency: q.currency,
          idempotencyKey,
        },
        include: { payment: { select: { providerReference: true } } },
      });
      await applyCredits(tx, { userId, delta: -q.credits, reason: "refund", idempotencyKey, reference: { type: "refund", id: String(refund.id) } });
      return refund;
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
}

/** Steps 2 and 3: the provider with the refund's key, then its answer recorded. Also the reconciliation's retry. */
export async function sendRefund(db: Db, refund: RefundRow): Promise<RefundAnswer> {
  const log = getLogger();
  const { credits, amountCents } = refund;
  const provider = getProvider(refund.provider);
  if (!provider || !refund.payment.providerReference) {
    log.error({ refundId: refund.id, provider: refund.provider }, "refund: provider not configured; left requested");
    return { ok: true, credits, amountCents, booked: false };
  }
  let remote: ProviderRefund;
  try {
    remote = await provider.refund({
      paymentReference: refund.payment.providerReference,
      amountCents,
      currency: refund.currency,
      idempotencyKey: refund.idempotencyKey,
      refundId: refund.id,
    });
  } catch (error) {
    if (error instanceof RefundRefused) {
      log.warn({ err: error, refundId: refund.id, paymentId: refund.paymentId, provider: refund.provider }, "refund: provider refused");
      await failRefund(db, refund.id, error.message);
      return { ok: false, error: "provider_failed" };
    }
    // no answer (a timeout, a 5xx): the provider may or may not have refunded; the key makes the reconciliation's retry safe
    log.warn({ err: error, refundId: refund.id, paymentId: refund.paymentId, provider: refund.provider }, "refund: provider did not answer; left requested");
    return { ok: true, credits, amountCents, booked: false };
  }
  const booked = await bookRefund(db, refund.id, remote);
  return { ok: true, credits, amountCents, booked };
}

/**
 * Step 3 when the provider took the refund: its reference kept at once (provider_confirmed), then
 * in one transaction the payment is marked refunded and the refund booked. A full refund of the
 * purchase that made the member premium takes premium away unless another purchase still holds it
 * (ADR 028). True when the refund is booked (now or before).
 */
export async function bookRefund(db: Db, refundId: number, remote: Pick<ProviderRefund, "reference" | "amountCents" | "currency" | "status">) {
  const log = getLogger();
  const refund = await db.refund.findUniqueOrThrow({ where: { id: refundId } });
  if (remote.amountCents !== refund.amountCents || remote.currency !== refund.currency || remote.status === "failed" || remote.status === "canceled") {
    log.error(
      { refundId, ours: { amountCents: refund.amountCents, currency: refund.currency }, provider: remote },
      "refund: the provider's refund differs from ours; not booked",
    );
    return false;
  }
  await db.refund.updateMany({ where: { id: refundId, status: "requested" }, data: { status: "provider_confirmed", providerReference: remote.reference } });
  return db.$transaction(
    async (tx) => {
      const r = await lockRefund(tx, refund.paymentId, refundId);
      if (r.status === "booked") return true;
      if (r.status !== "provider_confirmed") {
        log.error({ refundId, status: r.status, reference: remote.reference }, "refund: the provider refunded a refund we gave up on; not booked");
        return false;
      }
      const payment = await tx.payment.update({
        where: { id: r.paymentId },
        data: { status: "refunded", refundedCredits: r.credits, refundedCents: r.amountCents, refundReference: r.providerReference, refundedAt: new Date() },
        select: { credits: true },
      });
      await tx.refund.update({ where: { id: refundId }, data: { status: "booked" } });
      if (r.credits >= payment.credits) await dropPremiumUnlessPaid(tx, r.userId);
      log.info({ site: r.siteKey, paymentId: r.paymentId, refundId, credits: r.credits, amountCents: r.amountCents }, "refund: booked");
      return true;
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
}

/** The payment's row lock first (the order every money step takes), then the refund's. */
async function lockRefund(tx: Tx, paymentId: number, refundId: number) {
  await tx.$queryRaw`SELECT id FROM payments WHERE id = ${paymentId} FOR UPDATE`;
  await tx.$queryRaw`SELECT id FROM refunds WHERE id = ${refundId} FOR UPDATE`;
  return tx.refund.findUniqueOrThrow({ where: { id: refundId } });
}

/** Premium stays only while a purchase the member kept (completed, or only partly returned) grants it. */
async function dropPremiumUnlessPaid(tx: Tx, userId: number) {
  const kept = await tx.payment.count({
    where: { userId, OR: [{ status: "completed" }, { status: "refunded", refundedCredits: { lt: tx.payment.fields.credits } }] },
  });
  if (!kept) await tx.user.update({ where: { id: userId }, data: { paidUser: false } });
}

/** Step 3 when the provider refused: the refund failed and its credits go back to the member. */
async function failRefund(db: Db, refundId: number, why: string) {
  const { paymentId } = await db.refund.findUniqueOrThrow({ where: { id: refundId }, select: { paymentId: true } });
  await db.$transaction(
    async (tx) => {
      const r = await lockRefund(tx, paymentId, refundId);
      if (r.status !== "requested") return;
      await tx.refund.update({ where: { id: refundId }, data: { status: "failed", failure: why.slice(0, 500) } });
      await applyCredits(tx, {
        userId: r.userId,
        delta: r.credits,
        reason: "refund_reversed",
        idempotencyKey: `${r.idempotencyKey}:reversed`,
        reference: { type: "refund", id: String(refundId) },
      });
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
}
