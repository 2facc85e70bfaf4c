// The test provider's fee per method: what a payment with it "costs" the company, so a demo and
// the tests show transaction costs as a real provider reports them. The built-in rates are
// illustrative (of the order of a European provider's public prices), not anyone's price list;
// TEST_PAY_COSTS overrides them per method (validated here, read through env.server.ts).
import { z } from "zod";
import { PAYMENT_METHODS, type Method } from "../methods.ts";

const rate = z.object({ fixed_cents: z.number().int().min(0).max(10_000), percent: z.number().min(0).max(50) }).strict();
export const testPayCostsSchema = z.partialRecord(z.enum(PAYMENT_METHODS), rate);
export type TestPayRate = z.infer<typeof rate>;

const CARD = { fixed_cents: 25, percent: 1.8 };
const DEFAULT_RATES: Record<Method, TestPayRate> = {
  creditcard: CARD,
  visa: CARD,
  mastercard: CARD,
  maestro: CARD,
  cartebancaire: CARD,
  nexi: CARD,
  applepay: CARD,
  paypal: { fixed_cents: 35, percent: 3.4 },
  ideal: { fixed_cents: 29, percent: 0 },
  bancontact: { fixed_cents: 25, percent: 1.4 },
  eps: { fixed_cents: 25, percent: 1.4 },
  blik: { fixed_cents: 25, percent: 1.6 },
  prezelewy24: { fixed_cents: 25, percent: 2.2 },
  twint: { fixed_cents: 25, percent: 1.5 },
  swish: { fixed_cents: 25, percent: 1.0 },
  vipps: { fixed_cents: 25, percent: 1.5 },
  mobilepay: { fixed_cents: 25, percent: 1.5 },
  satispay: { fixed_cents: 25, percent: 1.0 },
  paysafecard: { fixed_cents: 0, percent: 15 },
  sdd: { fixed_cents: 25, percent: 0 },
  sct: { fixed_cents: 25, percent: 0 },
  // offered by nobody (methods.ts), priced for completeness
  giropay: CARD,
  sofort: CARD,
  dankort: CARD,
};

/** The test provider's fee for a payment, in its currency's cents (rounded to the cent). */
export function testPayCosts(method: Method, amountCents: number, overrides: Partial<Record<Method, TestPayRate>> = {}) {
  const r = overrides[method] ?? DEFAULT_RATES[method];
  return r.fixed_cents + Math.round((amountCents * r.percent) / 100);
}
