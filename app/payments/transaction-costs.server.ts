// The transaction costs of a payment: what its provider charged (the fee), asked of the provider
// once the payment is completed, outside any transaction of ours, and written once (only while
// the column is still null, so repeats and parallel runs change nothing). A provider that has not
// said yet (Mollie books the fee when the payment reaches its balance) is asked again by a retried
// job and by the reconciliation every 15 minutes, for up to COSTS_WINDOW_DAYS.
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import type { Db } from "#app/utils/db.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { getProvider } from "./providers/index.server.ts";

export type CostsOutcome = "recorded" | "already" | "not_yet" | "not_completed";

export async function recordTransactionCosts(db: Db, paymentId: number): Promise<CostsOutcome> {
  const payment = await db.payment.findUnique({
    where: { id: paymentId },
    select: { status: true, provider: true, providerReference: true, transactionCostsCents: true },
  });
  if (!payment?.providerReference || !["completed", "refunded"].includes(payment.status)) return "not_completed";
  if (payment.transactionCostsCents !== null) return "already";
  const provider = getProvider(payment.provider);
  if (!provider) return "not_yet";
  const costs = await provider.transactionCosts(payment.providerReference);
  if (!costs) return "not_yet";
  const { count } = await db.payment.updateMany({
    where: { id: paymentId, transactionCostsCents: null },
    data: { transactionCostsCents: costs.cents, transactionCostsCurrency: costs.currency },
  });
  if (count) getLogger().info({ paymentId, provider: payment.provider, costs }, "payment: transaction costs recorded");
  return count ? "recorded" : "already";
}

/** The job that asks again while the provider has not said (about 2 days of exponential backoff). */
export const COSTS_JOB = "record-costs";
function queueTransactionCosts(paymentId: number) {
  return getQueue(QUEUE_NAMES.payments).add(
    COSTS_JOB,
    { paymentId },
    { jobId: `costs-${paymentId}`, attempts: 12, backoff: { type: "exponential", delay: 60_000 }, removeOnComplete: 1_000, removeOnFail: 5_000 },
  );
}

/**
 * Right after a payment completed: ask at once, and leave a job to ask again if the provider has
 * not said. One bounded add: a queue that is down costs the request QUEUE_ADD_TIMEOUT_MS at most,
 * and the reconciliation's recordMissingCosts asks for what no job asked for.
 */
export async function afterCompletion(db: Db, paymentId: number) {
  const outcome = await recordTransactionCosts(db, paymentId).catch((error: unknown) => {
    getLogger().warn({ err: error, paymentId }, "payment: transaction costs not recorded yet");
    return "not_yet" as const;
  });
  if (outcome !== "not_yet") return;
  await queueTransactionCosts(paymentId).catch((error: Error) =>
    getLogger().warn({ paymentId, reason: error.message }, "payment: transaction costs job not queued; the reconciliation asks later"),
  );
}

const COSTS_WINDOW_DAYS = 14;
/** The reconciliation's share: completed payments of the last days whose costs are still unknown. */
export async function recordMissingCosts(db: Db, now = new Date(), userId?: number) {
  const rows = await db.payment.findMany({
    where: {
      status: { in: ["completed", "refunded"] },
      transactionCostsCents: null,
      completedAt: { gte: new Date(now.getTime() - COSTS_WINDOW_DAYS * 86_400_000) },
      providerReference: { not: null },
      ...(userId !== undefined ? { userId } : {}),
    },
    orderBy: { id: "asc" },
    take: 200,
    select: { id: true },
  });
  let recorded = 0;
  for (const { id } of rows) {
    try {
      if ((await recordTransactionCosts(db, id)) === "recorded") recorded++;
    } catch (error) {
      getLogger().warn({ err: error, paymentId: id }, "reconciliation: transaction costs not readable");
    }
  }
  return recorded;
}
