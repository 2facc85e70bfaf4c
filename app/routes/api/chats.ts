// GET /api/chats.php (spec section 7): the member's chat state, polled every 60 s (300 s with
// push) and fetched again whenever a live event says something changed.
import type { Route } from "./+types/chats";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { chatState } from "#app/live/chat-state.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { apiData } from "#app/utils/api.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiMember(context, "profile");
  return apiData(await chatState(context.get(siteContext), { credits: user.credits, profile: user.profile }));
}
