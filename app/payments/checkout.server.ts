// The one checkout: an order for a package, paid with a method, becomes a pending payment and a
// provider payment; the member goes to the provider's page (or, for a stored method or direct
// debit, straight to the payment result).
//
// Money: the order is parsed with zod; the package must be the site's, sold in the payment
// country; the method must be offered there by a configured provider. In one transaction, after
// locking the member's users row, the discount is asked (and redeemed), the total is compared with
// the one the member was shown (a different one is refused, never charged), the direct-debit gate is
// asked for "sdd", and the pending payment is written under its idempotency key (one order, one
// payment: a repeated submit answers with the first payment). The provider payment is created
// outside the transaction; when the provider fails, the payment is marked failed
// (provider_failed). Nothing is credited here: only a provider-confirmed payment credits
// (settle.server.ts).
import { z } from "zod";
import { Prisma } from "#app/generated/prisma/client.ts";
import type { PaymentMethod } from "#app/generated/prisma/enums.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { MAX_ID } from "#app/utils/request.server.ts";
import { directDebitGate } from "./direct-debit-gate.server.ts";
import { discountForOrder, discountedCents, redeemDiscount } from "./discounts.server.ts";
import { PAYMENT_METHODS } from "./methods.ts";
import { sitePackage } from "./packages.server.ts";
import type { DirectDebitMandate } from "./provider.server.ts";
import { getProvider, providerFor } from "./providers/index.server.ts";
import { webhookUrl } from "./webhook-signing.server.ts";

type Tx = Prisma.TransactionClient;

export interface CheckoutOrder {
  site: Site;
  userId: number;
  packageId: number;
  method: PaymentMethod;
  /** the payment country (the member's, or the one chosen on /credits) */
  country: string;
  locale: string;
  /** the discount code typed by the member; undefined: the active discount */
  code?: string;
  directDebit?: DirectDebitMandate;
  /** the request's origin, for the redirect and webhook URLs */
  origin: string;
  /** one order, one payment: a repeated submit with the same key returns the first answer */
  idempotencyKey: string;
  /** repeat order: our id of the member's earlier completed payment whose stored method is charged again */
  repeatOf?: number;
  /** the total the member was shown on the pay button: another amount is refused (price_changed), never charged */
  expectedCents?: number;
  /** where the member started buying from (a path of this site, validated by the route): the result page leads back there */
  returnTo?: string;
}

export type CheckoutAnswer =
  | { ok: true; paymentId: number; redirectTo: string }
  | {
      ok: false;
      error: "code_invalid" | "package_unavailable" | "method_unavailable" | "provider_failed" | "directdebit_limit" | "directdebit_blocked" | "price_changed";
    };
type CheckoutError = Extract<CheckoutAnswer, { ok: false }>["error"];

/** A client's key for one order: letters, digits, - and _. */
export const ORDER_KEY = /^[A-Za-z0-9_-]{8,80}$/;

const text = (max: number) => z.string().trim().min(1).max(max);
const orderSchema = z.object({
  userId: z.number().int().min(1).max(MAX_ID),
  packageId: z.number().int().min(1).max(MAX_ID),
  method: z.enum(PAYMENT_METHODS),
  country: z.string().regex(/^[A-Z]{2}$/),
  locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  code: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((c) => (c ? c : undefined)),
  origin: z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin),
  idempotencyKey: z.string().regex(ORDER_KEY),
  repeatOf: z.number().int().min(1).max(MAX_ID).optional(),
  expectedCents: z.number().int().min(0).max(100_000_000).optional(),
  returnTo: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])[^\s]*$/)
    .optional()
    .catch(undefined),
  directDebit: z
    .object({ accountHolder: text(120), iban: text(40), street: text(120), houseNumber: text(20), zip: text(20), city: text(120), phone: text(40) })
    .optional(),
});

class Refused extends Error {
  constructor(readonly error: CheckoutError) {
    super(error);
  }
}

const resultPath = (paymentId: number) => `/payments/${paymentId}`;
/** Our key for the order: the client's key, scoped to the member (another member's key never matches). */
const scopedKey = (userId: number, key: string) => `order:${userId}:${key}`;

async function repeatedAnswer(db: Db | Tx, userId: number, siteKey: string, key: string): Promise<CheckoutAnswer | null> {
  const existing = await db.payment.findUnique({
    where: { idempotencyKey: scopedKey(userId, key) },
    select: { id: true, userId: true, siteKey: true, status: true, checkoutUrl: true },
  });
  if (!existing || existing.userId !== userId || existing.siteKey !== siteKey) return null;
  const redirectTo = existing.status === "pending" && existing.checkoutUrl ? existing.checkoutUrl : resultPath(existing.id);
  return { ok: true, paymentId: existing.id, redirectTo };
}

