// The one interface every payment provider implements (Mollie, the built-in test provider, a
// hosted-page provider of the kind adult sites use). The checkout, the webhook route, refunds and
// repeat orders talk only to this interface; which provider serves which method is site config.
import type { PaymentMethod } from "#app/generated/prisma/enums.ts";

/** The provider's own view of a payment; the only source of truth for completing one. */
export type ProviderStatus = "open" | "pending" | "paid" | "failed" | "canceled" | "expired";

export interface ProviderPayment {
  reference: string;
  status: ProviderStatus;
  amountCents: number;
  currency: string;
  method: PaymentMethod | null;
  /** set when the provider stored a method that can be charged again (repeat order) */
  reusableMandate: string | null;
  /** what the provider has refunded of this payment so far */
  refundedCents?: number;
}

/** SEPA direct-debit details collected by /directdebit (IBAN already validated). */
export interface DirectDebitMandate {
  accountHolder: string;
  iban: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  phone: string;
}

export interface CreatePaymentInput {
  /** our payments.id: the provider echoes it back in metadata */
  paymentId: number;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  description: string;
  locale: string;
  country: string;
  /** where the member's browser returns after the hosted page */
  redirectUrl: string;
  /** where the provider posts its webhook */
  webhookUrl: string;
  /** charge a stored method again (repeat order) instead of sending the member to a page */
  mandate?: string;
  directDebit?: DirectDebitMandate;
  /** the site the payment belongs to (providers may keep it in their metadata) */
  siteKey?: string;
  /** a key the provider uses to create the payment once, however often it is asked */
  idempotencyKey?: string;
}

export interface CreatedPayment {
  reference: string;
  /** the hosted page to send the browser to; null when the charge needs no page (stored method, direct debit) */
  checkoutUrl: string | null;
}

export interface PaymentProvider {
  readonly key: string;
  /** the methods this provider can take for a payment country and currency */
  methods(country: string, currency: string): readonly PaymentMethod[];
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Reads an incoming webhook: verifies what can be verified (signature, shape) and returns the
   * provider reference it names, or null for a webhook that is not ours. Never trusts a status
   * in the body: the caller fetches the payment with getPayment.
   */
  readWebhook(request: Request): Promise<{ reference: string } | null>;
  /** false: the provider cannot charge a stored method again (repeat order goes to the order overview) */
  readonly recurring?: boolean;
  getPayment(reference: string): Promise<ProviderPayment>;
  /**
   * Refunds part or all of a payment. The same idempotency key never refunds twice: a repeated
   * call answers with the refund the key made first. Throws RefundRefused when the provider
   * refused (nothing was refunded); any other error leaves the outcome unknown.
   */
  refund(input: RefundRequest): Promise<ProviderRefund>;
  /** The refunds of one payment, as the provider keeps them. */
  listRefunds(paymentReference: string): Promise<ProviderRefund[]>;
  /** The provider's refunds created since a moment (newest first, at most `limit`), for the reconciliation. */
  recentRefunds(since: Date, limit: number): Promise<ProviderRefund[]>;
  /**
   * What the provider charged for a paid payment (its fee), or null while it has not said yet
   * (asked again later). Throws when the provider cannot be reached.
   */
  transactionCosts(reference: string): Promise<TransactionCosts | null>;
}

interface TransactionCosts {
  cents: number;
  currency: string;
}

export interface RefundRequest {
  paymentReference: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  /** our refunds.id, kept by the provider (metadata) so that its refund can be matched to ours */
  refundId: number;
}

/** refunded: the money is on its way; failed/canceled: the provider gave up on it. */
export type ProviderRefundStatus = "pending" | "refunded" | "failed" | "canceled";

export interface ProviderRefund {
  reference: string;
  paymentReference: string;
  amountCents: number;
  currency: string;
  status: ProviderRefundStatus;
  /** our refunds.id from the provider's metadata; null for a refund made elsewhere (the provider's dashboard) */
  refundId: number | null;
  createdAt: Date;
}

/** The provider answered and refused the refund: nothing was refunded. */
export class RefundRefused extends Error {}
