// The reconciliation job (ADR 029) against PostgreSQL and the test provider's books, with a crash
// simulated between the steps of a refund and of a payment: what it can repair it repairs once,
// through the normal idempotent steps; what it cannot it reports, and staff see it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RefundRefused, type PaymentProvider } from "#app/payments/provider.server.ts";
import { startCheckout } from "#app/payments/checkout.server.ts";
import { getProvider, setProvider } from "#app/payments/providers/index.server.ts";
import { chooseTestOutcome } from "#app/payments/providers/test.server.ts";
import { reconcilePayments } from "#app/payments/reconcile.server.ts";
import { refundUnused } from "#app/payments/refunds.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { startWorkers } from "#workers/index.ts";
import { COSTS_JOB } from "#app/payments/transaction-costs.server.ts";
import { syncPayment } from "#app/payments/settle.server.ts";
import { paymentsJob } from "#workers/payments.ts";
import { createMember } from "#tests/support/factories.ts";
import { request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { textOf } from "#tests/support/logged-in.ts";
import { completedPurchase } from "#tests/support/purchases.ts";
import { loggedInStaff } from "#tests/support/logged-in.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8")).staff.reconciliation;
const db = () => getDb();
const lovely = () => getSiteRegistry().byKey.get("lovely")!;
/** past every grace period: the run treats what the test left as stuck */
const later = () => new Date(Date.now() + 60 * 60_000);
const balance = async (userId: number) => (await db().user.findUniqueOrThrow({ where: { id: userId } })).credits;
const refundEntries = async (userId: number) =>
  (await db().creditLedgerEntry.findMany({ where: { userId, reason: { in: ["refund", "refund_reversed"] } }, orderBy: { id: "asc" } })).map((e) => e.delta);
const providerRefunds = (reference: string) => db().testProviderRefund.findMany({ where: { paymentReference: reference } });

const server = useTestServer();

/** The test provider with its refund replaced for one call of refundUnused: the crash. */
async function refundWithCrash(userId: number, paymentId: number, refund: (real: PaymentProvider) => PaymentProvider["refund"]) {
  const real = getProvider("test")!;
  setProvider({ ...real, refund: refund(real) });
  try {
    return await refundUnused(db(), lovely(), userId, paymentId);
  } finally {
    setProvider(real);
  }
}

describe("a refund interrupted between its steps", () => {
  it("before the provider call: the intent stays requested; the run sends it with the same key and books it once", async () => {
    const m = await createMember({ site: "lovely", country: "NL" });
    const payment = await completedPurchase(lovely(), m.user.id, { spend: 20 });
    const answer = await refundWithCrash(m.user.id, payment.id, () => () => Promise.reject(new Error("socket hang up")));
    expect(answer).toMatchObject({ ok: true, booked: false });
    expect(await providerRefunds(payment.providerReference!)).toHaveLength(0);
    expect(await balance(m.user.id)).toBe(0);

    // the run's grace period: a refund a request may still be working on is left alone
    expect(await reconcilePayments(db(), { userId: m.user.id })).toMatchObject({ refundsResent: 0, refundsBooked: 0 });
    expect(await reconcilePayments(db(), { now: later(), userId: m.user.id })).toMatchObject({ refundsResent: 1, refundsBooked: 1, issues: [] });
    const remote = await providerRefunds(payment.providerReference!);
    expect(remote).toEqual([expect.objectContaining({ idempotencyKey: `refund:${payment.id}`, amountCents: Math.floor((payment.amountCents * 100) / 120) })]);
    expect(await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "refunded", refundReference: remote[0]!.reference });
    expect(await refundEntries(m.user.id)).toEqual([-100]);
    // a second run finds nothing to do
    expect(await reconcilePayments(db(), { now: later(), userId: m.user.id })).toMatchObject({ refundsResent: 0, refundsBooked: 0, issues: [] });
  });

  it("after the provider refunded, before we recorded it: the run finds the provider's refund and books it, with no second refund", async () => {
    const m = await createMember({ site: "lovely", country: "NL" });
    const payment = await completedPurchase(lovely(), m.user.id);
    const answer = await refundWithCrash(m.user.id, payment.id, (real) => async (input) => {
      await real.refund(input);
      throw new Error("the process died before the answer was written");
    });
    expect(answer).toMatchObject({ ok: true, booked: false });
    expect(await db().refund.findFirstOrThrow({ where: { paymentId: payment.id } })).toMatchObject({ status: "requested" });

    expect(await reconcilePayments(db(), { now: later(), userId: m.user.id })).toMatchObject({ refundsResent: 0, refundsBooked: 1, issues: [] });
    expect(await providerRefunds(payment.providerReference!)).toHaveLength(1);
    expect(await db().refund.findFirstOrThrow({ where: { paymentId: payment.id } })).toMatchObject({ status: "booked" });
    expect(await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "refunded", refundedCredits: 120 });
    expect(await refundEntries(m.user.id)).toEqual([-120]);
  });

  it("after the provider's answer was kept, before the booking: the run books it", async () => {
    const m = await createMember({ site: "lovely", country: "NL" });
    const payment = await completedPurchase(lovely(), m.user.id);
    await refundWithCrash(m.user.id, payment.id, (real) => async (input) => {
      const remote = await real.refund(input);
      await db().refund.updateMany({ where: { id: input.refundId }, data: { status: "provider_confirmed", providerReference: remote.reference } });
      throw new Error("the process died before the booking");
    });
    expect(await db().refund.findFirstOrThrow({ where: { paymentId: payment.id } })).toMatchObject({ status: "provider_confirmed" });
    expect(await reconcilePayments(db(), { now: later(), userId: m.user.id })).toMatchObject({ refundsBooked: 1, issues: [] });
    expect(await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "refunded" });
    expect(await providerRefunds(payment.providerReference!)).toHaveLength(1);
  });
});

