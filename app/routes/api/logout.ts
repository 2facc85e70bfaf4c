// /api/logout.php: ends this session (GET as in the spec, POST from the account menu).
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroySession } from "#app/auth/session.server.ts";

async function logout(request: Request) {
  const cookie = await destroySession(request);
  if ((request.headers.get("accept") ?? "").includes("application/json")) {
    return Response.json({ ok: true }, { headers: { "Set-Cookie": cookie } });
  }
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

export const loader = ({ request }: Route.LoaderArgs) => logout(request);
export const action = ({ request }: Route.ActionArgs) => logout(request);
