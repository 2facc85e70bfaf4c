// What one text message can really cost in money: the package with the most credits for the
// money that a member of a country can buy, times the site's message price in credits, rounded up
// to the cent, so a "from" price is never below what any package gives. The chat and /pricing show
// this; site:check refuses a configured minimum_message_costs below it (docs/payments.md).

export interface PricedPackage {
  credits: number;
  priceCents: number;
  currency: string;
}

export interface MessagePrice {
  /** in the currency's major unit, as minimum_message_costs has it (1.29) */
  costs: number;
  currency: string;
  cents: number;
  /** the package that gives this price */
  from: PricedPackage;
}

/**
 * The lowest price of one message among the packages, in the country's currency when packages
 * are sold in it, else in the currency of the first package (as /credits shows them).
 */
export function cheapestMessagePrice(packages: readonly PricedPackage[], messageCredits: number, currency: string): MessagePrice | null {
  const inCurrency = packages.filter((p) => p.currency === currency && p.credits > 0);
  const candidates = inCurrency.length ? inCurrency : packages.filter((p) => p.currency === packages[0]?.currency && p.credits > 0);
  let best: PricedPackage | null = null;
  // fewer cents per credit wins; compared crosswise to stay in integers
  for (const p of candidates) if (!best || p.priceCents * best.credits < best.priceCents * p.credits) best = p;
  if (!best) return null;
  const cents = Math.ceil((best.priceCents * messageCredits) / best.credits);
  return { costs: cents / 100, currency: best.currency, cents, from: { credits: best.credits, priceCents: best.priceCents, currency: best.currency } };
}
