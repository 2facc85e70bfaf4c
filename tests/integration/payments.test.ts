// Payments over HTTP against the real app and PostgreSQL: packages and methods per country, the
// checkout with the built-in test provider (its hosted page, signed and queued webhooks),
// duplicate / out-of-order / tampered / foreign webhooks, refunds of unused credits, the payment
// result, repeat orders with a stored card, cross-tenant isolation.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { startCheckout } from "#app/payments/checkout.server.ts";
import { refundQuote, refundUnused } from "#app/payments/refunds.server.ts";
import { applyProviderState } from "#app/payments/settle.server.ts";
import { removeProvider, setProvider } from "#app/payments/providers/index.server.ts";
import { signTestWebhook, TEST_SIGNATURE_HEADER, chooseTestOutcome, createTestProvider } from "#app/payments/providers/test.server.ts";
import { webhookUrlSignature } from "#app/payments/webhook-signing.server.ts";
import { createWorker, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { paymentsJob } from "#workers/payments.ts";
import { type MemberOptions } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, type LoggedInMember } from "#tests/support/logged-in.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8"));
const EN = { "accept-language": "en" };
const site = (key: string) => getSiteRegistry().byKey.get(key)!;
const db = () => getDb();

const server = useTestServer();

let n = 0;
const key = () => `order${Date.now().toString(36)}x${(n++).toString(36)}`;

type Member = LoggedInMember;
const member = (o: MemberOptions & { credits?: number } = {}) => loggedInMember(server, o);

async function get(m: Member, path: string, host = m.host) {
  const res = await request(server, path, { host, headers: { ...EN, cookie: m.jar.header } });
  // the payment result reloads itself once when the page's top bar was read before the payment settled
  if (res.status === 302 && res.headers.location === `${path.split("?")[0]}?fresh=1`)
    return request(server, res.headers.location, { host, headers: { ...EN, cookie: m.jar.header } });
  return res;
}
const post = (m: Member, path: string, fields: Record<string, string>, host = m.host, headers: Record<string, string> = {}) =>
  postForm(server, path, fields, { host, headers: { ...EN, cookie: m.jar.header, ...headers } });
/** The hidden fields of a page's pay form: the order key and the total its button shows. */
const payFields = (html: string) => ({ key: html.match(/name="key" value="([^"]+)"/)![1]!, total: html.match(/name="total" value="(\d+)"/)![1]! });
const escaped = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

async function packageOf(siteKey: string, country: string, credits = 120) {
  return db().creditPackage.findFirstOrThrow({ where: { siteKey, country, credits } });
}

/** Orders through the pages: the order overview's pay button, then the test provider's page. */
async function order(m: Member, packageId: number, method: string, orderKey = key()) {
  const res = await post(m, `/credits/${packageId}/${method}`, { key: orderKey });
  return res;
}

async function orderToTestPage(m: Member, country: string, method = "creditcard", credits = 120) {
  const pkg = await packageOf(m.site.key, country, credits);
  const res = await order(m, pkg.id, method);
  expect(res.status).toBe(302);
  const location = res.headers.location!;
  expect(location).toMatch(/\/test-pay\/tp_/);
  const reference = location.split("/test-pay/")[1]!;
  const payment = await db().payment.findUniqueOrThrow({ where: { providerReference: reference } });
  return { pkg, reference, payment, location };
}

const deliver = (host: string, url: string, body: string, signature: string | null) => {
  const u = new URL(url);
  return request(server, u.pathname + u.search, {
    host,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(signature ? { [TEST_SIGNATURE_HEADER]: signature } : {}) },
    body,
  });
};
async function webhook(paymentId: number, host = "lovely.localhost") {
  const p = await db().testProviderPayment.findFirstOrThrow({
    where: { reference: (await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).providerReference! },
  });
  const signed = signTestWebhook(p.webhookUrl, p.reference);
  return deliver(host, signed.url, signed.body, signed.signature);
}

