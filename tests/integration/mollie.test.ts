// The Mollie adapter (@mollie/api-client) against a local server that follows Mollie's documented
// API: create payment, get payment, create refund, customers for stored cards; then the whole
// checkout on pride (Mollie first in its payments.providers) with Mollie's webhook (`id=tr_…`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { startCheckout } from "#app/payments/checkout.server.ts";
import { refundUnused } from "#app/payments/refunds.server.ts";
import { createMollieProvider, toCents, toValue } from "#app/payments/providers/mollie.server.ts";
import { RefundRefused } from "#app/payments/provider.server.ts";
import { getProvider, offeredMethods, setProvider } from "#app/payments/providers/index.server.ts";
import { reconcilePayments } from "#app/payments/reconcile.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { CookieJar } from "#tests/support/session.ts";
import { useFakeMollie } from "#tests/support/fake-mollie.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const API_KEY = "test_fakeMollieKey0123456789abcdef";
const pride = () => getSiteRegistry().byKey.get("pride")!;
const db = () => getDb();

const fake = useFakeMollie(API_KEY);
const server = useTestServer();
// the app's Mollie payments go to the fake
beforeAll(() => setProvider(createMollieProvider({ apiKey: API_KEY, apiEndpoint: fake.endpoint })));
afterAll(() => resetSingleton("paymentProviders"));

describe("the Mollie adapter", () => {
  it("converts amounts exactly", () => {
    expect(toValue(1999)).toBe("19.99");
    expect(toValue(5)).toBe("0.05");
    expect(toCents("38999.00")).toBe(3899900);
    expect(() => toCents("1.5")).toThrow();
  });

  it("creates, reads and refunds a payment; reads Mollie's webhook body; refuses over-refunds", async () => {
    const mollie = createMollieProvider({ apiKey: API_KEY, apiEndpoint: fake.endpoint });
    const created = await mollie.createPayment({
      paymentId: 1,
      amountCents: 4299,
      currency: "PLN",
      method: "blik",
      description: "test",
      locale: "pl",
      country: "PL",
      redirectUrl: "http://pride.localhost/payments/1",
      webhookUrl: "http://pride.localhost/api/payments/webhook/mollie?payment=1&sig=x",
      idempotencyKey: "adapter-test-1",
    });
    expect(created.reference).toMatch(/^tr_/);
    expect(created.checkoutUrl).toContain(`/checkout/${created.reference}`);
    const sent = fake.requests.find((r) => r.path === "/v2/payments")!;
    expect(sent.body).toMatchObject({ amount: { currency: "PLN", value: "42.99" }, method: "blik", locale: "pl_PL", metadata: { paymentId: 1 } });
    expect(sent.idempotencyKey).toBe("adapter-test-1");
    expect(await mollie.getPayment(created.reference)).toMatchObject({ status: "open", amountCents: 4299, currency: "PLN" });
    fake.settle(created.reference, "paid", "blik");
    expect(await mollie.getPayment(created.reference)).toMatchObject({ status: "paid", method: "blik", reusableMandate: null });
    const asked = { paymentReference: created.reference, amountCents: 1000, currency: "PLN", idempotencyKey: "refund:adapter-1", refundId: 7 };
    const refund = await mollie.refund(asked);
    expect(refund).toMatchObject({ reference: expect.stringMatching(/^re_/), paymentReference: created.reference, amountCents: 1000, refundId: 7 });
    // the same key again: Mollie answers with the same refund and refunds nothing more
    expect(await mollie.refund(asked)).toMatchObject({ reference: refund.reference });
    expect(fake.requests.filter((r) => r.path === `/v2/payments/${created.reference}/refunds`).map((r) => r.idempotencyKey)).toEqual([
      "refund:adapter-1",
      "refund:adapter-1",
    ]);
    expect(await mollie.listRefunds(created.reference)).toEqual([expect.objectContaining({ reference: refund.reference, refundId: 7 })]);
    expect(await mollie.getPayment(created.reference)).toMatchObject({ refundedCents: 1000 });
    // more than is left: Mollie refuses, and the adapter says so (RefundRefused: nothing was refunded)
    await expect(mollie.refund({ ...asked, amountCents: 4000, idempotencyKey: "refund:adapter-2" })).rejects.toBeInstanceOf(RefundRefused);

    const hook = (body: string, type = "application/x-www-form-urlencoded") =>
      new Request("http://pride.localhost/x", { method: "POST", headers: { "content-type": type }, body });
    expect(await mollie.readWebhook(hook(`id=${created.reference}`))).toEqual({ reference: created.reference });
    expect(await mollie.readWebhook(hook("id=cst_123"))).toBeNull();
    expect(await mollie.readWebhook(hook(`{"id":"${created.reference}"}`, "application/json"))).toBeNull();

    const wrongKey = createMollieProvider({ apiKey: "test_wrongKey0123456789abcdefgh", apiEndpoint: fake.endpoint });
    await expect(wrongKey.getPayment(created.reference)).rejects.toThrow();
  });

  it("serves only the methods Mollie takes, in their currencies", () => {
    const methods = offeredMethods(pride(), "SE", "SEK");
    expect(methods.find((m) => m.method === "swish")?.provider).toBe("mollie");
    expect(methods.find((m) => m.method === "creditcard")?.provider).toBe("mollie");
  });
});

