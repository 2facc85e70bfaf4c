// POST /api/activation-mail: send the activation link again.
import { data, redirect } from "react-router";
import type { Route } from "./+types/activation-mail";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { sendActivationMail } from "#app/auth/signup.server.ts";
import { getUser } from "#app/auth/user-context.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const user = getUser(context);
  if (!user) return data({ authentication_required: true }, 403);
  if (user.status !== "not_confirmed") return data({ sent: false });
  const { site, locale, origin } = requestInfo(request, context);
  await sendActivationMail(user.id, { site, locale, to: user.email, name: user.profile?.name ?? user.email, origin });
  return data({ sent: true });
}

export const loader = () => redirect("/");
