// Mollie through its official client (@mollie/api-client): create payment, get payment, create
// refund. Mollie's webhook posts only `id=tr_…`; the app then fetches the payment (Mollie's
// documented pattern), so nothing in the webhook body is trusted. The webhook URL itself carries
// our signature over the payment id (webhook-signing.server.ts).
// The client loads on first use (a site's first Mollie payment), not with the server: about a tenth
// of a second of every start, on servers that mostly take the test provider (lazy-require.server.ts).
import type { MollieClient, PaymentMethod as MollieMethod, Refund as MollieRefund, SequenceType } from "@mollie/api-client";
import { z } from "zod";
import { lazyRequire } from "#app/utils/lazy-require.server.ts";
import type { PaymentMethod } from "#app/generated/prisma/enums.ts";
import { methodExists, PAYMENT_METHODS } from "../methods.ts";
import {
  RefundRefused,
  type CreatePaymentInput,
  type CreatedPayment,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderRefundStatus,
  type ProviderStatus,
  type RefundRequest,
} from "../provider.server.ts";

const mollie = lazyRequire<typeof import("@mollie/api-client")>("@mollie/api-client");

/**
 * Our method names → Mollie's (the ones Mollie offers). The card brands of the spec are Mollie's
 * card checkout, which takes Visa, Mastercard, Maestro, Cartes Bancaires and CartaSi (Nexi's
 * cards); a bank transfer (sct) is Mollie's banktransfer. giropay and Sofort are gone from Mollie
 * (discontinued in 2024) and Dankort it never took: the site schema refuses those (methods.ts).
 */
const TO_MOLLIE: Partial<Record<PaymentMethod, `${MollieMethod}`>> = {
  ideal: "ideal",
  bancontact: "bancontact",
  creditcard: "creditcard",
  visa: "creditcard",
  mastercard: "creditcard",
  maestro: "creditcard",
  cartebancaire: "creditcard",
  nexi: "creditcard",
  sct: "banktransfer",
  paypal: "paypal",
  eps: "eps",
  prezelewy24: "przelewy24",
  blik: "blik",
  twint: "twint",
  swish: "swish",
  vipps: "vipps",
  mobilepay: "mobilepay",
  satispay: "satispay",
  applepay: "applepay",
  paysafecard: "paysafecard",
};
const FROM_MOLLIE = new Map<string, PaymentMethod>([
  ["ideal", "ideal"],
  ["bancontact", "bancontact"],
  ["creditcard", "creditcard"],
  ["paypal", "paypal"],
  ["eps", "eps"],
  ["przelewy24", "prezelewy24"],
  ["blik", "blik"],
  ["twint", "twint"],
  ["swish", "swish"],
  ["vipps", "vipps"],
  ["mobilepay", "mobilepay"],
  ["satispay", "satispay"],
  ["applepay", "applepay"],
  ["paysafecard", "paysafecard"],
  ["directdebit", "sdd"],
  ["banktransfer", "sct"],
]);
/** Methods Mollie takes only in one currency. */
const ONLY_IN: Partial<Record<PaymentMethod, readonly string[]>> = {
  blik: ["PLN"],
  prezelewy24: ["PLN"],
  twint: ["CHF"],
  swish: ["SEK"],
  vipps: ["NOK"],
  mobilepay: ["DKK", "EUR"],
  ideal: ["EUR"],
  bancontact: ["EUR"],
  eps: ["EUR"],
};
/** Methods whose first payment leaves a mandate Mollie can charge again (sequenceType first). */
const RECURRING: readonly PaymentMethod[] = ["creditcard", "visa", "mastercard", "maestro", "cartebancaire", "nexi", "paypal"];

const STATUS: Record<string, ProviderStatus> = {
  open: "open",
  pending: "pending",
  authorized: "pending",
  paid: "paid",
  failed: "failed",
  canceled: "canceled",
  expired: "expired",
};

const REFUND_STATUS: Record<string, ProviderRefundStatus> = {
  queued: "pending",
  pending: "pending",
  processing: "pending",
  refunded: "refunded",
  failed: "failed",
  canceled: "canceled",
};