describe("checkout on pride through Mollie", () => {
  async function plMember() {
    const m = await createMember({ site: "pride", country: "PL" });
    const jar = new CookieJar();
    jar.take(await postForm(server, "/login", { email: m.email, password: PASSWORD }, { host: "pride.localhost" }));
    return { ...m, jar };
  }

  it("pays with BLIK on Mollie's page; Mollie's webhook completes it once; a refund goes back through Mollie", async () => {
    const m = await plMember();
    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "pride", country: "PL", credits: 120 } });
    // 86.99 PLN less the new member's 25 % time bonus
    const PAID = 6524;
    const res = await postForm(
      server,
      `/credits/${pkg.id}/blik`,
      { key: `mollie${Date.now()}` },
      { host: "pride.localhost", headers: { cookie: m.jar.header } },
    );
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/\/checkout\/tr_/);
    const payment = await db().payment.findFirstOrThrow({ where: { userId: m.user.id } });
    expect(payment).toMatchObject({ provider: "mollie", status: "pending", amountCents: PAID, currency: "PLN" });
    const remote = fake.payments.get(payment.providerReference!)!;
    expect(remote.amount).toEqual({ currency: "PLN", value: "65.24" });

    const post = (body: string, url = remote.webhookUrl) => {
      const u = new URL(url);
      return request(server, u.pathname + u.search, {
        host: "pride.localhost",
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    };
    // Mollie's webhook while the payment is still open: nothing happens
    expect((await post(`id=${remote.id}`)).json().outcome).toBe("unchanged");
    fake.settle(remote.id, "paid", "blik");
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`id=${remote.id}`)));
    expect(answers.filter((a) => a.json().outcome === "completed")).toHaveLength(1);
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(120);
    // an id that is not this payment's, on this payment's URL
    expect((await post("id=tr_someoneElse1")).status).toBe(404);

    await changeCredits(db(), { userId: m.user.id, delta: -60, reason: "message", idempotencyKey: `spend-mollie-${m.user.id}` });
    // ten at once: one refund at Mollie, sent with our key
    const refunds = await Promise.all(Array.from({ length: 10 }, () => refundUnused(db(), pride(), m.user.id, payment.id)));
    expect(refunds.filter((r) => r.ok)).toEqual([{ ok: true, credits: 60, amountCents: Math.floor((PAID * 60) / 120), booked: true }]);
    expect(remote.refunds).toEqual([
      expect.objectContaining({ amount: { currency: "PLN", value: toValue(Math.floor((PAID * 60) / 120)) }, idempotencyKey: `refund:${payment.id}` }),
    ]);
    expect(await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "refunded", refundReference: remote.refunds[0]!.id });
  });

  it("stores the card of a first card payment and charges it again on repeat order", async () => {
    const m = await plMember();
    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "pride", country: "PL", credits: 50 } });
    const first = await startCheckout(db(), {
      site: pride(),
      userId: m.user.id,
      packageId: pkg.id,
      method: "creditcard",
      country: "PL",
      locale: "pl",
      origin: "http://pride.localhost",
      idempotencyKey: `card${Date.now()}`,
    });
    expect(first.ok).toBe(true);
    const payment = await db().payment.findFirstOrThrow({ where: { userId: m.user.id } });
    expect(fake.payments.get(payment.providerReference!)).toMatchObject({ sequenceType: "first", customerId: expect.stringMatching(/^cst_/) });
    fake.settle(payment.providerReference!, "paid", "creditcard");
    const page = await request(server, `/payments/${payment.id}`, { host: "pride.localhost", headers: { cookie: m.jar.header } });
    expect(page.status).toBe(302); // settled by this request: reloads once for a fresh top bar
    expect(page.headers.location).toBe(`/payments/${payment.id}?fresh=1`);
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).mandateReference).toMatch(/^cst_\w+\/mdt_\w+$/);

    const repeat = await request(server, "/credits/repeat-order", { host: "pride.localhost", headers: { cookie: m.jar.header } });
    const key = repeat.html.match(/name="key" value="([^"]+)"/)![1]!;
    const total = repeat.html.match(/name="total" value="(\d+)"/)![1]!;
    const res = await postForm(server, "/credits/repeat-order", { key, total }, { host: "pride.localhost", headers: { cookie: m.jar.header } });
    expect(res.headers.location).toMatch(/^\/payments\/\d+$/);
    await request(server, res.headers.location!, { host: "pride.localhost", headers: { cookie: m.jar.header } });
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(100);
    const recurring = [...fake.payments.values()].find(
      (p) => p.sequenceType === "recurring" && p.customerId === fake.payments.get(payment.providerReference!)!.customerId,
    );
    expect(recurring?.mandateId).toMatch(/^mdt_/);
  });

  it("the reconciliation completes a paid payment whose webhook never came and books a refund whose answer was lost, refunded at Mollie once", async () => {
    const m = await createMember({ site: "pride", country: "PL" });
    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "pride", country: "PL", credits: 120 } });
    const order = await startCheckout(db(), {
      site: pride(),
      userId: m.user.id,
      packageId: pkg.id,
      method: "blik",
      country: "PL",
      locale: "pl",
      origin: "http://pride.localhost",
      idempotencyKey: `reconcile${Date.now()}`,
    });
    if (!order.ok) throw new Error(`checkout refused: ${order.error}`);
    const payment = await db().payment.findUniqueOrThrow({ where: { id: order.paymentId } });
    expect(payment).toMatchObject({ provider: "mollie", status: "pending" });
    const remote = fake.payments.get(payment.providerReference!)!;
    fake.settle(remote.id, "paid", "blik");
    // past the grace periods
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await reconcilePayments(db(), { now: later, userId: m.user.id })).toMatchObject({ paymentsSettled: 1, issues: [] });
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(120);

    // Mollie refunds, and the process dies before it reads the answer
    const mollie = getProvider("mollie")!;
    setProvider({
      ...mollie,
      refund: async (input) => {
        await mollie.refund(input);
        throw new Error("the process died before the answer was written");
      },
    });
    try {
      expect(await refundUnused(db(), pride(), m.user.id, payment.id)).toMatchObject({ ok: true, booked: false });
    } finally {
      setProvider(mollie);
    }
    expect(await reconcilePayments(db(), { now: later, userId: m.user.id })).toMatchObject({ refundsBooked: 1, refundsResent: 0, issues: [] });
    expect(remote.refunds).toHaveLength(1);
    expect(await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "refunded", refundReference: remote.refunds[0]!.id });
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(0);
  });

  it("a provider that refuses the payment leaves it failed and says so", async () => {
    setProvider(createMollieProvider({ apiKey: "test_wrongKey0123456789abcdefgh", apiEndpoint: fake.endpoint }));
    try {
      const m = await plMember();
      const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "pride", country: "PL", credits: 50 } });
      const answer = await startCheckout(db(), {
        site: pride(),
        userId: m.user.id,
        packageId: pkg.id,
        method: "blik",
        country: "PL",
        locale: "pl",
        origin: "http://pride.localhost",
        idempotencyKey: `bad${Date.now()}`,
      });
      expect(answer).toEqual({ ok: false, error: "provider_failed" });
      expect((await db().payment.findFirstOrThrow({ where: { userId: m.user.id } })).status).toBe("failed");
    } finally {
      setProvider(createMollieProvider({ apiKey: API_KEY, apiEndpoint: fake.endpoint }));
    }
  });
});
