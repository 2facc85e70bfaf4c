// The reconciliation (ADR 029): our payments and refunds against each provider's, on a schedule
// (workers/payments.ts). What can be repaired safely is repaired through the normal idempotent
// steps; the rest is logged and kept in reconciliation_issues for staff (/staff/reconciliation).
//
// Repaired:
// - a refund left `requested` (a crash or a provider that did not answer): when the provider has
//   it (matched by our refund id or its reference), it is booked; when not, it is sent again with
//   the same idempotency key (the provider refunds a key once). A refusal fails it and gives the
//   credits back, as the request would have.
// - a refund left `provider_confirmed` (a crash before the booking): booked.
// - a payment still pending with us: asked of the provider (syncPayment), so a paid one is
//   completed and credited once, a failed or expired one closed.
// Reported: a provider refund we have no record of (made in the provider's dashboard), one of a
// refund we gave up on, one whose amount differs from ours, a refund still unanswered after the
// retry, a payment whose amount differs, a provider that did not answer.
// Nothing here runs inside a transaction: each step takes its own (and the provider is called
// outside all of them).
import type { Db } from "#app/utils/db.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import type { PaymentProvider, ProviderRefund } from "./provider.server.ts";
import { configuredProviders, getProvider } from "./providers/index.server.ts";
import { bookRefund, sendRefund } from "./refunds.server.ts";
import { syncPayment } from "./settle.server.ts";
import { recordMissingCosts } from "./transaction-costs.server.ts";

/** A refund younger than this may still be in its request: left alone. */
const REFUND_GRACE_MS = 2 * 60_000;
/** A pending payment younger than this may still be on the provider's page. */
const PENDING_GRACE_MS = 10 * 60_000;
/** How far back payments are asked again and the providers' refunds are compared. */
const LOOKBACK_MS = 30 * 24 * 60 * 60_000;
const BATCH = 200;

type IssueKind = "provider_refund_unknown" | "provider_refund_of_failed" | "refund_differs" | "refund_unanswered" | "payment_differs" | "provider_unreachable";

export interface ReconcileReport {
  refundsBooked: number;
  refundsResent: number;
  refundsFailed: number;
  paymentsSettled: number;
  /** completed payments whose transaction costs the provider reported only now */
  costsRecorded: number;
  issues: { kind: IssueKind; key: string }[];
}

interface Options {
  /** the moment the grace periods count back from */
  now?: Date;
  /** only this member's payments and refunds (a check of one member; the tests, which share a database) */
  userId?: number;
}

export async function reconcilePayments(db: Db, { now = new Date(), userId }: Options = {}): Promise<ReconcileReport> {
  const log = getLogger();
  const report: ReconcileReport = { refundsBooked: 0, refundsResent: 0, refundsFailed: 0, paymentsSettled: 0, costsRecorded: 0, issues: [] };
  const runStarted = new Date();
  const issue = async (
    kind: IssueKind,
    provider: string,
    id: string,
    fields: { paymentId?: number; refundId?: number; providerReference?: string; detail: string },
  ) => {
    const key = `${kind}:${provider}:${id}`;
    report.issues.push({ kind, key });
    log.warn({ kind, provider, ...fields }, `reconciliation: ${fields.detail}`);
    const data = {
      kind,
      provider,
      paymentId: fields.paymentId ?? null,
      refundId: fields.refundId ?? null,
      providerReference: fields.providerReference ?? null,
    };
    await db.reconciliationIssue.upsert({
      where: { key },
      create: { key, ...data, detail: fields.detail },
      update: { ...data, detail: fields.detail, lastSeenAt: new Date(), resolvedAt: null },
    });
  };

  await reconcileRefunds(db, now, userId, report, issue);
  await reconcilePending(db, now, userId, report, issue);
  for (const provider of configuredProviders().values()) await compareProviderRefunds(db, provider, now, userId, issue);
  report.costsRecorded = await recordMissingCosts(db, now, userId);

  // a full run saw everything: what it no longer finds is resolved
  if (userId === undefined)
    await db.reconciliationIssue.updateMany({ where: { resolvedAt: null, lastSeenAt: { lt: runStarted } }, data: { resolvedAt: new Date() } });
  log.info({ ...report, issues: report.issues.length }, "reconciliation: done");
  return report;
}

type Report = (
  kind: IssueKind,
  provider: string,
  id: string,
  fields: { paymentId?: number; refundId?: number; providerReference?: string; detail: string },
) => Promise<void>;

const sameRefund = (ours: { id: number; providerReference: string | null }) => (r: ProviderRefund) =>
  r.refundId === ours.id || (!!ours.providerReference && r.reference === ours.providerReference);

