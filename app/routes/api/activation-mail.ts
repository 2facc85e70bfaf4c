// POST /api/activation-mail: send the activation link again.
import { data, redirect } from "react-router";
import type { Route } from "./+types/activation-mail";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { sendActivationMail } from "#app/auth/signup.server.ts";
import { countTokensSince } from "#app/auth/tokens.server.ts";
import { getUser } from "#app/auth/user-context.server.ts";

/** Signup's own mail plus four resends a day. */
const ACTIVATION_MAILS_PER_DAY = 5;

export async function action({ request, context }: Route.ActionArgs) {
  const user = getUser(context);
  if (!user) return data({ authentication_required: true }, 403);
  if (user.status !== "not_confirmed") return data({ sent: false });
  const { site, locale, origin } = requestInfo(request, context);
  if ((await countTokensSince(user.id, "activation", new Date(Date.now() - 24 * 3600_000))) >= ACTIVATION_MAILS_PER_DAY) {
    return data({ sent: false, error: "messages.genericError" }, 429);
  }
  await sendActivationMail(user.id, { site, locale, to: user.email, name: user.profile?.name ?? user.email, origin });
  return data({ sent: true });
}

export const loader = () => redirect("/");
