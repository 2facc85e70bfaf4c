// /api/logout.php ends this session. The site's pages POST; the spec's API (section 7) logs out
// with a GET, which is honoured only when the browser says this site's own page sent it: another
// site's page can make a browser send a GET too (an <img>), and must not log members out (403,
// the session stays).
import type { Route } from "./+types/logout";
import { destroySession } from "#app/auth/session.server.ts";
import { NO_STORE } from "#app/utils/api.server.ts";
import { fromOwnPage } from "#app/utils/request-guard.server.ts";
import { errorResponse } from "#app/utils/request.server.ts";

async function logOut(request: Request) {
  const headers = { ...NO_STORE, "Set-Cookie": await destroySession(request) };
  if ((request.headers.get("accept") ?? "").includes("application/json")) return Response.json({ ok: true }, { headers });
  return new Response(null, { status: 303, headers: { ...headers, Location: "/" } });
}

export const action = ({ request }: Route.ActionArgs) => logOut(request);

export function loader({ request, context }: Route.LoaderArgs) {
  if (!fromOwnPage(request, new URL(request.url))) return errorResponse(context, 403, "messages.crossSite", NO_STORE);
  return logOut(request);
}
