// The built-in test provider: a hosted payment page on our own server (/test-pay/{reference},
// clearly marked as a test) where the member chooses paid, failed or cancelled; the provider then
// sends a webhook signed with HMAC (key derived from APP_SECRET), optionally delayed and
// duplicated, through the BullMQ `payments` queue. Its books are the test_provider_payments
// table: the stand-in for a provider's servers. The checkout only ever sees PaymentProvider.
import { randomBytes } from "node:crypto";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import type { PaymentMethod } from "#app/generated/prisma/enums.ts";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { methodExists, PAYMENT_METHODS } from "../methods.ts";
import { testPayCosts } from "./test-costs.ts";
import {
  RefundRefused,
  type CreatePaymentInput,
  type CreatedPayment,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderStatus,
  type RefundRequest,
} from "../provider.server.ts";
import { hmacHex, sameSignature, testProviderKey } from "../webhook-signing.server.ts";

export const TEST_SIGNATURE_HEADER = "x-test-pay-signature";
const REFERENCE = /^tp_[A-Za-z0-9]{16,40}$/;
export const isTestReference = (value: string) => REFERENCE.test(value);
const token = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;

export type TestOutcome = "paid" | "failed" | "canceled";
export interface WebhookDelivery {
  url: string;
  body: string;
  signature: string;
}
interface TestWebhookJob extends WebhookDelivery {
  copy: number;
}

/**
 * An open payment can be paid this long, then it expires (as a real provider's checkout does); until
 * then it holds its discount code. Mollie's own expiry differs per method.
 */
export const TEST_PAYMENT_LIFETIME_MS = 2 * 60 * 60_000;

/** An open payment past its lifetime becomes expired (on any read, so the page and getPayment agree). */
async function expireIfStale(reference: string, now = new Date()) {
  await getDb().testProviderPayment.updateMany({
    where: { reference, status: "open", createdAt: { lte: new Date(now.getTime() - TEST_PAYMENT_LIFETIME_MS) } },
    data: { status: "expired" },
  });
}

/** Mandates whose later charges fail: the member chose "save the card, later charges fail". */
const FAILING_MANDATE = /^tmd_fail_/;
/** Methods that leave a stored, chargeable method behind when paid. */
const STORABLE: readonly PaymentMethod[] = ["creditcard", "visa", "mastercard", "maestro", "cartebancaire", "nexi", "paypal", "sdd"];

export function signTestWebhook(url: string, reference: string): WebhookDelivery {
  const body = new URLSearchParams({ id: reference }).toString();
  return { url, body, signature: hmacHex(testProviderKey(), body) };
}

/** Queues the webhook of a payment: delayed and in copies as configured (or asked by the test page). */
export async function queueTestWebhook(reference: string, options: { delayMs?: number; copies?: number } = {}) {
  const payment = await getDb().testProviderPayment.findUnique({ where: { reference } });
  if (!payment) return;
  const env = getEnv();
  const delay = options.delayMs ?? env.TEST_PAY_WEBHOOK_DELAY_MS;
  const copies = options.copies ?? env.TEST_PAY_WEBHOOK_COPIES;
  const delivery = signTestWebhook(payment.webhookUrl, reference);
  const queue = getQueue(QUEUE_NAMES.payments);
  const stamp = payment.updatedAt.getTime();
  for (let copy = 0; copy < copies; copy++) {
    await queue.add("test-webhook", { ...delivery, copy } satisfies TestWebhookJob, {
      jobId: `test-webhook-${reference}-${stamp}-${copy}`,
      delay: delay + copy * 250,
      attempts: 8,
      backoff: { type: "exponential", delay: 1_000 },
      removeOnComplete: 1_000,
      removeOnFail: 5_000,
    });
  }
}

/** The member's choice on the test page; only an open payment changes. */
export async function chooseTestOutcome(reference: string, outcome: TestOutcome, options: { storeCard?: "ok" | "failing" } = {}) {
  const db = getDb();
  await expireIfStale(reference);
  const payment = await db.testProviderPayment.findUnique({ where: { reference } });
  if (!payment) return null;
  if (payment.status === "open") {
    const mandate =
      outcome === "paid" && options.storeCard && STORABLE.includes(payment.method) ? token(options.storeCard === "failing" ? "tmd_fail" : "tmd") : null;
    const changed = await db.testProviderPayment.updateMany({ where: { reference, status: "open" }, data: { status: outcome, mandate } });
    if (changed.count) await queueTestWebhook(reference);
  }
  return db.testProviderPayment.findUniqueOrThrow({ where: { reference } });
}

export async function testPagePayment(reference: string) {
  if (!isTestReference(reference)) return null;
  await expireIfStale(reference);
  return getDb().testProviderPayment.findUnique({ where: { reference } });
}

