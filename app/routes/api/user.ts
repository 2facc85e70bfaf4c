// /api/user.php: GET the current user, POST credentials to log in (or ?push=1 a push
// subscription; DELETE ?push=1 with the endpoint removes it), PUT the language. Clients send the request-type header.
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/user";
import { setLanguage } from "#app/accounts/account.server.ts";
import { logIn } from "#app/auth/login-flow.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { getUser, loadUser, requireApiMember } from "#app/auth/user-context.server.ts";
import { userJson } from "#app/auth/user-json.server.ts";
import { localeCookie } from "#app/i18n/i18n.server.ts";
import { retryAfterHeader } from "#app/limits/rate-limits.server.ts";
import { deletePushSubscription, pushSubscriptionSchema, savePushSubscription } from "#app/notifications/push-subscriptions.server.ts";
import { apiData, methodNotAllowed } from "#app/utils/api.server.ts";
import { errorResponse, readBody } from "#app/utils/request.server.ts";

export const REQUEST_TYPE_HEADER = "x-request-type";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const { site } = requestInfo(request, context);
  return apiData({ user: user ? await userJson(user, site) : null });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { site, t } = requestInfo(request, context);
  const url = new URL(request.url);
  if (request.method === "DELETE" && url.searchParams.get("push") === "1") {
    const user = requireApiMember(context);
    const endpoint = pushSubscriptionSchema.shape.endpoint.safeParse((await readBody(request, context)).endpoint);
    if (!endpoint.success) return errorResponse(context, 400);
    return data({ ok: true, removed: await deletePushSubscription(user.id, endpoint.data) });
  }
  if (request.method !== "POST" && request.method !== "PUT") return methodNotAllowed(context, "GET, POST, PUT, DELETE");
  const input = await readBody(request, context);

  if (request.method === "POST" && url.searchParams.get("push") === "1") {
    const user = requireApiMember(context);
    const sub = pushSubscriptionSchema.safeParse(input.subscription ?? input);
    if (!sub.success) return errorResponse(context, 400);
    await savePushSubscription(user.id, sub.data);
    return data({ ok: true });
  }

  if (request.method === "POST") {
    const result = await logIn(request, context, input);
    if (!result.ok) {
      return data(
        { error: t(result.message, result.params), reason: result.reason },
        { status: result.status, headers: result.retryAfterMs ? retryAfterHeader(result.retryAfterMs) : undefined },
      );
    }
    const user = await loadUser(result.userId);
    return data({ user: user && (await userJson(user, site)) }, { headers: { "Set-Cookie": result.setCookie } });
  }

  const user = requireApiMember(context);
  const language = z.enum(site.locales as [string, ...string[]]).safeParse(input.language);
  if (!language.success) return errorResponse(context, 400);
  await setLanguage(user.id, language.data as never);
  return data(
    { user: { ...(await userJson(user, site)), language: language.data } },
    { headers: { "Set-Cookie": await localeCookie.serialize(language.data) } },
  );
}
