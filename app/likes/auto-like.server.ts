// GET /api/auto-like.php (spec sections 4 and 7, the like modal): when the modal has no profile,
// the member's like goes to a likely match they have not liked yet, and the modal shows it.
// At most one such like per member per day: asked again within it, the same profile comes back.
import { LIMITS } from "#app/limits/rate-limits.server.ts";
import { visibleWhere } from "#app/profiles/access.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { announceLike, likeIn, lockProfile, type LikeResult, type LikeSite } from "./likes.server.ts";
import { likelyMatches, matchSelect, toMatchCard, type MatchCard, type Seeker } from "./matching.server.ts";

export type AutoLike = { card: MatchCard; match: boolean; created: boolean } | null;

export async function autoLike(site: LikeSite & Pick<Site, "niche" | "countries">, seeker: Seeker, now = new Date()): Promise<AutoLike> {
  // ranked before the transaction: the ranking reads a few hundred rows and needs no lock
  const picks = await likelyMatches(site, seeker, { take: 5 });
  const pick = picks.find((p) => p.photo) ?? picks[0];
  let created: LikeResult | null = null;
  const answer = await getDb().$transaction(async (tx): Promise<AutoLike> => {
    await lockProfile(tx, seeker.id);
    const recent = await tx.like.findFirst({
      where: {
        likerId: seeker.id,
        source: "auto",
        createdAt: { gt: new Date(now.getTime() - LIMITS.autoLike.windowSeconds * 1000) },
        liked: visibleWhere(site, seeker.id),
      },
      orderBy: { createdAt: "desc" },
      select: { liked: { select: { ...matchSelect, likesGiven: { where: { likedId: seeker.id }, select: { id: true } } } } },
    });
    if (recent) {
      const { likesGiven, ...row } = recent.liked;
      return { card: toMatchCard(row, seeker, site), match: likesGiven.length > 0, created: false };
    }
    if (!pick) return null;
    const result = (created = await likeIn(tx, site, seeker.id, pick.id, "auto"));
    return result.kind === "ok" ? { card: pick, match: result.match, created: result.created } : null;
  });
  if (created) announceLike(seeker.id, created); // once committed
  return answer;
}