/** A new free member's first order carries the 25 % time bonus (TIMEBONUS25), rounded to whole cents. */
const withTimeBonus = (cents: number) => Math.round((cents * 75) / 100);

const ledgerFor = (paymentId: number) => db().creditLedgerEntry.findMany({ where: { idempotencyKey: `payment:${paymentId}` } });
const balance = async (userId: number) => (await db().user.findUniqueOrThrow({ where: { id: userId } })).credits;

describe("packages and methods per country", () => {
  it("shows NL members their euro packages with iDEAL, and PL members zloty packages with BLIK and Przelewy24", async () => {
    const nl = await member({ site: "lovely", country: "NL" });
    const page = await get(nl, "/credits");
    expect(page.status).toBe(200);
    expect(page.html).toContain("iDEAL");
    expect(page.html).not.toContain("BLIK");
    expect(page.html).toContain("€9.99");
    expect(page.html).toContain(en.checkout.bestValue);
    // the four seeded NL packages, styles p0 to p3 (other test files add packages of their own in parallel)
    const seeded = await db().creditPackage.findMany({ where: { siteKey: "lovely", country: "NL" }, select: { id: true, style: true } });
    expect(seeded.map((p) => p.style).sort()).toEqual(["p0", "p1", "p2", "p3"]);
    for (const p of seeded) expect(page.html).toMatch(new RegExp(`data-testid="package-${p.id}" data-style="${p.style}"`));
    expect(page.html.match(/data-testid="best-value"/g)).toHaveLength(1);

    const pl = await member({ site: "pride", country: "PL" });
    const plPage = await get(pl, "/credits");
    expect(plPage.html).toContain("BLIK");
    expect(plPage.html).toContain("Przelewy24");
    expect(plPage.html).not.toContain("iDEAL");
    expect(plPage.html).toMatch(/PLN\s?42\.99/);

    // the payment country can be chosen among the site's countries
    const gb = await get(nl, "/credits?country=GB");
    expect(gb.html).toContain("£8.99");
    expect(gb.html).not.toContain("iDEAL");
    // … but not outside them
    const us = await get(nl, "/credits?country=PL");
    expect(us.html).toContain("€9.99");
  });

  it("sends visitors to the login page", async () => {
    const res = await request(server, "/credits", { host: "lovely.localhost", headers: EN });
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/login\?redirectTo=%2Fcredits/);
  });
});

