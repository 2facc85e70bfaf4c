// Transaction costs: what the provider charged for a payment, recorded once the payment is
// completed (asked after our transaction, never inside it), once whatever the repeats; the test
// provider from its configured rate per method, Mollie from the fee it withholds on the payment's
// balance transaction (asked again by the reconciliation while Mollie has not booked it). Staff
// see the costs on the member's page of the console; the member's pages do not show them.
import { describe, expect, it } from "vitest";
import { reconcilePayments } from "#app/payments/reconcile.server.ts";
import { createMollieProvider } from "#app/payments/providers/mollie.server.ts";
import { removeProvider, setProvider } from "#app/payments/providers/index.server.ts";
import { createTestProvider, signTestWebhook, TEST_SIGNATURE_HEADER } from "#app/payments/providers/test.server.ts";
import { testPayCosts } from "#app/payments/providers/test-costs.ts";
import { recordTransactionCosts } from "#app/payments/transaction-costs.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseEnv } from "#app/utils/env.server.ts";
import { useFakeMollie } from "#tests/support/fake-mollie.ts";
import { postForm, request } from "#tests/support/http.ts";
import { loggedInMember, textOf, type LoggedInMember } from "#tests/support/logged-in.ts";
import { loggedInStaff } from "#tests/support/logged-in.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const EN = { "accept-language": "en" };
const db = () => getDb();
const API_KEY = "test_costsMollieKey0123456789abcdefg";
const fake = useFakeMollie(API_KEY);
const server = useTestServer();

const get = (m: LoggedInMember, p: string) => request(server, p, { host: m.host, headers: { ...EN, cookie: m.jar.header } });

