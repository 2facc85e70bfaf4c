// Refunds of unused credits in steps (ADR 027) against the real app, PostgreSQL and the test
// provider: a burst of parallel requests for one purchase refunds once and leaves the pool to
// everyone else; the provider's idempotency key; a provider that refuses or does not answer;
// premium after a full refund (ADR 028).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RefundRefused, type PaymentProvider } from "#app/payments/provider.server.ts";
import { getProvider, setProvider } from "#app/payments/providers/index.server.ts";
import { refundQuote, refundUnused } from "#app/payments/refunds.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, textOf } from "#tests/support/logged-in.ts";
import { completedPurchase } from "#tests/support/purchases.ts";

const catalogue = (locale: string) => JSON.parse(readFileSync(`app/locales/${locale}/common.json`, "utf8"));
const en = catalogue("en");
const de = catalogue("de");
const site = (key: string) => getSiteRegistry().byKey.get(key)!;
const db = () => getDb();
const balance = async (userId: number) => (await db().user.findUniqueOrThrow({ where: { id: userId } })).credits;
const ledger = (userId: number, reasons: string[]) =>
  db().creditLedgerEntry.findMany({ where: { userId, reason: { in: reasons as never } }, orderBy: { id: "asc" } });

const server = useTestServer();

/** The test provider with one of its calls replaced, for the length of a test. */
async function withTestProvider(change: (real: PaymentProvider) => Partial<PaymentProvider>, work: () => Promise<void>) {
  const real = getProvider("test")!;
  setProvider({ ...real, ...change(real) });
  try {
    await work();
  } finally {
    setProvider(real);
  }
}

