// Returning unused credits of a purchase within the site's refund_days, through the provider and
// the ledger, never more than was paid.
// CONTRACT (issue 9): /transactions/{id} asks refundQuote to offer the return and posts to
// POST /transactions/{id}/refund, whose action calls refundUnused. This first version offers no
// refund; the checkout work replaces the bodies.
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";

export interface RefundQuote {
  credits: number;
  amountCents: number;
  currency: string;
  /** the last moment the return is possible */
  until: Date;
}

export async function refundQuote(_db: Db, _site: Site, _userId: number, _paymentId: number): Promise<RefundQuote | null> {
  return null;
}

export type RefundAnswer = { ok: true; credits: number; amountCents: number } | { ok: false; error: "not_refundable" | "provider_failed" };

export async function refundUnused(_db: Db, _site: Site, _userId: number, _paymentId: number): Promise<RefundAnswer> {
  return { ok: false, error: "not_refundable" };
}
