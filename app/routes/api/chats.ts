// GET /api/chats.php (spec section 7): the member's chat state, polled every 60 s (300 s with
// push) and fetched again whenever a live event says something changed.
import { data } from "react-router";
import type { Route } from "./+types/chats";
import { getUser } from "#app/auth/user-context.server.ts";
import { chatState } from "#app/live/chat-state.server.ts";
import { siteContext } from "#app/tenancy/context.ts";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user?.profile) return data({ authentication_required: true }, { status: 403, headers: NO_STORE });
  return data(await chatState(context.get(siteContext), { credits: user.credits, profile: user.profile }), { headers: NO_STORE });
}
