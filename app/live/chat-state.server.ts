// The chat state of a member (spec section 3: chats, likes, unread message total, new likes
// total): what GET /api/chats.php answers to polling and to live events, and the counts the
// top bar shows on every page.
import type { CurrentUser } from "#app/auth/user-context.server.ts";
import { chatList, unreadTotal } from "#app/chat/conversations.server.ts";
import { countNewLikes, likeIds } from "#app/likes/likes.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export interface LiveCounts {
  unread: number;
  newLikes: number;
}

/** The top bar's badges. */
export async function liveCounts(site: Site, profileId: number): Promise<LiveCounts> {
  const [unread, newLikes] = await Promise.all([unreadTotal(site, profileId), countNewLikes(site, profileId)]);
  return { unread, newLikes };
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

export type ChatState = Awaited<ReturnType<typeof chatState>>;
