// GET /api/auto-like.php (spec sections 4 and 7): the like modal without a profile. The member's
// like goes to a likely match (app/likes/auto-like.server.ts); the answer is that profile.
import type { Route } from "./+types/auto-like";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { autoLike } from "#app/likes/auto-like.server.ts";
import { loadSeeker } from "#app/likes/matching.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { fromSameOrigin } from "#app/utils/request-guard.server.ts";
import { apiData, NO_STORE } from "#app/utils/api.server.ts";
import { errorResponse } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiMember(context, "profile");
  // it gives a like: only the site's own pages may ask (not a link on another site)
  if (!fromSameOrigin(request, new URL(request.url))) return errorResponse(context, 403, "messages.crossSite", NO_STORE);
  const seeker = await loadSeeker(user.profile.id);
  const result = seeker ? await autoLike(context.get(siteContext), seeker) : null;
  if (!result) return errorResponse(context, 404, "likes.noAutoLike", NO_STORE);
  const c = result.card;
  return apiData({
    id: c.id,
    name: c.name,
    age: c.age,
    city: c.city,
    country: c.country,
    online: c.online,
    fictional: c.fictional,
    thumb: c.thumb,
    photo: c.photo,
    shared_interests: c.shared,
    liked: true,
    match: result.match,
  });
}
