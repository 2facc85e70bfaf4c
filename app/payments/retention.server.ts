// The deletion flow's offer: a member who chooses to stay gets the company's delete_discount on
// their next credit purchase. Issued once per member and site (one row, STAY-{member id}; the
// unique code per site makes a repeated or parallel "stay" a no-op), applied by the checkout
// without typing, once (validity once: its redemption by a pending or paid order uses it).
import type { Db } from "#app/utils/db.server.ts";

const retentionCode = (userId: number) => `STAY-${userId}`;

/** Issues the discount; true when this call issued it, false when the member had it already. */
export async function issueRetentionDiscount(db: Db, siteKey: string, userId: number, percentage: number) {
  const { count } = await db.discountCode.createMany({
    data: [{ code: retentionCode(userId), siteKey, userId, kind: "retention", validity: "once", valuePercentage: percentage }],
    skipDuplicates: true,
  });
  return count === 1;
}
