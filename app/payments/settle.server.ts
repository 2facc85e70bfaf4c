// A payment learns its fate here, and only from its provider: the webhook route and the payment
// result page (when the member returns) both call syncPayment, which fetches the payment from
// the provider and never reads a status from a request. In ONE transaction, with the payment row
// locked, a pending payment becomes completed (credits through the ledger, key payment:{id};
// paid_user set; a full refund may clear it, ADR 028) or failed/cancelled. Anything but pending stays as it is, so
// duplicates, late and out-of-order webhooks change nothing. The amount and currency the
// provider reports must equal our order, or nothing happens (logged).
import type { PaymentStatus } from "#app/generated/prisma/enums.ts";
import { applyCredits } from "#app/credits/ledger.server.ts";
import { announce } from "#app/live/bus.server.ts";
import type { Db } from "#app/utils/db.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import type { ProviderPayment } from "./provider.server.ts";
import { getProvider } from "./providers/index.server.ts";
import { afterCompletion } from "./transaction-costs.server.ts";
import { sameSignature, webhookUrlSignature } from "./webhook-signing.server.ts";

export type SyncResult = { ok: true; status: PaymentStatus; changed: boolean } | { ok: false; reason: "unknown" | "provider_error" | "amount_mismatch" };

const FINAL: Record<string, PaymentStatus | undefined> = { paid: "completed", failed: "failed", canceled: "cancelled", expired: "cancelled" };

export async function syncPayment(db: Db, paymentId: number): Promise<SyncResult> {
  const log = getLogger();
  const payment = await db.payment.findUnique({ where: { id: paymentId }, select: { id: true, status: true, provider: true, providerReference: true } });
  if (!payment?.providerReference) return { ok: false, reason: "unknown" };
  if (payment.status !== "pending") return { ok: true, status: payment.status, changed: false };
  const provider = getProvider(payment.provider);
  if (!provider) return { ok: false, reason: "provider_error" };
  let remote: ProviderPayment;
  try {
    remote = await provider.getPayment(payment.providerReference);
  } catch (error) {
    log.error({ err: error, paymentId, provider: payment.provider }, "payment: provider did not answer");
    return { ok: false, reason: "provider_error" };
  }
  if (remote.reference !== payment.providerReference) return { ok: false, reason: "unknown" };
  return applyProviderState(db, paymentId, remote);
}

/** The provider's word, applied once (exported for the tests of order and duplicates). */
export async function applyProviderState(db: Db, paymentId: number, remote: ProviderPayment): Promise<SyncResult> {
  const log = getLogger();
  const next = FINAL[remote.status];
  const result = await db.$transaction(
    async (tx): Promise<SyncResult & { profileId?: number | null }> => {
      const [row] = await tx.$queryRaw<{ status: PaymentStatus; user_id: number; credits: number; amount_cents: number; currency: string }[]>`
      SELECT status, user_id, credits, amount_cents, currency FROM payments WHERE id = ${paymentId} FOR UPDATE`;
      if (!row) return { ok: false, reason: "unknown" };
      if (row.status !== "pending" || !next) return { ok: true, status: row.status, changed: false };
      if (next === "completed") {
        if (remote.amountCents !== row.amount_cents || remote.currency !== row.currency) {
          log.error(
            { paymentId, expected: { amount: row.amount_cents, currency: row.currency }, reported: { amount: remote.amountCents, currency: remote.currency } },
            "payment: amount or currency differs from the order; not credited",
          );
          return { ok: false, reason: "amount_mismatch" };
        }
        await tx.payment.update({ where: { id: paymentId }, data: { status: "completed", completedAt: new Date(), mandateReference: remote.reusableMandate } });
        await applyCredits(tx, {
          userId: row.user_id,
          delta: row.credits,
          reason: "purchase",
          idempotencyKey: `payment:${paymentId}`,
          reference: { type: "payment", id: String(paymentId) },
        });
        // a completed purchase makes the member premium (until a full refund of every kept purchase, ADR 028)
        await tx.user.update({ where: { id: row.user_id }, data: { paidUser: true } });
      } else {
        await tx.payment.update({ where: { id: paymentId }, data: { status: next } });
        // a payment that never happened uses no discount: the member may use the code again
        await tx.discountRedemption.deleteMany({ where: { paymentId } });
      }
      const profile = await tx.profile.findUnique({ where: { userId: row.user_id }, select: { id: true } });
      return { ok: true, status: next, changed: true, profileId: profile?.id ?? null };
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
  if (result.ok && result.changed) {
    log.info({ paymentId, status: result.status }, "payment settled");
    if (result.profileId) announce([result.profileId], { type: "counts" });
    // what the provider charged: asked only now, after the transaction (never inside one)
    if (result.status === "completed") await afterCompletion(db, paymentId);
  }
  if (!result.ok) return result;
  return { ok: true, status: result.status, changed: result.changed };
}

export type WebhookAnswer = { status: 200 | 400 | 401 | 404 | 409 | 422 | 502; outcome: string };

/**
 * One incoming webhook for a site: the URL's signature names the payment, the provider reads
 * the body (its own signature, its shape) and names its reference, both must agree with our
 * payment of this site; then the provider is asked (syncPayment).
 */
export async function handleWebhook(db: Db, siteKey: string, providerKey: string, request: Request): Promise<WebhookAnswer> {
  const log = getLogger();
  const url = new URL(request.url);
  const paymentParam = url.searchParams.get("payment") ?? "";
  const paymentId = /^[1-9]\d{0,9}$/.test(paymentParam) && Number(paymentParam) <= 2_147_483_647 ? Number(paymentParam) : null;
  const provider = getProvider(providerKey);
  const refuse = (status: WebhookAnswer["status"], outcome: string, extra: Record<string, unknown> = {}): WebhookAnswer => {
    log.warn({ site: siteKey, provider: providerKey, paymentId, outcome, ...extra }, "payment webhook refused");
    return { status, outcome };
  };
  if (!provider) return refuse(404, "unknown_provider");
  if (!paymentId || !sameSignature(webhookUrlSignature(siteKey, paymentId), url.searchParams.get("sig"))) return refuse(401, "bad_url_signature");
  const read = await provider.readWebhook(request);
  if (!read) return refuse(401, "unverified_body");
  const payment = await db.payment.findUnique({ where: { id: paymentId }, select: { siteKey: true, provider: true, providerReference: true } });
  if (!payment || payment.siteKey !== siteKey || payment.provider !== provider.key || payment.providerReference !== read.reference) {
    return refuse(404, "unknown_payment", { reference: read.reference });
  }
  const result = await syncPayment(db, paymentId);
  if (!result.ok) {
    if (result.reason === "amount_mismatch") return refuse(422, "amount_mismatch");
    if (result.reason === "provider_error") return refuse(502, "provider_error");
    return refuse(404, "unknown_payment");
  }
  return { status: 200, outcome: result.changed ? result.status : "unchanged" };
}
