// /activate?token=…: the e-mail link. Confirms the account once; a bad or used link fails.
import { redirect } from "react-router";
import type { Route } from "./+types/activate";
import { activateAccount } from "#app/accounts/signup.server.ts";
import { consumeToken } from "#app/auth/tokens.server.ts";
import { siteContext } from "#app/tenancy/context.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = await consumeToken(new URL(request.url).searchParams.get("token"), "activation", context.get(siteContext).key);
  if (!token) throw redirect("/activate/error");
  await activateAccount(token.userId);
  throw redirect("/activate/done");
}