describe("parallel refund requests", () => {
  it("50 at once from the member's session refund once, the rest are told so (409, in their language), and other members' pages answer meanwhile", async () => {
    const m = await loggedInMember(server, { site: "lovely", country: "NL" });
    const payment = await completedPurchase(site("lovely"), m.user.id, { spend: 20 });
    const quote = (await refundQuote(db(), site("lovely"), m.user.id, payment.id))!;
    expect(quote.credits).toBe(100);
    const other = await loggedInMember(server, { site: "pride", country: "SE" });

    const burst = Promise.all(
      Array.from({ length: 50 }, () =>
        request(server, `/transactions/${payment.id}/refund`, {
          host: m.host,
          method: "POST",
          headers: { cookie: m.jar.header, "accept-language": "de", accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
          body: "",
        }),
      ),
    );
    // another member of another site, while the burst runs: before the fix it waited for a pool
    // connection until the refund's 30 s transaction timeout
    const started = Date.now();
    const page = await request(server, "/members", { host: other.host, headers: { cookie: other.jar.header, "accept-language": "en" } });
    const waited = Date.now() - started;
    const answers = await burst;

    expect(page.status).toBe(200);
    expect(waited).toBeLessThan(10_000);
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(49).fill(409)]);
    expect(answers.find((a) => a.status === 200)!.json()).toEqual({ outcome: "done", message: de.transactions.refund.done });
    for (const a of answers.filter((a) => a.status === 409)) {
      expect([de.transactions.refund.inProgress, de.transactions.refund.already]).toContain(a.json().message);
    }

    // the provider and our books agree: one refund, of the quoted amount; credits taken back once
    const after = await db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    const remote = await db().testProviderRefund.findMany({ where: { paymentReference: payment.providerReference! } });
    expect(remote).toHaveLength(1);
    expect(remote[0]).toMatchObject({ amountCents: quote.amountCents, idempotencyKey: `refund:${payment.id}` });
    expect((await db().testProviderPayment.findUniqueOrThrow({ where: { reference: payment.providerReference! } })).refundedCents).toBe(quote.amountCents);
    expect(after).toMatchObject({ status: "refunded", refundedCredits: 100, refundedCents: quote.amountCents, refundReference: remote[0]!.reference });
    expect(await db().refund.findMany({ where: { paymentId: payment.id }, select: { status: true } })).toEqual([{ status: "booked" }]);
    expect((await ledger(m.user.id, ["refund"])).map((e) => e.delta)).toEqual([-100]);
    expect(await balance(m.user.id)).toBe(0);
  });

  it("the purchase's page shows each outcome of the form in the member's language", async () => {
    const m = await loggedInMember(server, { site: "lovely", country: "NL" });
    const payment = await completedPurchase(site("lovely"), m.user.id, { credits: 50, spend: 10 });
    const post = () =>
      request(server, `/transactions/${payment.id}/refund`, {
        host: m.host,
        method: "POST",
        headers: { cookie: m.jar.header, accept: "text/html", "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
        body: "",
      });
    const first = await post();
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/transactions/${payment.id}?refund=done`);
    const again = await post();
    expect(again.headers.location).toBe(`/transactions/${payment.id}?refund=already`);
    const page = await request(server, again.headers.location!, { host: m.host, headers: { cookie: m.jar.header, "accept-language": "en" } });
    expect(textOf(page.html)).toContain(en.transactions.refund.already);
    expect(page.html).not.toContain('data-testid="refund-offer"');
  });
});

describe("the provider's side", () => {
  it("the test provider refunds once per idempotency key", async () => {
    const m = await createMember({ site: "lovely", country: "NL" });
    const payment = await completedPurchase(site("lovely"), m.user.id);
    const provider = getProvider("test")!;
    const asked = { paymentReference: payment.providerReference!, amountCents: 500, currency: "EUR", idempotencyKey: `key-${payment.id}`, refundId: 1 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => provider.refund(asked)));
    expect(new Set(answers.map((a) => a.reference)).size).toBe(1);
    expect((await provider.getPayment(payment.providerReference!)).refundedCents).toBe(500);
    expect(await provider.listRefunds(payment.providerReference!)).toEqual([expect.objectContaining({ reference: answers[0]!.reference, amountCents: 500 })]);
    // a new key is a new refund, and never more than was paid
    await expect(provider.refund({ ...asked, idempotencyKey: `key2-${payment.id}`, amountCents: payment.amountCents })).rejects.toBeInstanceOf(RefundRefused);
  });

  it("a refusal gives the credits back and leaves the purchase refundable under a new key", async () => {
    const m = await createMember({ site: "lovely", country: "NL" });
    const payment = await completedPurchase(site("lovely"), m.user.id, { credits: 50 });
    await withTestProvider(
      () => ({
        refund: async () => {
          throw new RefundRefused("refused for the test");
        },
      }),
      async () => {
        expect(await refundUnused(db(), site("lovely"), m.user.id, payment.id)).toEqual({ ok: false, error: "provider_failed" });
      },
    );
    expect(await balance(m.user.id)).toBe(50);
    expect((await ledger(m.user.id, ["refund", "refund_reversed"])).map((e) => [e.reason, e.delta])).toEqual([
      ["refund", -50],
      ["refund_reversed", 50],
    ]);
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("completed");

    expect(await refundUnused(db(), site("lovely"), m.user.id, payment.id)).toMatchObject({ ok: true, credits: 50, booked: true });
    expect(await db().refund.findMany({ where: { paymentId: payment.id }, orderBy: { id: "asc" }, select: { status: true, idempotencyKey: true } })).toEqual([
      { status: "failed", idempotencyKey: `refund:${payment.id}` },
      { status: "booked", idempotencyKey: `refund:${payment.id}:2` },
    ]);
    expect(await balance(m.user.id)).toBe(0);
  });

  it("a provider that does not answer leaves the refund requested: credits held back, the page says it is being processed, a second request is told so", async () => {
    const m = await loggedInMember(server, { site: "lovely", country: "NL" });
    const payment = await completedPurchase(site("lovely"), m.user.id, { credits: 50 });
    await withTestProvider(
      () => ({
        refund: async () => {
          throw new Error("socket hang up");
        },
      }),
      async () => {
        expect(await refundUnused(db(), site("lovely"), m.user.id, payment.id)).toEqual({
          ok: true,
          credits: 50,
          amountCents: expect.any(Number),
          booked: false,
        });
      },
    );
    expect(await balance(m.user.id)).toBe(0);
    expect(await db().refund.findFirst({ where: { paymentId: payment.id }, select: { status: true } })).toEqual({ status: "requested" });
    expect(await refundUnused(db(), site("lovely"), m.user.id, payment.id)).toEqual({ ok: false, error: "in_progress" });
    const page = await request(server, `/transactions/${payment.id}`, { host: m.host, headers: { cookie: m.jar.header, "accept-language": "en" } });
    expect(textOf(page.html)).toContain("A return of 50 credits for");
    expect(page.html).not.toContain('data-testid="refund-offer"');
  });
});

describe("premium after a full refund", () => {
  it("a full refund of the only purchase ends premium; a partial one or another kept purchase keeps it", async () => {
    const paid = async (userId: number) => (await db().user.findUniqueOrThrow({ where: { id: userId } })).paidUser;

    const full = await createMember({ site: "lovely", country: "NL" });
    const only = await completedPurchase(site("lovely"), full.user.id, { credits: 50 });
    expect(await paid(full.user.id)).toBe(true);
    expect(await refundUnused(db(), site("lovely"), full.user.id, only.id)).toMatchObject({ ok: true, credits: 50 });
    expect(await paid(full.user.id)).toBe(false);

    const partial = await createMember({ site: "lovely", country: "NL" });
    const used = await completedPurchase(site("lovely"), partial.user.id, { credits: 50, spend: 1 });
    expect(await refundUnused(db(), site("lovely"), partial.user.id, used.id)).toMatchObject({ ok: true, credits: 49 });
    expect(await paid(partial.user.id)).toBe(true);

    const two = await createMember({ site: "lovely", country: "NL" });
    await completedPurchase(site("lovely"), two.user.id, { credits: 50 });
    const second = await completedPurchase(site("lovely"), two.user.id, { credits: 50 });
    expect(await refundUnused(db(), site("lovely"), two.user.id, second.id)).toMatchObject({ ok: true, credits: 50 });
    expect(await paid(two.user.id)).toBe(true);
  });
});