describe("a payment the provider took while our books say pending", () => {
  it("is completed once through the normal path (the webhook was lost and the member never came back); one still open stays pending", async () => {
    const m = await createMember({ site: "lovely", country: "NL" });
    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "lovely", country: "NL", credits: 120, active: true } });
    const order = {
      site: lovely(),
      userId: m.user.id,
      packageId: pkg.id,
      method: "creditcard" as const,
      country: "NL",
      locale: "en",
      origin: "http://lovely.localhost",
    };
    const paid = await startCheckout(db(), { ...order, idempotencyKey: `reconcile-paid-${m.user.id}` });
    const open = await startCheckout(db(), { ...order, idempotencyKey: `reconcile-open-${m.user.id}` });
    if (!paid.ok || !open.ok) throw new Error("checkout refused");
    const reference = (await db().payment.findUniqueOrThrow({ where: { id: paid.paymentId } })).providerReference!;
    await chooseTestOutcome(reference, "paid");

    expect(await reconcilePayments(db(), { now: later(), userId: m.user.id })).toMatchObject({ paymentsSettled: 1, issues: [] });
    expect(await db().payment.findUniqueOrThrow({ where: { id: paid.paymentId } })).toMatchObject({ status: "completed" });
    expect(await db().payment.findUniqueOrThrow({ where: { id: open.paymentId } })).toMatchObject({ status: "pending" });
    expect(await balance(m.user.id)).toBe(120);
    expect(await reconcilePayments(db(), { now: later(), userId: m.user.id })).toMatchObject({ paymentsSettled: 0 });
    expect(await db().creditLedgerEntry.count({ where: { userId: m.user.id, reason: "purchase" } })).toBe(1);
  });
});

describe("transaction costs interrupted after the provider answered", () => {
  it("leave the payment completed and credited once; the run writes the costs once, and its repeats and the job's change nothing", async () => {
    const m = await createMember({ site: "lovely", country: "NL" });
    const real = getProvider("test")!;
    // the provider says what it charged, then the process dies before our write
    let asked = 0;
    setProvider({
      ...real,
      transactionCosts: async (reference) => {
        await real.transactionCosts(reference);
        asked++;
        throw new Error("the process died before the costs were written");
      },
    });
    let payment;
    try {
      payment = await completedPurchase(lovely(), m.user.id);
    } finally {
      setProvider(real);
    }
    expect(asked).toBe(1);
    const purchases = () => db().creditLedgerEntry.count({ where: { userId: m.user.id, reason: "purchase" } });
    expect(payment).toMatchObject({ status: "completed", transactionCostsCents: null });
    expect(await balance(m.user.id)).toBe(120);
    // a late webhook or the member's return: nothing again
    expect(await syncPayment(db(), payment.id)).toEqual({ ok: true, status: "completed", changed: false });
    // the job left to ask again is there
    expect(await getQueue(QUEUE_NAMES.payments).getJob(`costs-${payment.id}`)).toBeTruthy();

    const expected = 25 + Math.round((payment.amountCents * 1.8) / 100);
    expect(await reconcilePayments(db(), { now: later(), userId: m.user.id })).toMatchObject({ costsRecorded: 1, paymentsSettled: 0, issues: [] });
    expect(await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: "completed",
      transactionCostsCents: expected,
      transactionCostsCurrency: "EUR",
    });
    // repeated: the run, the job (as the worker runs it), parallel runs of both
    const again = await Promise.all([
      reconcilePayments(db(), { now: later(), userId: m.user.id }),
      reconcilePayments(db(), { now: later(), userId: m.user.id }),
    ]);
    expect(again.map((r) => r.costsRecorded)).toEqual([0, 0]);
    expect(await paymentsJob({ name: COSTS_JOB, data: { paymentId: payment.id } as never })).toBe("already");
    expect(await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: "completed", transactionCostsCents: expected });
    expect(await balance(m.user.id)).toBe(120);
    expect(await purchases()).toBe(1);
  });
});