function refundView(r: {
  reference: string;
  paymentReference: string;
  amountCents: number;
  currency: string;
  refundId: number | null;
  createdAt: Date;
}): ProviderRefund {
  const { reference, paymentReference, amountCents, currency, refundId, createdAt } = r;
  return { reference, paymentReference, amountCents, currency, refundId, createdAt, status: "refunded" };
}

export function createTestProvider(): PaymentProvider {
  return {
    key: "test",
    // the test provider takes every method where it exists (and so stands in for all providers)
    methods: (country, currency) => PAYMENT_METHODS.filter((m) => methodExists(m, country, currency)),

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const reference = token("tp");
      const charged = Boolean(input.mandate || input.directDebit);
      // a stored method or a direct debit needs no page: the provider charges at once
      const status: ProviderStatus = !charged ? "open" : input.mandate && FAILING_MANDATE.test(input.mandate) ? "failed" : "paid";
      const mandate = input.mandate ?? (input.directDebit ? token("tmd") : null);
      await getDb().testProviderPayment.create({
        data: {
          reference,
          siteKey: input.siteKey ?? "",
          amountCents: input.amountCents,
          currency: input.currency,
          method: input.method,
          description: input.description,
          status,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          mandate,
        },
      });
      if (charged) await queueTestWebhook(reference);
      return { reference, checkoutUrl: charged ? null : `${new URL(input.redirectUrl).origin}/test-pay/${reference}` };
    },

    async readWebhook(request: Request) {
      const body = await request.text();
      if (body.length > 200) return null;
      if (!sameSignature(hmacHex(testProviderKey(), body), request.headers.get(TEST_SIGNATURE_HEADER))) return null;
      const reference = new URLSearchParams(body).get("id");
      return reference && isTestReference(reference) ? { reference } : null;
    },

    async getPayment(reference: string): Promise<ProviderPayment> {
      await expireIfStale(reference);
      const p = await getDb().testProviderPayment.findUnique({ where: { reference } });
      if (!p) throw new Error(`test provider: no payment ${reference}`);
      return {
        reference,
        status: p.status as ProviderStatus,
        amountCents: p.amountCents,
        currency: p.currency,
        method: p.method,
        reusableMandate: p.status === "paid" ? p.mandate : null,
        refundedCents: p.refundedCents,
      };
    },

    async refund(input: RefundRequest): Promise<ProviderRefund> {
      // the provider's own books, in its own transaction (never one of the app's: the app calls
      // a provider only outside its transactions)
      return getDb().$transaction(async (tx) => {
        const [p] = await tx.$queryRaw<{ status: string; currency: string; amount_cents: number; refunded_cents: number }[]>`
          SELECT status, currency, amount_cents, refunded_cents FROM test_provider_payments WHERE reference = ${input.paymentReference} FOR UPDATE`;
        // the same key answers with the refund it made first (looked up under the payment's lock)
        const earlier = await tx.testProviderRefund.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
        if (earlier) return refundView(earlier);
        if (!p || p.status !== "paid" || p.currency !== input.currency) throw new RefundRefused("test provider: payment cannot be refunded");
        // the provider's own rule: never more back than was paid
        if (input.amountCents <= 0 || p.refunded_cents + input.amountCents > p.amount_cents)
          throw new RefundRefused("test provider: refund exceeds the payment");
        await tx.testProviderPayment.update({ where: { reference: input.paymentReference }, data: { refundedCents: { increment: input.amountCents } } });
        const refund = await tx.testProviderRefund.create({
          data: {
            reference: token("tpr"),
            paymentReference: input.paymentReference,
            amountCents: input.amountCents,
            currency: input.currency,
            idempotencyKey: input.idempotencyKey,
            refundId: input.refundId,
          },
        });
        return refundView(refund);
      });
    },

    async listRefunds(paymentReference: string) {
      const rows = await getDb().testProviderRefund.findMany({ where: { paymentReference }, orderBy: { createdAt: "desc" } });
      return rows.map(refundView);
    },

    async transactionCosts(reference: string) {
      // the provider's fee, from the configured rate of the method (test-costs.ts, TEST_PAY_COSTS)
      const p = await getDb().testProviderPayment.findUnique({
        where: { reference },
        select: { status: true, method: true, amountCents: true, currency: true },
      });
      if (!p || p.status !== "paid") return null;
      return { cents: testPayCosts(p.method, p.amountCents, getEnv().TEST_PAY_COSTS), currency: p.currency };
    },

    async recentRefunds(since: Date, limit: number) {
      const rows = await getDb().testProviderRefund.findMany({ where: { createdAt: { gte: since } }, orderBy: { createdAt: "desc" }, take: limit });
      return rows.map(refundView);
    },
  };
}