function refundView(r: MollieRefund): ProviderRefund {
  const metadata = (r.metadata ?? {}) as { refundId?: unknown };
  return {
    reference: r.id,
    paymentReference: r.paymentId,
    amountCents: toCents(r.amount.value),
    currency: r.amount.currency,
    status: REFUND_STATUS[r.status] ?? "pending",
    refundId: typeof metadata.refundId === "number" ? metadata.refundId : null,
    createdAt: new Date(r.createdAt),
  };
}

/** Mollie answered 4xx: it refused and did nothing (409: the same key still in progress; 429: try later). */
const refusedByMollie = (error: unknown) =>
  error instanceof mollie().MollieApiError &&
  typeof error.statusCode === "number" &&
  error.statusCode >= 400 &&
  error.statusCode < 500 &&
  ![409, 429].includes(error.statusCode);

const REFERENCE = /^tr_[A-Za-z0-9]{4,40}$/;

/** "10.00" → 1000; amounts are strings with two decimals in Mollie's API. */
export function toCents(value: string) {
  if (!/^\d{1,9}\.\d{2}$/.test(value)) throw new Error(`Mollie: unexpected amount ${value}`);
  const [whole, cents] = value.split(".") as [string, string];
  return Number(whole) * 100 + Number(cents);
}
export const toValue = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** Mollie's locale for ours (nl → nl_NL …); the payment country decides the region. */
const MOLLIE_LOCALES = new Set([
  "en_US",
  "en_GB",
  "nl_NL",
  "nl_BE",
  "de_DE",
  "de_AT",
  "de_CH",
  "fr_FR",
  "fr_BE",
  "es_ES",
  "ca_ES",
  "pt_PT",
  "it_IT",
  "nb_NO",
  "sv_SE",
  "fi_FI",
  "da_DK",
  "is_IS",
  "hu_HU",
  "pl_PL",
  "lv_LV",
  "lt_LT",
]);
const DEFAULT_REGION: Record<string, string> = { en: "GB", nl: "NL", de: "DE", fr: "FR", es: "ES", it: "IT", nb: "NO", sv: "SE", fi: "FI", da: "DK", pl: "PL" };
function mollieLocale(locale: string, country: string) {
  const lang = locale.slice(0, 2);
  const exact = `${lang}_${country}`;
  if (MOLLIE_LOCALES.has(exact)) return exact;
  const fallback = `${lang}_${DEFAULT_REGION[lang] ?? "GB"}`;
  return MOLLIE_LOCALES.has(fallback) ? fallback : "en_GB";
}

/** A balance transaction as Mollie's List balance transactions endpoint gives it (the fields read here). */
const balanceTransaction = z.object({
  type: z.string(),
  deductions: z.object({ currency: z.string(), value: z.string() }).nullish(),
  // context.payment.paymentId today; context.paymentId in older answers
  context: z
    .object({ payment: z.object({ paymentId: z.string() }).optional(), paymentId: z.string().optional() })
    .passthrough()
    .nullish(),
});
const balanceTransactionsPage = z.object({
  _embedded: z.object({ balance_transactions: z.array(z.unknown()) }),
  _links: z
    .object({ next: z.object({ href: z.string() }).nullish() })
    .passthrough()
    .nullish(),
});
/** How far back the costs of a payment are looked for: its balance transaction is among the newest. */
const COST_PAGES = 4;

export function createMollieProvider(options: { apiKey: string; apiEndpoint?: string }): PaymentProvider {
  const client: MollieClient = mollie().createMollieClient({ apiKey: options.apiKey, ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}) });
  const endpoint = options.apiEndpoint ?? "https://api.mollie.com/v2/";
  return {
    key: "mollie",
    recurring: true,
    methods: (country, currency) =>
      PAYMENT_METHODS.filter((m) => TO_MOLLIE[m] && methodExists(m, country, currency) && (!ONLY_IN[m] || ONLY_IN[m].includes(currency))),

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const method = TO_MOLLIE[input.method] as MollieMethod | undefined;
      if (!method) throw new Error(`Mollie does not take ${input.method}`);
      const common = {
        amount: { currency: input.currency, value: toValue(input.amountCents) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        locale: mollieLocale(input.locale, input.country) as never,
        metadata: { paymentId: input.paymentId, site: input.siteKey ?? null },
        ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
      };
      if (input.mandate) {
        // a stored method: "cst_…/mdt_…" charged without a page
        const [customerId, mandateId] = input.mandate.split("/");
        const payment = await client.payments.create({ ...common, sequenceType: "recurring" as SequenceType, customerId: customerId!, mandateId: mandateId! });
        return { reference: payment.id, checkoutUrl: null };
      }
      if (RECURRING.includes(input.method)) {
        const customer = await client.customers.create({ name: `payment ${input.paymentId}`, metadata: { paymentId: input.paymentId } });
        const payment = await client.payments.create({ ...common, method, sequenceType: "first" as SequenceType, customerId: customer.id });
        return { reference: payment.id, checkoutUrl: payment.getCheckoutUrl() };
      }
      const payment = await client.payments.create({ ...common, method });
      return { reference: payment.id, checkoutUrl: payment.getCheckoutUrl() };
    },

    async readWebhook(request: Request) {
      // Mollie posts `id=tr_…` as a form; the status is fetched, never read from here
      if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "")) return null;
      const body = await request.text();
      if (body.length > 200) return null;
      const id = new URLSearchParams(body).get("id");
      return id && REFERENCE.test(id) ? { reference: id } : null;
    },

    async getPayment(reference: string): Promise<ProviderPayment> {
      const p = await client.payments.get(reference);
      const mandate = p.customerId && p.mandateId ? `${p.customerId}/${p.mandateId}` : null;
      const status = STATUS[p.status] ?? "pending";
      return {
        reference: p.id,
        status,
        amountCents: toCents(p.amount.value),
        currency: p.amount.currency,
        method: p.method ? (FROM_MOLLIE.get(p.method) ?? null) : null,
        reusableMandate: status === "paid" ? mandate : null,
        refundedCents: p.amountRefunded ? toCents(p.amountRefunded.value) : 0,
      };
    },

    async refund(input: RefundRequest) {
      try {
        const refund = await client.paymentRefunds.create({
          paymentId: input.paymentReference,
          amount: { currency: input.currency, value: toValue(input.amountCents) },
          metadata: { refundId: input.refundId },
          // Mollie answers a repeated key with the refund it made first
          idempotencyKey: input.idempotencyKey,
        });
        return refundView(refund);
      } catch (error) {
        if (refusedByMollie(error)) throw new RefundRefused(`Mollie refused the refund: ${(error as Error).message}`, { cause: error });
        throw error;
      }
    },

    async listRefunds(paymentReference: string) {
      const out: ProviderRefund[] = [];
      for await (const refund of client.paymentRefunds.iterate({ paymentId: paymentReference })) out.push(refundView(refund));
      return out;
    },

    async transactionCosts(reference: string) {
      // Mollie withholds its fee from the payment's balance transaction (`deductions`); the
      // Node client has no Balances API, so it is asked directly (read-only GET, newest first).
      // settlementAmount is no measure of the fee (and deprecated): see docs/payments.md.
      let url: string | null = new URL("balances/primary/transactions?limit=250", endpoint).href;
      for (let page = 0; url && page < COST_PAGES; page++) {
        const res = await fetch(url, {
          headers: { authorization: `Bearer ${options.apiKey}`, accept: "application/hal+json" },
          signal: AbortSignal.timeout(15_000),
        });
        if (!res.ok) throw new Error(`Mollie: balance transactions answered ${res.status}`);
        const body = balanceTransactionsPage.parse(await res.json());
        for (const raw of body._embedded.balance_transactions) {
          const t = balanceTransaction.safeParse(raw);
          if (!t.success || t.data.type !== "payment") continue;
          if ((t.data.context?.payment?.paymentId ?? t.data.context?.paymentId) !== reference) continue;
          // no deductions: Mollie invoices the fee instead of withholding it, so it is not this payment's to say
          if (!t.data.deductions) return null;
          return { cents: toCents(t.data.deductions.value.replace(/^-/, "")), currency: t.data.deductions.currency };
        }
        url = body._links?.next?.href ?? null;
      }
      return null;
    },

    async recentRefunds(since: Date, limit: number) {
      // newest first: stop at the first one older than `since`
      const out: ProviderRefund[] = [];
      for await (const refund of client.refunds.iterate()) {
        const view = refundView(refund);
        if (view.createdAt < since || out.length >= limit) break;
        out.push(view);
      }
      return out;
    },
  };
}
