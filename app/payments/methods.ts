// Payment methods by payment country and the currency of each country: pure data shared by the
// site schema (validation), the checkout (what may be paid how) and the pages (what is shown).
// Browser-safe: no server imports.

/** The spec's enumeration (section 3), the database enum PaymentMethod. */
export const PAYMENT_METHODS = [
  "sdd",
  "prezelewy24",
  "blik",
  "sct",
  "giropay",
  "mastercard",
  "visa",
  "creditcard",
  "dankort",
  "mobilepay",
  "swish",
  "twint",
  "satispay",
  "vipps",
  "cartebancaire",
  "nexi",
  "ideal",
  "bancontact",
  "applepay",
  "paysafecard",
  "maestro",
  "paypal",
  "sofort",
  "eps",
] as const;
export type Method = (typeof PAYMENT_METHODS)[number];

/** The provider implementations the app knows (app/payments/providers/). */
export const PROVIDER_KEYS = ["test", "mollie"] as const;
export type ProviderKey = (typeof PROVIDER_KEYS)[number];

/** Cards and PayPal are offered in every country; the local methods of each country on top. */
const EVERYWHERE = ["creditcard", "paypal"] as const satisfies readonly Method[];
const LOCAL: Record<string, readonly Method[]> = {
  NL: ["ideal", "sdd"],
  BE: ["bancontact", "sdd"],
  DE: ["sdd"],
  AT: ["eps", "sdd"],
  CH: ["twint"],
  PL: ["blik", "prezelewy24"],
  SE: ["swish"],
  NO: ["vipps"],
  DK: ["mobilepay", "dankort"],
  US: ["applepay"],
  CA: ["applepay"],
  AU: ["applepay"],
  NZ: ["applepay"],
};

/** The methods a payment country offers, local ones first (before any provider is asked). */
export const countryMethods = (country: string): readonly Method[] => [...(LOCAL[country] ?? []), ...EVERYWHERE];

const CURRENCY: Record<string, string> = {
  GB: "GBP",
  CH: "CHF",
  PL: "PLN",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  US: "USD",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
};
/** The currency packages of a payment country are priced in (EUR for the euro countries). */
export const countryCurrency = (country: string) => CURRENCY[country] ?? "EUR";
