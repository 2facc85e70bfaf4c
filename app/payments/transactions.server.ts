// A member's payments on this site (/transactions) and one of them (/transactions/{id}, its
// receipt). Every read is by member AND site: another member's or another site's payment id is
// answered like a missing one (404). The provider's fee (transaction costs) is the company's
// cost, not the member's: it is shown to staff only (app/staff/), never here.
import type { PaymentMethod, PaymentStatus } from "#app/generated/prisma/enums.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";

export interface Transaction {
  id: number;
  credits: number;
  method: PaymentMethod;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  createdAt: Date;
  completedAt: Date | null;
}

const select = {
  id: true,
  credits: true,
  method: true,
  amountCents: true,
  currency: true,
  status: true,
  createdAt: true,
  completedAt: true,
} as const;

const TRANSACTIONS_PAGE = 100;

export function listTransactions(db: Db, site: Site, userId: number): Promise<Transaction[]> {
  return db.payment.findMany({ where: { userId, siteKey: site.key }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: TRANSACTIONS_PAGE, select });
}

export function findTransaction(db: Db, site: Site, userId: number, paymentId: number): Promise<Transaction | null> {
  return db.payment.findFirst({ where: { id: paymentId, userId, siteKey: site.key }, select });
}

/** Brand names stay as they are; the generic methods are translated (transactions.methods.*). */
const METHOD_NAMES: Partial<Record<PaymentMethod, string>> = {
  prezelewy24: "Przelewy24",
  blik: "BLIK",
  giropay: "giropay",
  mastercard: "Mastercard",
  visa: "Visa",
  dankort: "Dankort",
  mobilepay: "MobilePay",
  swish: "Swish",
  twint: "TWINT",
  satispay: "Satispay",
  vipps: "Vipps",
  cartebancaire: "Carte Bancaire",
  nexi: "Nexi",
  ideal: "iDEAL",
  bancontact: "Bancontact",
  applepay: "Apple Pay",
  paysafecard: "paysafecard",
  maestro: "Maestro",
  paypal: "PayPal",
  sofort: "Sofort",
  eps: "EPS",
};

export const methodLabel = (method: PaymentMethod, t: (key: string) => string) => METHOD_NAMES[method] ?? t(`transactions.methods.${method}`);
