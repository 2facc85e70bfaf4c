// POST /api/page-hidden.php (spec section 7): the beacon a member's page sends when it becomes
// hidden, with an empty JSON body. From then on new messages, likes and matches are pushed to the
// member's devices instead of relying on the open page (app/notifications/push.server.ts).
import { z } from "zod";
import type { Route } from "./+types/page-hidden";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { recordPageHidden } from "#app/notifications/push.server.ts";
import { methodNotAllowed } from "#app/utils/api.server.ts";
import { errorResponse, readJson } from "#app/utils/request.server.ts";

const emptyBody = z.object({}).strict();

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, "POST");
  const user = requireApiMember(context);
  if (!emptyBody.safeParse(await readJson(request, context)).success) return errorResponse(context, 400);
  await recordPageHidden(user.id);
  return new Response(null, { status: 204 });
}

export const loader = ({ context }: Route.LoaderArgs) => methodNotAllowed(context, "POST");
