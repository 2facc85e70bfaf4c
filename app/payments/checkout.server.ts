// The one checkout: an order for a package, paid with a method, becomes a pending payment and a
// provider payment; the member goes to the provider's page (or, for a stored method or direct
// debit, straight to the payment result).
// CONTRACT (issue 9): the checkout work replaces this body; /directdebit calls startCheckout with
// method "sdd" and the collected mandate, /credits/{id}/{method} and repeat-order call it too.
import type { PaymentMethod } from "#app/generated/prisma/enums.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";
import type { DirectDebitMandate } from "./provider.server.ts";

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
}

export type CheckoutAnswer =
  | { ok: true; paymentId: number; redirectTo: string }
  | { ok: false; error: "code_invalid" | "package_unavailable" | "method_unavailable" | "provider_failed" | "directdebit_limit" | "directdebit_blocked" };

export async function startCheckout(_db: Db, _order: CheckoutOrder): Promise<CheckoutAnswer> {
  return { ok: false, error: "method_unavailable" };
}