/** An order through the pages and the test provider's page, paid, and its webhook delivered twice. */
async function paidWithTestProvider(m: LoggedInMember, country: string, method: string) {
  const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: m.site.key, country, active: true }, orderBy: { credits: "asc" } });
  const overview = await get(m, `/credits/${pkg.id}/${method}`);
  const key = overview.html.match(/name="key" value="([^"]+)"/)![1]!;
  const total = overview.html.match(/name="total" value="(\d+)"/)![1]!;
  const ordered = await postForm(server, `/credits/${pkg.id}/${method}`, { key, total }, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
  const reference = ordered.headers.location!.split("/test-pay/")[1]!;
  await postForm(server, `/test-pay/${reference}`, { outcome: "paid" }, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
  const p = await db().testProviderPayment.findUniqueOrThrow({ where: { reference } });
  const signed = signTestWebhook(p.webhookUrl, reference);
  const u = new URL(signed.url);
  for (let i = 0; i < 2; i++)
    await request(server, u.pathname + u.search, {
      host: m.host,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", [TEST_SIGNATURE_HEADER]: signed.signature },
      body: signed.body,
    });
  return db().payment.findUniqueOrThrow({ where: { providerReference: reference } });
}

const staffSession = async () => (await loggedInStaff(server, "admin")).jar;

describe("the test provider's costs", () => {
  it("records the configured rate of the method once, shows it to staff and not to the member", async () => {
    const m = await loggedInMember(server, { site: "lovely", country: "NL" });
    const payment = await paidWithTestProvider(m, "NL", "ideal");
    expect(payment.status).toBe("completed");
    const expected = testPayCosts("ideal", payment.amountCents);
    expect(expected).toBe(29);
    expect(payment).toMatchObject({ transactionCostsCents: 29, transactionCostsCurrency: "EUR" });
    // asked again (a repeat, parallel runs): nothing changes
    const again = await Promise.all(Array.from({ length: 5 }, () => recordTransactionCosts(db(), payment.id)));
    expect(again).toEqual(Array(5).fill("already"));

    const card = await paidWithTestProvider(m, "NL", "creditcard");
    expect(card.transactionCostsCents).toBe(25 + Math.round((card.amountCents * 1.8) / 100));

    // staff: the member's payments with their costs
    const jar = await staffSession();
    const page = await request(server, `/staff/members/${m.user.id}`, { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    expect(page.status).toBe(200);
    const text = textOf(page.html);
    expect(text).toContain("Transaction costs");
    expect(page.html).toMatch(new RegExp(`data-testid="costs-${payment.id}">0\\.29 EUR<`));

    // the member: the amount paid, never the provider's fee
    const detail = textOf((await get(m, `/transactions/${payment.id}`)).html);
    expect(detail).not.toContain("Transaction costs");
    expect(detail).not.toContain("€0.29");
  });

  it("takes its rates from TEST_PAY_COSTS, validated", () => {
    const base = { APP_SECRET: "a-production-secret-0123456789-abcdef", DATA_DIR: ".data/test-files", NODE_ENV: "test" };
    const rates = parseEnv({ ...base, TEST_PAY_COSTS: '{"ideal": {"fixed_cents": 10, "percent": 1}}' }).TEST_PAY_COSTS;
    expect(testPayCosts("ideal", 10_000, rates)).toBe(110);
    expect(testPayCosts("eps", 10_000, rates)).toBe(25 + 140);
    expect(() => parseEnv({ ...base, TEST_PAY_COSTS: "{not json" })).toThrow(/TEST_PAY_COSTS.*is not JSON/);
    expect(() => parseEnv({ ...base, TEST_PAY_COSTS: '{"klarna": {"fixed_cents": 1, "percent": 1}}' })).toThrow(/TEST_PAY_COSTS/);
    expect(() => parseEnv({ ...base, TEST_PAY_COSTS: '{"ideal": {"fixed_cents": -1, "percent": 1}}' })).toThrow(/TEST_PAY_COSTS.*ideal\.fixed_cents/);
  });
});

describe("Mollie's costs", () => {
  it("are the fee Mollie withholds on the payment's balance transaction; until Mollie books it, the reconciliation asks again", async () => {
    setProvider(createMollieProvider({ apiKey: API_KEY, apiEndpoint: fake.endpoint }));
    try {
      const m = await loggedInMember(server, { site: "pride", country: "SE" });
      const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "pride", country: "SE", active: true }, orderBy: { credits: "asc" } });
      const webhookOf = async () => {
        const ordered = await postForm(
          server,
          `/credits/${pkg.id}/swish`,
          { key: `costs${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}` },
          { host: m.host, headers: { cookie: m.jar.header } },
        );
        expect(ordered.status).toBe(302);
        const payment = await db().payment.findFirstOrThrow({ where: { userId: m.user.id }, orderBy: { id: "desc" } });
        expect(payment.provider).toBe("mollie");
        const remote = fake.payments.get(payment.providerReference!)!;
        const u = new URL(remote.webhookUrl);
        const deliver = () =>
          request(server, u.pathname + u.search, {
            host: m.host,
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: `id=${remote.id}`,
          });
        return { payment, remote, deliver };
      };

      // booked at once: Mollie withholds 0.37 SEK
      const first = await webhookOf();
      fake.settle(first.remote.id, "paid", "swish", 37);
      expect((await first.deliver()).json().outcome).toBe("completed");
      expect(await db().payment.findUniqueOrThrow({ where: { id: first.payment.id } })).toMatchObject({
        status: "completed",
        transactionCostsCents: 37,
        transactionCostsCurrency: "SEK",
      });

      // paid, but not on Mollie's balance yet: no costs (not a zero), then the reconciliation finds them
      const second = await webhookOf();
      fake.settle(second.remote.id, "paid", "swish");
      expect((await second.deliver()).json().outcome).toBe("completed");
      expect((await db().payment.findUniqueOrThrow({ where: { id: second.payment.id } })).transactionCostsCents).toBeNull();
      fake.balanceTransactions.push({
        id: "baltr_late0001",
        paymentId: second.remote.id,
        initialAmount: second.remote.amount,
        feeCents: 41,
        createdAt: new Date().toISOString(),
      });
      const report = await reconcilePayments(db(), { userId: m.user.id });
      expect(report.costsRecorded).toBe(1);
      expect((await db().payment.findUniqueOrThrow({ where: { id: second.payment.id } })).transactionCostsCents).toBe(41);
      // a second run changes nothing
      expect((await reconcilePayments(db(), { userId: m.user.id })).costsRecorded).toBe(0);
      expect((await db().payment.findUniqueOrThrow({ where: { id: first.payment.id } })).transactionCostsCents).toBe(37);
    } finally {
      removeProvider("mollie");
      setProvider(createTestProvider());
    }
  });
});
