// The swipe game: a stack of likely matches, liked or passed one at a time. A pass keeps the
// profile out of the stack for a day; likes are limited per rolling day (LIMITS.swipe), counted
// from the member's `swipes` rows under a lock on their profile row, so parallel likes cannot
// pass the limit together (the photo limit's pattern, docs/decisions/007-atomic-limits.md).
import { LIMITS } from "#app/limits/rate-limits.server.ts";
import { mayContact, profileAccess } from "#app/profiles/access.server.ts";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { Prisma as PrismaNs } from "#app/generated/prisma/client.ts";
import { getDb } from "#app/utils/db.server.ts";
import { announceLike, likeIn, lockProfile, type LikeResult, type LikeSite } from "./likes.server.ts";
import { likelyMatches, type Seeker } from "./matching.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

const SWIPE_WINDOW_MS = LIMITS.swipe.windowSeconds * 1000;
const STACK_SIZE = 10;

type Client = Pick<Prisma.TransactionClient, "swipe">;

/** Likes used in the last 24 hours, likes left, and when the next one frees up (null: not stopped). */
export async function swipeStatus(profileId: number, now = new Date(), db: Client = getDb()) {
  const rows = await db.swipe.findMany({
    where: { profileId, liked: true, at: { gt: new Date(now.getTime() - SWIPE_WINDOW_MS) } },
    orderBy: { at: "asc" },
    select: { at: true },
  });
  const limit = LIMITS.swipe.likesPerDay;
  const used = rows.length;
  // the game resumes when the like that filled the day's count is a day old
  const freesUp = rows[used - limit];
  return { used, limit, left: Math.max(0, limit - used), resumesAt: freesUp ? new Date(freesUp.at.getTime() + SWIPE_WINDOW_MS) : null };
}

type SwipeStatus = Awaited<ReturnType<typeof swipeStatus>>;

/** The next cards of the stack: likely matches not liked and not passed within the day. */
export function swipeStack(site: LikeSite & Pick<Site, "niche" | "countries">, seeker: Seeker, now = new Date(), exclude: number[] = []) {
  return likelyMatches(site, seeker, { take: STACK_SIZE, passedSince: new Date(now.getTime() - SWIPE_WINDOW_MS), exclude });
}

export type SwipeResult =
  | Exclude<LikeResult, { kind: "ok" } | { kind: "limited" }>
  | (Extract<LikeResult, { kind: "ok" }> & { status: SwipeStatus })
  | { kind: "passed"; status: SwipeStatus }
  | { kind: "limit"; status: SwipeStatus };

/**
 * Likes or passes profile `targetId` in the game. A like of a profile already liked within the
 * day (a double click) counts once; a pass never turns a counted like back into a free one.
 */
export async function swipe(site: LikeSite, seekerId: number, targetId: number | null, decision: "like" | "pass", now = new Date()): Promise<SwipeResult> {
  if (targetId === null || targetId === seekerId) return { kind: "not_found" };
  try {
    const result = await getDb().$transaction(async (tx): Promise<SwipeResult> => {
      await lockProfile(tx, seekerId);
      const status = await swipeStatus(seekerId, now, tx);
      const existing = await tx.swipe.findUnique({ where: { profileId_targetId: { profileId: seekerId, targetId } }, select: { liked: true, at: true } });
      const counted = !!existing?.liked && existing.at.getTime() > now.getTime() - SWIPE_WINDOW_MS;
      const key = { profileId_targetId: { profileId: seekerId, targetId } };
      if (decision === "pass") {
        const access = await profileAccess(site, seekerId, targetId, tx);
        if (access.kind === "blocked_by_them") return { kind: "blocked", name: access.name };
        if (!mayContact(access)) return { kind: "not_found" };
        if (!counted)
          await tx.swipe.upsert({ where: key, create: { profileId: seekerId, targetId, liked: false, at: now }, update: { liked: false, at: now } });
        return { kind: "passed", status };
      }
      if (!counted && status.left === 0) return { kind: "limit", status };
      const result = await likeIn(tx, site, seekerId, targetId, "swipe");
      if (result.kind !== "ok") return result as SwipeResult;
      if (counted) return { ...result, status };
      await tx.swipe.upsert({ where: key, create: { profileId: seekerId, targetId, liked: true, at: now }, update: { liked: true, at: now } });
      return { ...result, status: await swipeStatus(seekerId, now, tx) };
    });
    if (result.kind === "ok") announceLike(seekerId, result);
    return result;
  } catch (error) {
    // the profile was deleted meanwhile
    if (error instanceof PrismaNs.PrismaClientKnownRequestError && error.code === "P2003") return { kind: "not_found" };
    throw error;
  }
}
