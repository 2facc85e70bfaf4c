// The chat state of a member (spec section 3: chats, likes, unread message total, new likes
// total): what GET /api/chats.php answers to polling and to live events, and the counts the
// top bar shows on every page.
import type { CurrentUser } from "#app/auth/user-context.server.ts";
import { Prisma } from "#app/generated/prisma/client.ts";
import { chatList, unreadTotalSql } from "#app/chat/conversations.server.ts";
import { likeIds, newLikesSql } from "#app/likes/likes.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export interface LiveCounts {
  unread: number;
  newLikes: number;
}

/** The top bar's badges as columns `unread` and `newLikes`, for a statement that also reads something else (user-context.server.ts). */
export const liveCountsSql = (site: Site, viewer: Prisma.Sql) =>
  Prisma.sql`${unreadTotalSql(site, viewer)} AS unread, ${newLikesSql(site, viewer)} AS "newLikes"`;

/** The top bar's badges. */
export async function liveCounts(site: Site, profileId: number): Promise<LiveCounts> {
  const [row] = await getDb().$queryRaw<[LiveCounts]>`SELECT ${liveCountsSql(site, Prisma.sql`${profileId}::int`)}`;
  return row;
}

export async function chatState(site: Site, user: Pick<CurrentUser, "credits"> & { profile: { id: number } }) {
  const profileId = user.profile.id;
  const [chats, likes, counts] = await Promise.all([chatList(site, profileId), likeIds(site, profileId), liveCounts(site, profileId)]);
  return {
    chats,
    likes: likes.likes,
    liked_by: likes.likedBy.map((l) => ({ id: l.id, like_new: l.likeNew })),
    unread_total: counts.unread,
    new_likes_total: counts.newLikes,
    credits: user.credits,
  };
}
