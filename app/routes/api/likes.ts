// GET /api/likes.php (spec section 7): the member's likes state, `profiles` and `liked_by`
// (id, like_new), with the likes given, the matches and the count of new likes.
import type { Route } from "./+types/likes";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { likesState, type LikeCard } from "#app/likes/likes.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { apiData } from "#app/utils/api.server.ts";

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
  const user = requireApiMember(context, "profile");
  const state = await likesState(context.get(siteContext), user.profile.id);
  return apiData({
    profiles: state.profiles.map(profileJson),
    liked_by: state.likedBy.map((l) => ({ id: l.id, like_new: l.likeNew })),
    likes: state.likes,
    matches: state.matches,
    new_likes: state.newLikes,
  });
}
