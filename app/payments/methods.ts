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
/**
 * The default local methods of each payment country, used where a site file names none for it
 * (`payments.countries`). A site file may offer any method where it exists (METHOD_AREAS).
 */
const LOCAL: Record<string, readonly Method[]> = {
  NL: ["ideal", "sdd"],
  BE: ["bancontact", "sdd"],
  DE: ["sdd"],
  AT: ["eps", "sdd"],
  CH: ["twint"],
  PL: ["blik", "prezelewy24"],
  SE: ["swish"],
  NO: ["vipps"],
  DK: ["mobilepay"],
  FI: ["mobilepay"],
  FR: ["cartebancaire"],
  IT: ["satispay", "nexi"],
  ES: ["applepay"],
  US: ["applepay"],
  CA: ["applepay"],
  AU: ["applepay"],
  NZ: ["applepay"],
};

/** The default methods of a payment country, local ones first (before any provider is asked). */
export const countryMethods = (country: string): readonly Method[] => [...(LOCAL[country] ?? []), ...EVERYWHERE];

const SEPA = ["NL", "BE", "DE", "AT", "FR", "IT", "ES", "FI", "IE", "LU", "PT"];
/**
 * Where a method exists: its countries (null: any) and currencies (null: any). A method that exists
 * nowhere any more (or that no provider of ours takes) has a reason instead, which the site schema
 * gives when a site file asks for it.
 */
const METHOD_AREAS: Record<Method, { countries: readonly string[] | null; currencies: readonly string[] | null } | { unavailable: string }> = {
  creditcard: { countries: null, currencies: null },
  visa: { countries: null, currencies: null },
  mastercard: { countries: null, currencies: null },
  maestro: { countries: null, currencies: null },
  paypal: { countries: null, currencies: null },
  applepay: { countries: null, currencies: null },
  paysafecard: { countries: null, currencies: ["EUR", "GBP", "CHF", "PLN", "SEK", "NOK", "DKK", "USD", "CAD", "AUD", "NZD"] },
  sdd: { countries: SEPA, currencies: ["EUR"] },
  sct: { countries: SEPA, currencies: ["EUR"] },
  ideal: { countries: ["NL"], currencies: ["EUR"] },
  bancontact: { countries: ["BE"], currencies: ["EUR"] },
  eps: { countries: ["AT"], currencies: ["EUR"] },
  cartebancaire: { countries: ["FR"], currencies: ["EUR"] },
  nexi: { countries: ["IT"], currencies: ["EUR"] },
  satispay: { countries: ["IT", "FR", "DE", "AT", "BE", "LU"], currencies: ["EUR"] },
  blik: { countries: ["PL"], currencies: ["PLN"] },
  prezelewy24: { countries: ["PL"], currencies: ["PLN"] },
  twint: { countries: ["CH"], currencies: ["CHF"] },
  swish: { countries: ["SE"], currencies: ["SEK"] },
  vipps: { countries: ["NO"], currencies: ["NOK"] },
  mobilepay: { countries: ["DK", "FI"], currencies: ["DKK", "EUR"] },
  giropay: { unavailable: "giropay was discontinued on 30 June 2024; no payment provider takes it any more" },
  sofort: { unavailable: "Sofort was folded into Klarna and discontinued in 2024; no payment provider takes it any more" },
  dankort: {
    unavailable: "Mollie does not take Dankort cards and the app has no other provider for them (Visa/Dankort cards pay as Visa: offer creditcard)",
  },
};

/** Why a method cannot be offered anywhere; null for a method that exists. */
export function unavailableReason(method: Method): string | null {
  const area = METHOD_AREAS[method];
  return "unavailable" in area ? area.unavailable : null;
}

/** Whether a method exists for payments from this country in this currency. */
export function methodExists(method: Method, country: string, currency: string): boolean {
  const area = METHOD_AREAS[method];
  if ("unavailable" in area) return false;
  return (!area.countries || area.countries.includes(country)) && (!area.currencies || area.currencies.includes(currency));
}

/** Where a method exists, for a message: "NL in EUR". */
export function methodArea(method: Method): string {
  const area = METHOD_AREAS[method];
  if ("unavailable" in area) return "nowhere";
  return [area.countries ? area.countries.join(", ") : "any country", area.currencies ? `in ${area.currencies.join(", ")}` : ""].filter(Boolean).join(" ");
}

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
