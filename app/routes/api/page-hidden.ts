// POST /api/page-hidden.php (spec section 7): the beacon a member's page sends when it becomes
// hidden, with an empty JSON body. From then on new messages, likes and matches are pushed to the
// member's devices instead of relying on the open page (app/notifications/push.server.ts).
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/page-hidden";
import { getUser } from "#app/auth/user-context.server.ts";
import { recordPageHidden } from "#app/notifications/push.server.ts";
import { errorResponse, readJson } from "#app/utils/request.server.ts";

const emptyBody = z.object({}).strict();

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return errorResponse(context, 405, "messages.methodNotAllowed", { Allow: "POST" });
  const user = getUser(context);
  if (!user) return data({ authentication_required: true }, 403);
  if (!emptyBody.safeParse(await readJson(request, context)).success) return errorResponse(context, 400);
  await recordPageHidden(user.id);
  return new Response(null, { status: 204 });
}

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });
