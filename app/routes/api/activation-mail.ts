// POST /api/activation-mail: send the activation link again (LIMITS.activationMail: per IP
// address per hour, per account per day including signup's own mail).
import { data, redirect } from "react-router";
import type { Route } from "./+types/activation-mail";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { sendActivationMail } from "#app/accounts/signup.server.ts";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { ipKey, minutesOf, retryAfterHeader, take } from "#app/limits/rate-limits.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiMember(context);
  if (user.status !== "not_confirmed") return data({ sent: false });
  const { site, locale, origin, visitor, t } = requestInfo(request, context);
  const perIp = await take(["activationIp", ipKey(visitor.ip)]);
  if (!perIp.ok) {
    return data(
      { sent: false, error: t("messages.tooManyRequests", { minutes: minutesOf(perIp.retryAfterMs) }) },
      { status: 429, headers: retryAfterHeader(perIp.retryAfterMs) },
    );
  }
  const sent = await sendActivationMail(user.id, { site, locale, to: user.email, name: user.profile?.name ?? user.email, origin });
  if (!sent.ok) return data({ sent: false, error: t("messages.tooManyActivationMails") }, { status: 429, headers: retryAfterHeader(sent.retryAfterMs) });
  return data({ sent: true });
}

export const loader = () => redirect("/");