describe("checkout with the test provider", () => {
  it("buys a package: hosted page, paid, credits added once, premium for good", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const { pkg, reference, payment, location } = await orderToTestPage(m, "NL", "ideal");
    expect(payment).toMatchObject({
      status: "pending",
      amountCents: withTimeBonus(pkg.priceCents),
      listPriceCents: pkg.priceCents,
      currency: "EUR",
      credits: 120,
      method: "ideal",
      siteKey: "lovely",
    });

    const testPage = await get(m, new URL(location, "http://x").pathname);
    expect(testPage.status).toBe(200);
    expect(testPage.html).toContain(en.checkout.testPay.banner);
    expect(testPage.html).toContain("€14.99");

    const paid = await post(m, `/test-pay/${reference}`, { outcome: "paid" });
    expect(paid.status).toBe(302);
    expect(paid.headers.location).toBe(`http://lovely.localhost/payments/${payment.id}`);

    const result = await get(m, `/payments/${payment.id}`);
    expect(result.status).toBe(200);
    expect(result.html).toContain(en.checkout.result.completed);
    expect(result.html).toContain("120 credits have been added to your account.");
    const user = await db().user.findUniqueOrThrow({ where: { id: m.user.id } });
    expect(user.credits).toBe(120);
    expect(user.paidUser).toBe(true);
    expect(await ledgerFor(payment.id)).toHaveLength(1);

    // the webhook arriving afterwards changes nothing
    expect((await webhook(payment.id)).status).toBe(200);
    expect(await balance(m.user.id)).toBe(120);
  });

  it("answers a repeated submit with the same payment", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const pkg = await packageOf("lovely", "NL");
    const k = key();
    const [a, b, c] = await Promise.all([order(m, pkg.id, "creditcard", k), order(m, pkg.id, "creditcard", k), order(m, pkg.id, "creditcard", k)]);
    expect([a.status, b.status, c.status]).toEqual([302, 302, 302]);
    expect(await db().payment.count({ where: { userId: m.user.id } })).toBe(1);
  });

  it("a failed and a cancelled payment add nothing and offer other methods", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    for (const outcome of ["failed", "canceled"] as const) {
      const { reference, payment } = await orderToTestPage(m, "NL", "ideal");
      await post(m, `/test-pay/${reference}`, { outcome });
      const result = await get(m, `/payments/${payment.id}`);
      expect(result.html).toContain(en.checkout.result.failed);
      expect(result.html).toContain(`/credits/${payment.packageId}/creditcard`);
      expect(result.html).toContain(`/credits/${payment.packageId}/paypal`);
      expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe(outcome === "failed" ? "failed" : "cancelled");
    }
    expect(await balance(m.user.id)).toBe(0);
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).paidUser).toBe(false);
  });

  it("refuses tampered orders: a package of another site or country, a method not offered, junk ids", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const pridePkg = await packageOf("pride", "PL");
    const gbPkg = await packageOf("lovely", "GB");
    expect((await order(m, pridePkg.id, "blik")).status).toBe(404);
    expect((await order(m, gbPkg.id, "ideal")).status).toBe(404); // iDEAL is not offered in GB
    expect((await order(m, gbPkg.id, "sofort")).status).toBe(404);
    for (const id of ["-1", "0", "99999999999", "1e3", "abc"]) expect((await order(m, id as never, "creditcard")).status).toBe(404);
    const bad = await post(m, `/credits/${gbPkg.id}/creditcard`, { key: "x" });
    expect(bad.status).toBe(400);
    // the domain refuses what the route would never send
    const answer = await startCheckout(db(), {
      site: site("lovely"),
      userId: m.user.id,
      packageId: gbPkg.id,
      method: "creditcard",
      country: "NL",
      locale: "en",
      origin: "http://lovely.localhost",
      idempotencyKey: key(),
    });
    expect(answer).toEqual({ ok: false, error: "package_unavailable" });
    expect(await db().payment.count({ where: { userId: m.user.id } })).toBe(0);
  });

  it("a typed code that is refused answers Code invalid and creates no payment", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const pkg = await packageOf("lovely", "NL");
    const overview = await get(m, `/credits/${pkg.id}/ideal?code=NOPE`);
    expect(overview.html).toContain(en.checkout.errors.code_invalid);
    const res = await post(m, `/credits/${pkg.id}/ideal`, { key: key(), code: "NOPE" });
    expect(res.status).toBe(400);
    expect(res.html).toContain(en.checkout.errors.code_invalid);
    expect(await db().payment.count({ where: { userId: m.user.id } })).toBe(0);
  });

  it("the order overview for direct debit links to /directdebit instead of paying", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const pkg = await packageOf("lovely", "NL");
    const res = await get(m, `/credits/${pkg.id}/sdd`);
    expect(res.html).toContain(`/directdebit?package=${pkg.id}`);
  });
});

