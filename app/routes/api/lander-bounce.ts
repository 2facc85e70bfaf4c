// POST /api/lander-bounce: the lander's beacon when a visitor with lb=1 leaves without signing up.
import type { Route } from "./+types/lander-bounce";
import { recordBounce, visitOf } from "#app/tracking/tracking.server.ts";
import { methodNotAllowed } from "#app/utils/api.server.ts";

export async function action({ context }: Route.ActionArgs) {
  const counted = await recordBounce(visitOf(context));
  return new Response(null, { status: counted ? 204 : 202 });
}

export const loader = ({ context }: Route.LoaderArgs) => methodNotAllowed(context, "POST");
