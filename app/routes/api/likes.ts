// GET /api/likes.php (spec section 7): the member's likes state, `profiles` and `liked_by`
// (id, like_new), with the likes given, the matches and the count of new likes.
import { data } from "react-router";
import type { Route } from "./+types/likes";
import { getUser } from "#app/auth/user-context.server.ts";
import { likesState, type LikeCard } from "#app/likes/likes.server.ts";
import { siteContext } from "#app/tenancy/context.ts";

const NO_STORE = { "Cache-Control": "private, no-store" };

export const profileJson = (c: LikeCard) => ({
  id: c.id,
  name: c.name,
  age: c.age,
  city: c.city,
  country: c.country,
  online: c.online,
  fictional: c.fictional,
  thumb: c.thumb,
  liked: c.liked,
  likes_you: c.likedMe,
  like_new: c.likeNew,
  match: c.match,
});

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user?.profile) return data({ authentication_required: true }, { status: 403, headers: NO_STORE });
  const state = await likesState(context.get(siteContext), user.profile.id);
  return data(
    {
      profiles: state.profiles.map(profileJson),
      liked_by: state.likedBy.map((l) => ({ id: l.id, like_new: l.likeNew })),
      likes: state.likes,
      matches: state.matches,
      new_likes: state.newLikes,
    },
    { headers: NO_STORE },
  );
}
