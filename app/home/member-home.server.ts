// A member's home (`/` after login): what is new for them first (new likes, new matches, unread
// conversations, each with a few faces), then the faces their search would show, photos first.
import type { SessionMember } from "#app/auth/user-context.server.ts";
import { chatList } from "#app/chat/conversations.server.ts";
import { likesList } from "#app/likes/likes.server.ts";
import { parseSearch } from "#app/search/search-params.ts";
import { searchMembers } from "#app/search/search.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

/** Faces shown on home before "See all". */
const HOME_FACES = 12;
/** Avatars per "new for you" tile. */
const AVATARS = 3;
/** The newest received likes and conversations read for the tiles: what is new sits on top. */
const RECENT = 24;

type Avatar = { id: number; name: string; thumb: string | null };
const avatar = (c: { id: number; name: string; thumb: string | null }): Avatar => ({ id: c.id, name: c.name, thumb: c.thumb });

export async function memberHome(site: Site, user: SessionMember & { profile: NonNullable<SessionMember["profile"]> }, url: URL) {
  const me = user.profile.id;
  const [received, chats, faces] = await Promise.all([
    likesList(site, me, "received", RECENT),
    chatList(site, me, { limit: RECENT }),
    searchMembers(site, { profileId: me, hasBlocks: user.hasBlocks }, parseSearch(new URL("/members", url), site, user.profile.seeking), 1, 1),
  ]);
  const fresh = received.cards.filter((c) => c.likeNew);
  const matches = fresh.filter((c) => c.match);
  const likes = fresh.filter((c) => !c.match);
  const unread = chats.filter((c) => c.num_unread_messages > 0);
  return {
    news: {
      likes: { count: likes.length, more: received.hasMore && likes.length === fresh.length, faces: likes.slice(0, AVATARS).map(avatar) },
      matches: { count: matches.length, faces: matches.slice(0, AVATARS).map(avatar) },
      unread: {
        count: unread.reduce((n, c) => n + c.num_unread_messages, 0),
        faces: unread.slice(0, AVATARS).map((c) => avatar(c.profile)),
        /** one conversation waiting: straight into it */
        only: unread.length === 1 ? unread[0]!.conversation.id : null,
      },
    },
    faces: faces.profiles.slice(0, HOME_FACES),
    total: faces.total,
  };
}

export type MemberHomeData = Awaited<ReturnType<typeof memberHome>>;
