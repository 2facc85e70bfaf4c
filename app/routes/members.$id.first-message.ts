// /members/{id}/first-message: the match moment writes the first message right there. GET: the
// photos, the price before sending and whether the member may write (JSON for the dialog's
// fetcher); POST: the send, through the chat's own handleSend (price, checks, client key and
// refusals as in the chat), answered as JSON so the member stays where they are.
import { data } from "react-router";
import type { Route } from "./+types/members.$id.first-message";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { firstMessageScreen } from "#app/chat/first-message.server.ts";
import { handleSend } from "#app/chat/thread-page.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { apiData } from "#app/utils/api.server.ts";
import { parseId } from "#app/utils/request.server.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiMember(context, "profile");
  const screen = await firstMessageScreen(context.get(siteContext), user, parseId(params.id));
  if (!screen) throw data(null, { status: 404 });
  return apiData(screen);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiMember(context, "profile");
  const answer = await handleSend(request, context, context.get(siteContext), user, { profileId: parseId(params.id) });
  return apiData(answer.data, { status: answer.init?.status ?? 200 });
}
