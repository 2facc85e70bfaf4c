// The money price of one message: the best credits-for-money package times the message's credits,
// rounded up to the cent, in the country's currency.
import { describe, expect, it } from "vitest";
import { cheapestMessagePrice } from "./message-price.ts";

const eur = (credits: number, priceCents: number) => ({ credits, priceCents, currency: "EUR" });

describe("the price of a message", () => {
  it("comes from the package with the most credits for the money, rounded up to the cent", () => {
    // 89.99 for 700 credits is 12.856 cents a credit: 10 credits cost 128.56 cents, shown as 1.29
    const price = cheapestMessagePrice([eur(50, 999), eur(120, 1999), eur(300, 4499), eur(700, 8999)], 10, "EUR");
    expect(price).toMatchObject({ costs: 1.29, cents: 129, currency: "EUR", from: { credits: 700, priceCents: 8999 } });
    // the largest package is not always the best rate
    expect(cheapestMessagePrice([eur(700, 8999), eur(100, 1000)], 10, "EUR")).toMatchObject({ costs: 1, from: { credits: 100 } });
    // exact amounts are not rounded up
    expect(cheapestMessagePrice([eur(100, 1000)], 12, "EUR")?.costs).toBe(1.2);
  });

  it("is never below what a package gives", () => {
    for (const credits of [7, 33, 120, 999])
      for (const priceCents of [1, 99, 1999, 8999]) {
        const price = cheapestMessagePrice([eur(credits, priceCents)], 11, "EUR")!;
        expect(price.cents * credits).toBeGreaterThanOrEqual(priceCents * 11);
        expect((price.cents - 1) * credits).toBeLessThan(priceCents * 11);
      }
  });

  it("is in the country's currency when packages are sold in it, else in the first package's", () => {
    const mixed = [{ credits: 100, priceCents: 100, currency: "SEK" }, eur(100, 1000)];
    expect(cheapestMessagePrice(mixed, 10, "EUR")).toMatchObject({ costs: 1, currency: "EUR" });
    expect(cheapestMessagePrice(mixed, 10, "NOK")).toMatchObject({ costs: 0.1, currency: "SEK" });
    expect(cheapestMessagePrice([], 10, "EUR")).toBeNull();
  });
});
