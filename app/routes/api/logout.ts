// POST /api/logout.php: ends this session. Logging out changes state, so it is a POST (a GET
// could be triggered by any page's <img>); a GET answers 405 and changes nothing.
import type { Route } from "./+types/logout";
import { destroySession } from "#app/auth/session.server.ts";
import { methodNotAllowed } from "#app/utils/api.server.ts";

export async function action({ request }: Route.ActionArgs) {
  const cookie = await destroySession(request);
  if ((request.headers.get("accept") ?? "").includes("application/json")) {
    return Response.json({ ok: true }, { headers: { "Set-Cookie": cookie } });
  }
  return new Response(null, { status: 303, headers: { Location: "/", "Set-Cookie": cookie } });
}

export const loader = ({ context }: Route.LoaderArgs) => methodNotAllowed(context, "POST");
