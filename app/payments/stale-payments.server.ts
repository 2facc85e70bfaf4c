// Pending payments whose webhook never came: a scheduled job asks their provider (syncPayment,
// outside any transaction), so an order that can no longer be paid (expired, failed, cancelled at
// the provider) stops being pending and frees its discount code; one that was paid is credited.
// Direct debits stay pending for days by nature and are left to their webhooks. A payment the
// provider keeps open is asked again on the next run.
import type { Db } from "#app/utils/db.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { syncPayment } from "./settle.server.ts";

/** A checkout page is normally done within this; younger payments are left to the member and the webhook. */
const STALE_AFTER_MS = 15 * 60_000;
const BATCH = 100;
/** per run; the rest waits for the next run */
const MAX_PER_RUN = 1_000;

export async function settleStalePayments(db: Db, now = new Date()) {
  const counts = { checked: 0, settled: 0, failed: 0 };
  let after = 0;
  while (counts.checked < MAX_PER_RUN) {
    const stale = await db.payment.findMany({
      where: {
        id: { gt: after },
        status: "pending",
        method: { not: "sdd" },
        providerReference: { not: null },
        createdAt: { lte: new Date(now.getTime() - STALE_AFTER_MS) },
      },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true },
    });
    if (!stale.length) break;
    for (const { id } of stale) {
      const result = await syncPayment(db, id);
      counts.checked++;
      if (!result.ok) counts.failed++;
      else if (result.changed) counts.settled++;
    }
    after = stale.at(-1)!.id;
  }
  if (counts.checked) getLogger().info(counts, "payments: stale pending payments checked");
  return counts;
}
