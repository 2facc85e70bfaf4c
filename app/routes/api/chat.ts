// DELETE /api/chat.php with { conversation: id }: removes the chat from the member's list at once
// (it comes back when either member writes again). JSON or a form body.
import { data } from "react-router";
import type { Route } from "./+types/chat";
import { getUser } from "#app/auth/user-context.server.ts";
import { removeChat } from "#app/chat/conversations.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { errorResponse, parseId, readBody } from "#app/utils/request.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return errorResponse(context, 405, "messages.methodNotAllowed", { Allow: "DELETE" });
  const user = getUser(context);
  if (!user?.profile) return data({ authentication_required: true }, { status: 403, headers: PRIVATE });
  const body = await readBody(request, context);
  const removed = await removeChat(context.get(siteContext), user.profile.id, parseId(body.conversation));
  if (!removed) return errorResponse(context, 404, "chat.errors.notFound", PRIVATE);
  return data({ ok: true }, { headers: PRIVATE });
}

export const loader = ({ context }: Route.LoaderArgs) => errorResponse(context, 405, "messages.methodNotAllowed", { Allow: "DELETE" });
