// Discount codes, the welcome discount and the time bonus (TIMEBONUS25). The checkout asks here
// what an order costs; the server decides, never the client clock.
// CONTRACT (issue 9): the checkout calls these two functions; this first version applies no
// discount at all and refuses every typed code. The discounts work replaces the bodies.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { PaymentMethod } from "#app/generated/prisma/enums.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

type Tx = Prisma.TransactionClient;

export interface OrderDiscount {
  codeId: number;
  code: string;
  percentage: number;
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
}

export type DiscountAnswer = { ok: true; discount: OrderDiscount | null } | { ok: false; error: "code_invalid" };

/**
 * Inside the checkout's transaction, after the caller locked the member's users row
 * (SELECT … FOR UPDATE), so two parallel orders cannot both use a once-per-user code.
 */
export async function discountForOrder(_tx: Tx, question: OrderQuestion): Promise<DiscountAnswer> {
  if (question.code) return { ok: false, error: "code_invalid" };
  return { ok: true, discount: null };
}

/** Records that the payment (just created in the same transaction) uses the discount. */
export async function redeemDiscount(tx: Tx, discount: OrderDiscount, userId: number, paymentId: number) {
  await tx.discountRedemption.create({ data: { codeId: discount.codeId, userId, paymentId } });
}

/** The discount price: rounded to whole cents, never below zero. */
export const discountedCents = (priceCents: number, discount: OrderDiscount | null) =>
  discount ? Math.max(0, Math.round((priceCents * (100 - discount.percentage)) / 100)) : priceCents;
