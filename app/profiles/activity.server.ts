// profiles.last_active_at: the search order ("most recently active first") and the online badge.
// Written on a signed-in member's requests, at most once per ACTIVITY_THROTTLE_MS.
import { getDb } from "#app/utils/db.server.ts";

export const ACTIVITY_THROTTLE_MS = 5 * 60_000;

export const activityIsStale = (lastActiveAt: Date, now = new Date()) => now.getTime() - lastActiveAt.getTime() >= ACTIVITY_THROTTLE_MS;

/**
 * One conditional UPDATE: of several concurrent requests only the first finds the old value
 * and writes; the others match no row.
 */
export async function recordActivity(userId: number, now = new Date()) {
  const { count } = await getDb().profile.updateMany({
    where: { userId, lastActiveAt: { lt: new Date(now.getTime() - ACTIVITY_THROTTLE_MS) } },
    data: { lastActiveAt: now },
  });
  return count > 0;
}