describe("the test provider's page", () => {
  it("acts only for the member who ordered: a visitor is sent to the login, another member finds nothing", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const { payment, reference } = await orderToTestPage(m, "NL", "creditcard", 700);
    // without a session: no page and no decision, however the form is posted
    for (const res of [
      await request(server, `/test-pay/${reference}`, { host: m.host, headers: EN }),
      await postForm(server, `/test-pay/${reference}`, { outcome: "paid" }, { host: m.host, headers: EN }),
    ]) {
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(`/test-pay/${reference}`)}`);
    }
    // another member of the same site
    const other = await member({ site: "lovely", country: "NL" });
    expect((await get(other, `/test-pay/${reference}`)).status).toBe(404);
    expect((await post(other, `/test-pay/${reference}`, { outcome: "paid" })).status).toBe(404);
    expect((await db().testProviderPayment.findUniqueOrThrow({ where: { reference } })).status).toBe("open");
    expect((await get(m, `/payments/${payment.id}`)).html).not.toContain(en.checkout.result.completed);
    expect(await balance(m.user.id)).toBe(0);
    expect(await balance(other.user.id)).toBe(0);
    // the member who ordered
    expect((await get(m, `/test-pay/${reference}`)).html).toContain(en.checkout.testPay.banner);
    expect((await post(m, `/test-pay/${reference}`, { outcome: "paid" })).status).toBe(302);
    expect((await get(m, `/payments/${payment.id}`)).html).toContain(en.checkout.result.completed);
    expect(await balance(m.user.id)).toBe(700);
  });

  it("says on /credits and the order overview that payments are tests", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const pkg = await packageOf("lovely", "NL");
    expect((await get(m, "/credits")).html).toContain(en.checkout.testMode);
    expect((await get(m, `/credits/${pkg.id}/ideal`)).html).toContain(en.checkout.testMode);
  });

  it("where the test provider is off, nothing completes a payment without a provider", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const { payment, reference } = await orderToTestPage(m, "NL", "ideal");
    await chooseTestOutcome(reference, "paid");
    removeProvider("test");
    try {
      expect((await get(m, `/test-pay/${reference}`)).status).toBe(404);
      expect((await post(m, `/test-pay/${reference}`, { outcome: "paid" })).status).toBe(404);
      expect((await webhook(payment.id)).status).toBe(404);
      expect((await get(m, `/payments/${payment.id}`)).html).not.toContain(en.checkout.result.completed);
      const credits = await get(m, "/credits");
      expect(credits.html).not.toContain("iDEAL");
      expect(credits.html).not.toContain(en.checkout.testMode);
      const pkg = await packageOf("lovely", "NL");
      expect((await order(m, pkg.id, "ideal")).status).toBe(404);
      expect(await balance(m.user.id)).toBe(0);
      expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("pending");
    } finally {
      setProvider(createTestProvider());
    }
  });
});

describe("webhooks", () => {
  it("50 duplicate webhooks in parallel credit the payment once", async () => {
    const m = await member({ site: "lovely", country: "NL", credits: 5 });
    const { payment } = await orderToTestPage(m, "NL", "ideal");
    await chooseTestOutcome(payment.providerReference!, "paid");
    const answers = await Promise.all(Array.from({ length: 50 }, () => webhook(payment.id)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.json().outcome === "completed")).toHaveLength(1);
    expect(await ledgerFor(payment.id)).toHaveLength(1);
    expect(await balance(m.user.id)).toBe(125);
  });

  it("is order-independent: webhooks before the member decides change nothing; a late failure after completion changes nothing", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const { payment } = await orderToTestPage(m, "NL", "ideal");
    expect((await webhook(payment.id)).json().outcome).toBe("unchanged");
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("pending");
    await chooseTestOutcome(payment.providerReference!, "paid");
    expect((await webhook(payment.id)).json().outcome).toBe("completed");
    // a provider that later says "failed" (a late or reordered notification) changes nothing
    const late = await applyProviderState(db(), payment.id, {
      reference: payment.providerReference!,
      status: "failed",
      amountCents: payment.amountCents,
      currency: "EUR",
      method: "ideal",
      reusableMandate: null,
    });
    expect(late).toEqual({ ok: true, status: "completed", changed: false });
    expect(await balance(m.user.id)).toBe(120);
    // and a failed payment never completes later
    const second = await orderToTestPage(m, "NL", "ideal");
    await applyProviderState(db(), second.payment.id, {
      reference: second.reference,
      status: "canceled",
      amountCents: second.payment.amountCents,
      currency: "EUR",
      method: "ideal",
      reusableMandate: null,
    });
    const after = await applyProviderState(db(), second.payment.id, {
      reference: second.reference,
      status: "paid",
      amountCents: second.payment.amountCents,
      currency: "EUR",
      method: "ideal",
      reusableMandate: null,
    });
    expect(after).toMatchObject({ ok: true, status: "cancelled", changed: false });
    expect(await balance(m.user.id)).toBe(120);
  });

  it("refuses an amount or currency the provider reports differently from the order", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const { payment, reference } = await orderToTestPage(m, "NL", "ideal");
    await chooseTestOutcome(reference, "paid");
    await db().testProviderPayment.update({ where: { reference }, data: { amountCents: 1 } });
    const res = await webhook(payment.id);
    expect(res.status).toBe(422);
    await db().testProviderPayment.update({ where: { reference }, data: { amountCents: payment.amountCents, currency: "GBP" } });
    expect((await webhook(payment.id)).status).toBe(422);
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("pending");
    expect(await balance(m.user.id)).toBe(0);
  });

  it("refuses unsigned, tampered, replayed-elsewhere, unknown and foreign webhooks", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const other = await member({ site: "lovely", country: "NL" });
    const { payment, reference } = await orderToTestPage(m, "NL", "ideal");
    const { payment: otherPayment, reference: otherReference } = await orderToTestPage(other, "NL", "ideal");
    await chooseTestOutcome(reference, "paid");
    await chooseTestOutcome(otherReference, "paid");
    const p = await db().testProviderPayment.findUniqueOrThrow({ where: { reference } });
    const signed = signTestWebhook(p.webhookUrl, reference);

    expect((await deliver("lovely.localhost", signed.url, signed.body, null)).status).toBe(401); // unsigned
    expect((await deliver("lovely.localhost", signed.url, signed.body, "0".repeat(64))).status).toBe(401); // wrong signature
    expect((await deliver("lovely.localhost", signed.url, `id=${otherReference}`, signed.signature)).status).toBe(401); // body swapped
    // a correctly signed body for another payment, on this payment's URL
    const swapped = signTestWebhook(signed.url, otherReference);
    expect((await deliver("lovely.localhost", swapped.url, swapped.body, swapped.signature)).status).toBe(404);
    // the URL signature is bound to the payment and the site
    const u = new URL(signed.url);
    u.searchParams.set("payment", String(otherPayment.id));
    expect((await deliver("lovely.localhost", u.toString(), signed.body, signed.signature)).status).toBe(401);
    expect((await deliver("pride.localhost", signed.url, signed.body, signed.signature)).status).toBe(401);
    // signed for pride: still not a pride payment
    const forPride = new URL(signed.url);
    forPride.searchParams.set("sig", webhookUrlSignature("pride", payment.id));
    expect((await deliver("pride.localhost", forPride.toString(), signed.body, signed.signature)).status).toBe(404);
    expect((await deliver("lovely.localhost", signed.url.replace("/webhook/test", "/webhook/stripe"), signed.body, signed.signature)).status).toBe(404);
    expect(
      (await deliver("lovely.localhost", `http://lovely.localhost/api/payments/webhook/test?payment=-5&sig=x`, signed.body, signed.signature)).status,
    ).toBe(401);
    const junk = await request(server, "/api/payments/webhook/test", {
      host: "lovely.localhost",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"status":"paid"}',
    });
    expect(junk.status).toBe(401);

    expect(await balance(m.user.id)).toBe(0);
    expect(await balance(other.user.id)).toBe(0);
    // the real one still works
    expect((await deliver("lovely.localhost", signed.url, signed.body, signed.signature)).json().outcome).toBe("completed");
  });

  it("the test provider's queued webhook (delayed, duplicated) completes the payment through the worker", async () => {
    const worker = createWorker(QUEUE_NAMES.payments, paymentsJob, { concurrency: 4 });
    try {
      const m = await member({ site: "lovely", country: "NL" });
      const { payment, reference } = await orderToTestPage(m, "NL", "ideal");
      // the app process listens on a random port: the webhook URL names it
      const row = await db().testProviderPayment.findUniqueOrThrow({ where: { reference } });
      const url = new URL(row.webhookUrl);
      url.hostname = "lovely.localhost";
      url.port = String(server.port);
      await db().testProviderPayment.update({ where: { reference }, data: { webhookUrl: url.toString() } });
      const { queueTestWebhook } = await import("#app/payments/providers/test.server.ts");
      await db().testProviderPayment.update({ where: { reference }, data: { status: "paid" } });
      await queueTestWebhook(reference, { delayMs: 300, copies: 3 });
      const deadline = Date.now() + 20_000;
      while ((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status === "pending" && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("completed");
      await new Promise((r) => setTimeout(r, 1_500)); // the duplicates arrive too
      expect(await ledgerFor(payment.id)).toHaveLength(1);
      expect(await balance(m.user.id)).toBe(120);
    } finally {
      await worker.close();
    }
  });
});

