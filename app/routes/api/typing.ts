// POST /api/typing with { conversation: id }: "I am typing" for the other member of the
// conversation (app/chat/typing.server.ts). `sent: false` when a notice went out within the window.
import { z } from "zod";
import type { Route } from "./+types/typing";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { announceTyping } from "#app/chat/typing.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { apiData, methodNotAllowed, NO_STORE } from "#app/utils/api.server.ts";
import { errorResponse, readBody } from "#app/utils/request.server.ts";

const TypingBody = z.object({ conversation: z.coerce.number().int().positive().max(2_147_483_647) });

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, "POST");
  const user = requireApiMember(context, "profile");
  const body = TypingBody.safeParse(await readBody(request, context));
  if (!body.success) return errorResponse(context, 400, "messages.invalidInput", NO_STORE);
  const result = await announceTyping(context.get(siteContext), user.profile.id, body.data.conversation);
  if (result === "not_found") return errorResponse(context, 404, "chat.errors.notFound", NO_STORE);
  return apiData({ sent: result === "sent" });
}

export const loader = ({ context }: Route.LoaderArgs) => methodNotAllowed(context, "POST");
