// DELETE /api/chat.php with { conversation: id }: removes the chat from the member's list at once
// (it comes back when either member writes again). JSON or a form body.
import type { Route } from "./+types/chat";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { removeChat } from "#app/chat/conversations.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { apiData, methodNotAllowed, NO_STORE } from "#app/utils/api.server.ts";
import { errorResponse, parseId, readBody } from "#app/utils/request.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(context, "DELETE");
  const user = requireApiMember(context, "profile");
  const body = await readBody(request, context);
  const removed = await removeChat(context.get(siteContext), user.profile.id, parseId(body.conversation));
  if (!removed) return errorResponse(context, 404, "chat.errors.notFound", NO_STORE);
  return apiData({ ok: true });
}

export const loader = ({ context }: Route.LoaderArgs) => methodNotAllowed(context, "DELETE");