describe("cross-tenant", () => {
  it("a payment of lovely is neither visible nor completable on pride", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const p = await member({ site: "pride", country: "SE" });
    const { payment, reference } = await orderToTestPage(m, "NL", "ideal");
    expect((await get(p, `/payments/${payment.id}`)).status).toBe(404);
    expect((await get(p, `/test-pay/${reference}`)).status).toBe(404);
    expect((await post(p, `/test-pay/${reference}`, { outcome: "paid" })).status).toBe(404);
    // another member of the same site does not see it either
    const n2 = await member({ site: "lovely", country: "NL" });
    expect((await get(n2, `/payments/${payment.id}`)).status).toBe(404);
    expect(await refundQuote(db(), site("pride"), m.user.id, payment.id)).toBeNull();
    expect((await db().testProviderPayment.findUniqueOrThrow({ where: { reference } })).status).toBe("open");
  });
});

describe("refunds", () => {
  async function bought(credits = 120, spend = 0) {
    const m = await member({ site: "lovely", country: "NL" });
    const { payment, reference } = await orderToTestPage(m, "NL", "creditcard", credits);
    await chooseTestOutcome(reference, "paid");
    await webhook(payment.id);
    if (spend) await changeCredits(db(), { userId: m.user.id, delta: -spend, reason: "message", idempotencyKey: `spend-${m.user.id}` });
    return { m, payment: await db().payment.findUniqueOrThrow({ where: { id: payment.id } }), reference };
  }

  it("returns only the unused credits, pro rata, once (parallel requests too), through the provider", async () => {
    const { m, payment, reference } = await bought(120, 20);
    const quote = await refundQuote(db(), site("lovely"), m.user.id, payment.id);
    expect(quote).toMatchObject({ credits: 100, amountCents: Math.floor((withTimeBonus(1999) * 100) / 120), currency: "EUR" });
    const answers = await Promise.all(Array.from({ length: 5 }, () => refundUnused(db(), site("lovely"), m.user.id, payment.id)));
    // never more than was paid: 100 of 120 credits of €14.99
    expect(answers.filter((a) => a.ok)).toEqual([{ ok: true, credits: 100, amountCents: 1249, booked: true }]);
    expect(await balance(m.user.id)).toBe(0);
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("refunded");
    expect((await db().testProviderPayment.findUniqueOrThrow({ where: { reference } })).refundedCents).toBe(1249);
    expect(await refundUnused(db(), site("lovely"), m.user.id, payment.id)).toEqual({ ok: false, error: "already_refunded" });
  });

  it("credits of a later purchase are not returned with an earlier one", async () => {
    const { m, payment } = await bought(50, 30); // 20 of the first purchase left
    const { payment: second, reference } = await orderToTestPage(m, "NL", "creditcard", 120);
    await chooseTestOutcome(reference, "paid");
    await webhook(second.id);
    expect(await balance(m.user.id)).toBe(140);
    expect(await refundQuote(db(), site("lovely"), m.user.id, payment.id)).toMatchObject({
      credits: 20,
      amountCents: Math.floor((withTimeBonus(999) * 20) / 50),
    });
  });

  it("nothing after refund_days, nothing when all is spent, nothing for another member; the route answers with the outcome", async () => {
    const { m, payment } = await bought(50);
    await db().payment.update({ where: { id: payment.id }, data: { completedAt: new Date(Date.now() - 15 * 86_400_000) } });
    expect(await refundQuote(db(), site("lovely"), m.user.id, payment.id)).toBeNull();
    // a browser's form post goes back to the purchase's page
    const res = await post(m, `/transactions/${payment.id}/refund`, {}, m.host, { accept: "text/html" });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/transactions/${payment.id}?refund=failed`);
    expect((await get(m, res.headers.location!)).html).toContain(escaped(en.transactions.refund.failed));

    const spent = await bought(50, 50);
    expect(await refundQuote(db(), site("lovely"), spent.m.user.id, spent.payment.id)).toBeNull();

    const ok = await bought(50, 10);
    const stranger = await member({ site: "lovely", country: "NL" });
    // any other caller gets the outcome as a status, like a missing purchase for someone else's
    const refused = await post(stranger, `/transactions/${ok.payment.id}/refund`, {});
    expect(refused.status).toBe(422);
    expect(refused.json()).toEqual({ outcome: "failed", message: en.transactions.refund.failed });
    const done = await post(ok.m, `/transactions/${ok.payment.id}/refund`, {}, ok.m.host, { accept: "text/html" });
    expect(done.headers.location).toBe(`/transactions/${ok.payment.id}?refund=done`);
    expect(await balance(ok.m.user.id)).toBe(0);
  });
});

describe("repeat order", () => {
  it("charges the stored card again without a page; a failing stored card shows its own message and offers PayPal", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const { payment, reference } = await orderToTestPage(m, "NL", "creditcard");
    await post(m, `/test-pay/${reference}`, { outcome: "paid", storeCard: "ok" });
    await get(m, `/payments/${payment.id}`);
    const page = await get(m, "/credits/repeat-order");
    expect(page.status).toBe(200);
    const res = await post(m, "/credits/repeat-order", payFields(page.html));
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/payments\/\d+$/);
    const result = await get(m, res.headers.location!);
    expect(result.html).toContain(en.checkout.result.completed);
    expect(await balance(m.user.id)).toBe(240);

    const f = await member({ site: "lovely", country: "NL" });
    const first = await orderToTestPage(f, "NL", "creditcard");
    await post(f, `/test-pay/${first.reference}`, { outcome: "paid", storeCard: "failing" });
    await get(f, `/payments/${first.payment.id}`);
    const again = await get(f, "/credits/repeat-order");
    const res2 = await post(f, "/credits/repeat-order", payFields(again.html));
    const failed = await get(f, res2.headers.location!);
    expect(failed.html).toContain(en.checkout.result.storedCardFailed);
    expect(failed.html.indexOf("/paypal")).toBeGreaterThan(-1);
    expect(await balance(f.user.id)).toBe(120);
  });

  it("quotes today's price on /credits and on the button, charges exactly that, and refuses a price changed since the page", async () => {
    // a package of this test's own (country-less: sold in every country of the site)
    const pkg = await db().creditPackage.create({ data: { siteKey: "lovely", credits: 90, priceCents: 1999, currency: "EUR" } });
    try {
      const m = await member({ site: "lovely", country: "NL" });
      const first = await order(m, pkg.id, "creditcard");
      const reference = first.headers.location!.split("/test-pay/")[1]!;
      await post(m, `/test-pay/${reference}`, { outcome: "paid", storeCard: "ok" });
      const firstPayment = await db().payment.findUniqueOrThrow({ where: { providerReference: reference } });
      await get(m, `/payments/${firstPayment.id}`);
      expect(firstPayment.amountCents).toBe(1499); // the first order's time bonus

      // the card on /credits quotes the repeat as it is charged today, not the last (discounted) payment
      const card = (await get(m, "/credits")).html.match(/data-testid="repeat-order"[\s\S]*?<\/section>/)![0].replace(/<!-- -->/g, "");
      expect(card).toContain("90 credits for €19.99");
      expect(card).not.toContain("14.99");
      const page = await get(m, "/credits/repeat-order");
      expect(page.html.replace(/<!-- -->/g, "")).toContain("Pay €19.99 now");
      const res = await post(m, "/credits/repeat-order", payFields(page.html));
      expect(res.status).toBe(302);
      const repeat = await db().payment.findFirstOrThrow({ where: { userId: m.user.id, id: { not: firstPayment.id } } });
      expect(repeat).toMatchObject({ amountCents: 1999, currency: "EUR", packageId: pkg.id, recurring: true });
      expect(await db().testProviderPayment.findFirstOrThrow({ where: { reference: repeat.providerReference! } })).toMatchObject({ amountCents: 1999 });

      // the price changes between the page and the click: nothing is charged, the new price is shown
      const before = await get(m, "/credits/repeat-order");
      await db().creditPackage.update({ where: { id: pkg.id }, data: { priceCents: 2499 } });
      const refused = await post(m, "/credits/repeat-order", payFields(before.html));
      expect(refused.status).toBe(409);
      expect(refused.html).toContain(escaped(en.checkout.errors.price_changed));
      expect(await db().payment.count({ where: { userId: m.user.id } })).toBe(2);
      const after = await get(m, "/credits/repeat-order");
      expect(after.html.replace(/<!-- -->/g, "")).toContain("Pay €24.99 now");
      expect((await post(m, "/credits/repeat-order", payFields(after.html))).status).toBe(302);
      expect(await db().payment.findFirstOrThrow({ where: { userId: m.user.id }, orderBy: { id: "desc" } })).toMatchObject({ amountCents: 2499 });
    } finally {
      await db().creditPackage.update({ where: { id: pkg.id }, data: { active: false } });
    }
  });

  it("without a stored method, repeat order opens the order overview", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const { payment, reference } = await orderToTestPage(m, "NL", "ideal");
    await chooseTestOutcome(reference, "paid");
    await get(m, `/payments/${payment.id}`);
    const res = await get(m, "/credits/repeat-order");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/credits/${payment.packageId}/ideal?country=NL`);
  });
});