async function reconcileRefunds(db: Db, now: Date, userId: number | undefined, report: ReconcileReport, issue: Report) {
  const stuck = await db.refund.findMany({
    where: { status: { in: ["requested", "provider_confirmed"] }, updatedAt: { lt: new Date(now.getTime() - REFUND_GRACE_MS) }, ...(userId ? { userId } : {}) },
    include: { payment: { select: { providerReference: true } } },
    orderBy: { id: "asc" },
    take: BATCH,
  });
  for (const refund of stuck) {
    const provider = getProvider(refund.provider);
    const reference = refund.payment.providerReference;
    const where = { paymentId: refund.paymentId, refundId: refund.id };
    if (!provider || !reference) {
      await issue("provider_unreachable", refund.provider, `refund-${refund.id}`, { ...where, detail: "the refund's provider is not configured" });
      continue;
    }
    let remote: ProviderRefund | undefined;
    try {
      remote = (await provider.listRefunds(reference)).find(sameRefund(refund));
    } catch (error) {
      getLogger().warn({ err: error, refundId: refund.id }, "reconciliation: the provider did not list its refunds");
      await issue("provider_unreachable", refund.provider, `refund-${refund.id}`, { ...where, detail: "the provider did not answer the list of refunds" });
      continue;
    }
    if (remote) {
      if (await bookRefund(db, refund.id, remote)) report.refundsBooked++;
      else
        await issue("refund_differs", refund.provider, remote.reference, {
          ...where,
          providerReference: remote.reference,
          detail: `the provider's refund (${remote.amountCents} ${remote.currency}, ${remote.status}) differs from ours (${refund.amountCents} ${refund.currency}); not booked`,
        });
      continue;
    }
    if (refund.status === "provider_confirmed") {
      await issue("refund_differs", refund.provider, `refund-${refund.id}`, {
        ...where,
        ...(refund.providerReference ? { providerReference: refund.providerReference } : {}),
        detail: "the provider confirmed this refund but no longer lists it; not booked",
      });
      continue;
    }
    // not at the provider: the request never reached it, or got no answer; the same key again
    const answer = await sendRefund(db, refund);
    report.refundsResent++;
    if (!answer.ok) report.refundsFailed++;
    else if (answer.booked) report.refundsBooked++;
    else
      await issue("refund_unanswered", refund.provider, `refund-${refund.id}`, {
        ...where,
        detail: "sent again with its key; the provider still did not answer",
      });
  }
}

async function reconcilePending(db: Db, now: Date, userId: number | undefined, report: ReconcileReport, issue: Report) {
  const pending = await db.payment.findMany({
    where: {
      status: "pending",
      providerReference: { not: null },
      createdAt: { lt: new Date(now.getTime() - PENDING_GRACE_MS), gt: new Date(now.getTime() - LOOKBACK_MS) },
      ...(userId ? { userId } : {}),
    },
    select: { id: true, provider: true, providerReference: true },
    orderBy: { createdAt: "desc" },
    take: BATCH,
  });
  for (const p of pending) {
    const result = await syncPayment(db, p.id);
    if (result.ok) {
      if (result.changed) report.paymentsSettled++;
      continue;
    }
    const where = { paymentId: p.id, providerReference: p.providerReference! };
    if (result.reason === "amount_mismatch")
      await issue("payment_differs", p.provider, p.providerReference!, {
        ...where,
        detail: "the provider's amount or currency differs from the order; not credited",
      });
    else if (result.reason === "provider_error")
      await issue("provider_unreachable", p.provider, `payment-${p.id}`, { ...where, detail: "the provider did not answer for this payment" });
  }
}

/** The provider's refunds of the last LOOKBACK_MS against ours: the ones we cannot account for are reported. */
async function compareProviderRefunds(db: Db, provider: PaymentProvider, now: Date, userId: number | undefined, issue: Report) {
  let remote: ProviderRefund[];
  try {
    remote = await provider.recentRefunds(new Date(now.getTime() - LOOKBACK_MS), 1000);
  } catch (error) {
    getLogger().warn({ err: error, provider: provider.key }, "reconciliation: the provider did not list its refunds");
    await issue("provider_unreachable", provider.key, "refunds", { detail: "the provider did not answer the list of refunds" });
    return;
  }
  for (const r of remote) {
    const ours = await db.refund.findFirst({
      where: { provider: provider.key, OR: [...(r.refundId ? [{ id: r.refundId }] : []), { providerReference: r.reference }] },
      select: { id: true, paymentId: true, userId: true, status: true, amountCents: true, currency: true },
    });
    const payment = ours
      ? { id: ours.paymentId, userId: ours.userId }
      : await db.payment.findFirst({ where: { provider: provider.key, providerReference: r.paymentReference }, select: { id: true, userId: true } });
    if (userId !== undefined && payment?.userId !== userId) continue;
    const where = { ...(payment ? { paymentId: payment.id } : {}), providerReference: r.reference };
    if (!ours) {
      await issue("provider_refund_unknown", provider.key, r.reference, {
        ...where,
        detail: `the provider refunded ${r.amountCents} ${r.currency} of payment ${r.paymentReference} that our books do not know`,
      });
    } else if (ours.status === "failed") {
      await issue("provider_refund_of_failed", provider.key, r.reference, {
        ...where,
        refundId: ours.id,
        detail: "the provider refunded a refund we recorded as failed (its credits were given back)",
      });
    } else if (ours.status === "booked" && (ours.amountCents !== r.amountCents || ours.currency !== r.currency)) {
      await issue("refund_differs", provider.key, r.reference, {
        ...where,
        refundId: ours.id,
        detail: `the provider's refund (${r.amountCents} ${r.currency}) differs from ours (${ours.amountCents} ${ours.currency})`,
      });
    }
  }
}

/** What staff see: the differences still open, newest first. */
export const openReconciliationIssues = (db: Db) =>
  db.reconciliationIssue.findMany({ where: { resolvedAt: null }, orderBy: { lastSeenAt: "desc" }, take: 200 });