describe("what it cannot repair", () => {
  it("reports a refund made in the provider's dashboard and one the provider made after refusing, and staff see them on /staff/reconciliation", async () => {
    const m = await createMember({ site: "lovely", country: "NL" });
    const dashboard = await completedPurchase(lovely(), m.user.id);
    // a refund made in the provider's dashboard: no refund of ours, no key of ours
    await db().testProviderRefund.create({
      data: {
        reference: `tpr_dashboard${dashboard.id}`,
        paymentReference: dashboard.providerReference!,
        amountCents: 500,
        currency: "EUR",
        idempotencyKey: `dash-${dashboard.id}`,
      },
    });
    // the provider answered "refused" and refunded all the same: our refund failed, the credits went back
    const refused = await completedPurchase(lovely(), m.user.id);
    const answer = await refundWithCrash(m.user.id, refused.id, (real) => async (input) => {
      await real.refund(input);
      throw new RefundRefused("refused, but refunded");
    });
    expect(answer).toEqual({ ok: false, error: "provider_failed" });
    expect(await refundEntries(m.user.id)).toEqual([-120, 120]);

    const report = await reconcilePayments(db(), { now: later(), userId: m.user.id });
    expect(report.issues.map((i) => i.kind).sort()).toEqual(["provider_refund_of_failed", "provider_refund_unknown"]);
    // nothing was booked or given back by the run: a person decides
    expect(await refundEntries(m.user.id)).toEqual([-120, 120]);
    expect(await db().payment.findUniqueOrThrow({ where: { id: dashboard.id } })).toMatchObject({ status: "completed" });
    const issues = await db().reconciliationIssue.findMany({ where: { paymentId: { in: [dashboard.id, refused.id] }, resolvedAt: null } });
    expect(issues.map((i) => [i.kind, i.paymentId])).toEqual(
      expect.arrayContaining([
        ["provider_refund_unknown", dashboard.id],
        ["provider_refund_of_failed", refused.id],
      ]),
    );
    // a second run keeps one row per difference
    await reconcilePayments(db(), { now: later(), userId: m.user.id });
    expect(await db().reconciliationIssue.count({ where: { paymentId: { in: [dashboard.id, refused.id] } } })).toBe(2);

    const { jar } = await loggedInStaff(server, "support");
    const page = await request(server, "/staff/reconciliation", { headers: { cookie: jar.header, "accept-language": "en" } });
    expect(page.status).toBe(200);
    const text = textOf(page.html);
    expect(text).toContain(en.title);
    expect(text).toContain(en.kinds.provider_refund_unknown);
    expect(text).toContain(en.kinds.provider_refund_of_failed);
    expect(text).toContain(`#${dashboard.id}`);
    expect(text).toContain(`tpr_dashboard${dashboard.id}`);
    // not for members or visitors
    expect((await request(server, "/staff/reconciliation")).status).not.toBe(200);
  });

  it("is the payments queue's job, scheduled every 15 minutes by the workers", async () => {
    const result = await paymentsJob({ name: "reconcile", data: {} as never });
    expect(result).toMatchObject({ refundsBooked: expect.any(Number), paymentsSettled: expect.any(Number), issues: expect.any(Number) });
    const workers = await startWorkers();
    try {
      const schedulers = await getQueue(QUEUE_NAMES.payments).getJobSchedulers();
      expect(schedulers).toEqual([expect.objectContaining({ key: "reconcile-payments", name: "reconcile", every: 15 * 60_000 })]);
    } finally {
      await workers.close();
    }
  });
});