describe("junk input on the checkout's routes", () => {
  it("answers junk with 4xx or a normal page, never 5xx, logged out and in", async () => {
    const m = await member({ site: "lovely", country: "NL" });
    const JUNK = ["2147483648", "99999999999", "-1", "0", "abc", "1e400", "%00", "1.5", "%E0%A4%A", "x".repeat(300)];
    const paths = JUNK.flatMap((j) => [
      `/credits?country=${j}`,
      `/credits/${j}`,
      `/credits/${j}/${j}`,
      `/credits/1/${j}`,
      `/credits/1/ideal?code=${j}&country=${j}`,
      `/payments/${j}`,
      `/test-pay/${j}`,
      `/transactions/${j}/refund`,
      `/api/payments/webhook/${j}?payment=${j}&sig=${j}`,
    ]);
    const bodies: [string, string][] = [
      ["application/x-www-form-urlencoded", "key=%00"],
      ["application/json", "null"],
      ["application/x-www-form-urlencoded", `key=${"k".repeat(5000)}&code=${"c".repeat(5000)}`],
      ["text/plain", "id=tp_x"],
      ["application/x-www-form-urlencoded", "outcome=paid&storeCard=maybe"],
    ];
    const failures: string[] = [];
    for (const path of [...paths, "/credits/repeat-order"]) {
      for (const as of ["visitor", "member"] as const) {
        const headers: Record<string, string> = { ...EN, ...(as === "member" ? { cookie: m.jar.header } : {}) };
        const g = await request(server, path, { host: "lovely.localhost", headers });
        if (g.status >= 500) failures.push(`GET ${path} (${as}): ${g.status}`);
        for (const [type, body] of bodies) {
          const p = await request(server, path, { host: "lovely.localhost", method: "POST", headers: { ...headers, "content-type": type }, body });
          if (p.status >= 500) failures.push(`POST ${path} ${type} (${as}): ${p.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await db().payment.count({ where: { userId: m.user.id } })).toBe(0);
  }, 120_000);
});
