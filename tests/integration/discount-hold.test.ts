// A once-per-member code is held by its order for as long as that order can be paid: an order
// pending for over an hour (its provider page still open) keeps it; the provider's word that the
// order expired frees it (the reconciliation asks the provider when no webhook came).
// Parallel orders of one member with one code: one gets it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { reconcilePayments } from "#app/payments/reconcile.server.ts";
import { TEST_PAYMENT_LIFETIME_MS } from "#app/payments/providers/test.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, type LoggedInMember } from "#tests/support/logged-in.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8"));
const db = () => getDb();
const server = useTestServer();

let n = 0;
const orderKey = () => `hold${Date.now().toString(36)}x${(n++).toString(36)}`;
const onceCode = () =>
  db().discountCode.create({
    data: { code: `HOLD${Date.now().toString(36).toUpperCase()}${n++}`, siteKey: "lovely", valuePercentage: 10, validity: "once_per_user" },
  });
const package120 = () => db().creditPackage.findFirstOrThrow({ where: { siteKey: "lovely", country: "NL", credits: 120 } });
const order = (m: LoggedInMember, packageId: number, code: string) =>
  postForm(server, `/credits/${packageId}/ideal`, { key: orderKey(), code }, { host: m.host, headers: { cookie: m.jar.header, "accept-language": "en" } });

/** Moves an order and its provider payment back in time. */
async function age(paymentId: number, ms: number) {
  const p = await db().payment.update({ where: { id: paymentId }, data: { createdAt: new Date(Date.now() - ms) } });
  await db().testProviderPayment.update({ where: { reference: p.providerReference! }, data: { createdAt: new Date(Date.now() - ms) } });
}

describe("a once-per-member code and a pending order", () => {
  it("stays held while the order can be paid, past an hour, and is freed when the provider lets the order expire", async () => {
    const m = await loggedInMember(server, { site: "lovely", country: "NL" });
    const code = await onceCode();
    const pkg = await package120();
    const first = await order(m, pkg.id, code.code);
    expect(first.status).toBe(302);
    const reference = first.headers.location!.split("/test-pay/")[1]!;
    const payment = await db().payment.findUniqueOrThrow({ where: { providerReference: reference } });
    expect(payment.amountCents).toBe(1799);

    // 90 minutes later the provider's page still takes the money: the code is still the first order's
    await age(payment.id, 90 * 60_000);
    const page = await request(server, `/test-pay/${reference}`, { host: m.host, headers: { cookie: m.jar.header, "accept-language": "en" } });
    expect(page.html).toContain(en.checkout.testPay.paid);
    const second = await order(m, pkg.id, code.code);
    expect(second.status).toBe(400);
    expect(second.html).toContain(en.checkout.errors.code_invalid);
    await reconcilePayments(db(), { userId: m.user.id });
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("pending");
    expect((await order(m, pkg.id, code.code)).status).toBe(400);

    // past the provider's lifetime the page no longer pays, and the reconciliation (no webhook came) frees the code
    await age(payment.id, TEST_PAYMENT_LIFETIME_MS + 60_000);
    await reconcilePayments(db(), { userId: m.user.id });
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("cancelled");
    const expired = await request(server, `/test-pay/${reference}`, { host: m.host, headers: { cookie: m.jar.header, "accept-language": "en" } });
    expect(expired.html).not.toContain(en.checkout.testPay.paid);
    const again = await order(m, pkg.id, code.code);
    expect(again.status).toBe(302);
    const third = await db().payment.findUniqueOrThrow({ where: { providerReference: again.headers.location!.split("/test-pay/")[1]! } });
    expect(third.amountCents).toBe(1799);
  });

  it("goes to one of ten parallel orders of the member", async () => {
    const m = await loggedInMember(server, { site: "lovely", country: "NL" });
    const code = await onceCode();
    const pkg = await package120();
    const answers = await Promise.all(Array.from({ length: 10 }, () => order(m, pkg.id, code.code)));
    expect(answers.map((a) => a.status).sort()).toEqual([302, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    expect(await db().discountRedemption.count({ where: { codeId: code.id } })).toBe(1);
    expect(await db().payment.count({ where: { userId: m.user.id } })).toBe(1);
  });
});