export async function startCheckout(db: Db, order: CheckoutOrder): Promise<CheckoutAnswer> {
  const log = getLogger();
  const parsed = orderSchema.safeParse(order);
  if (!parsed.success) {
    log.warn({ site: order.site?.key, userId: order.userId, issues: parsed.error.issues.map((i) => i.path.join(".")) }, "checkout: order refused");
    return { ok: false, error: "package_unavailable" };
  }
  const o = parsed.data;
  const site = order.site;

  const pkg = await sitePackage(db, site, o.country, o.packageId);
  if (!pkg) {
    log.warn({ site: site.key, userId: o.userId, packageId: o.packageId, country: o.country }, "checkout: package not sold here");
    return { ok: false, error: "package_unavailable" };
  }
  const offered = providerFor(site, o.country, pkg.currency, o.method);
  const provider = offered ? getProvider(offered.provider) : null;
  if (!offered || !provider) {
    log.warn({ site: site.key, userId: o.userId, method: o.method, country: o.country }, "checkout: method not offered");
    return { ok: false, error: "method_unavailable" };
  }
  if (o.method === "sdd" && !o.directDebit) return { ok: false, error: "method_unavailable" };

  const repeated = await repeatedAnswer(db, o.userId, site.key, o.idempotencyKey);
  if (repeated) return repeated;

  let created: { id: number; amountCents: number; mandate: string | null };
  try {
    created = await db.$transaction(
      async (tx) => {
        // one member's orders queue up here: a once-per-user code, the direct-debit limit
        const [me] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE id = ${o.userId} AND site_key = ${site.key} FOR UPDATE`;
        if (!me) throw new Refused("package_unavailable");
        const again = await repeatedAnswer(tx, o.userId, site.key, o.idempotencyKey);
        if (again) throw new Repeated(again);

        let mandate: string | null = null;
        if (o.repeatOf) {
          const earlier = await tx.payment.findFirst({
            where: { id: o.repeatOf, userId: o.userId, siteKey: site.key, status: "completed", provider: provider.key, mandateReference: { not: null } },
            select: { mandateReference: true },
          });
          if (!earlier || provider.recurring === false) throw new Refused("method_unavailable");
          mandate = earlier.mandateReference;
        }

        const discount = await discountForOrder(tx, {
          site,
          userId: o.userId,
          ...(o.code ? { code: o.code } : {}),
          priceCents: pkg.priceCents,
          currency: pkg.currency,
          country: o.country,
          method: o.method,
        });
        if (!discount.ok) throw new Refused("code_invalid");
        const amountCents = discountedCents(pkg.priceCents, discount.discount);
        if (amountCents <= 0) throw new Refused("code_invalid");
        // the price moved between the page and the click (a package's new price, a discount that ended)
        if (o.expectedCents !== undefined && o.expectedCents !== amountCents) throw new Refused("price_changed");
        if (o.method === "sdd") {
          const gate = await directDebitGate(tx, { site, userId: o.userId, amountCents, currency: pkg.currency });
          if (!gate.ok) throw new Refused(gate.error);
        }
        const payment = await tx.payment.create({
          data: {
            userId: o.userId,
            siteKey: site.key,
            packageId: pkg.id,
            credits: pkg.credits,
            method: o.method,
            amountCents,
            listPriceCents: pkg.priceCents,
            currency: pkg.currency,
            country: o.country,
            status: "pending",
            provider: provider.key,
            recurring: Boolean(mandate),
            idempotencyKey: scopedKey(o.userId, o.idempotencyKey),
          },
          select: { id: true },
        });
        if (discount.discount) await redeemDiscount(tx, discount.discount, o.userId, payment.id);
        return { id: payment.id, amountCents, mandate };
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  } catch (error) {
    if (error instanceof Repeated) return error.answer;
    if (error instanceof Refused) {
      log.info({ site: site.key, userId: o.userId, packageId: pkg.id, method: o.method, error: error.error }, "checkout: order refused");
      return { ok: false, error: error.error };
    }
    // the same key from a parallel submit that committed first
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const answer = await repeatedAnswer(db, o.userId, site.key, o.idempotencyKey);
      if (answer) return answer;
    }
    throw error;
  }

  // the payment result, leading back to where the member started buying (a stored card or direct debit goes there at once)
  const result = `${resultPath(created.id)}${o.returnTo ? `?back=${encodeURIComponent(o.returnTo)}` : ""}`;
  try {
    const providerPayment = await provider.createPayment({
      paymentId: created.id,
      amountCents: created.amountCents,
      currency: pkg.currency,
      method: o.method,
      description: `${site.name}: ${pkg.credits} credits (#${created.id})`,
      locale: o.locale,
      country: o.country,
      redirectUrl: `${o.origin}${result}`,
      webhookUrl: webhookUrl(o.origin, provider.key, site.key, created.id),
      siteKey: site.key,
      idempotencyKey: `payment-${created.id}-${o.idempotencyKey}`,
      ...(created.mandate ? { mandate: created.mandate } : {}),
      ...(o.directDebit ? { directDebit: o.directDebit } : {}),
    });
    await db.payment.update({ where: { id: created.id }, data: { providerReference: providerPayment.reference, checkoutUrl: providerPayment.checkoutUrl } });
    return { ok: true, paymentId: created.id, redirectTo: providerPayment.checkoutUrl ?? result };
  } catch (error) {
    log.error({ err: error, site: site.key, paymentId: created.id, provider: provider.key }, "checkout: provider refused the payment");
    await db.$transaction([
      db.discountRedemption.deleteMany({ where: { paymentId: created.id } }),
      db.payment.updateMany({ where: { id: created.id, status: "pending" }, data: { status: "failed" } }),
    ]);
    return { ok: false, error: "provider_failed" };
  }
}

class Repeated extends Error {
  constructor(readonly answer: CheckoutAnswer) {
    super("repeated order");
  }
}

/** The member's last completed order on this site: what /credits offers to repeat. */
export function lastCompletedOrder(db: Db, site: Site, userId: number) {
  return db.payment.findFirst({
    where: { userId, siteKey: site.key, status: "completed", packageId: { not: null } },
    orderBy: { completedAt: "desc" },
    select: {
      id: true,
      packageId: true,
      method: true,
      country: true,
      credits: true,
      amountCents: true,
      currency: true,
      provider: true,
      mandateReference: true,
    },
  });
}
