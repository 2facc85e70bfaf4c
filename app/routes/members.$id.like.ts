// POST /members/{id}/like: like or unlike a profile from its screen, a card or a list. A form
// post without JavaScript comes back to the page it came from (a new match: to the profile with
// the match moment); the like button's fetcher (field js=1) gets the outcome as JSON.
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/members.$id.like";
import { requireUser } from "#app/auth/user-context.server.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { like, unlike } from "#app/likes/likes.server.ts";
import { minutesOf, retryAfterHeader } from "#app/limits/rate-limits.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { safeRedirectPath } from "#app/utils/redirect.ts";
import { errorResponse, parseId, readForm, refuse } from "#app/utils/request.server.ts";

const SOURCES = ["profile", "search", "likes", "match_finder"] as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const form = await readForm(request, context);
  const intent = z.enum(["like", "unlike"]).safeParse(form.get("intent"));
  if (!intent.success) refuse(context);
  const source = z.enum(SOURCES).catch("profile").parse(form.get("source"));
  const js = form.get("js") === "1";
  const id = parseId(params.id);
  const result = !user.profile
    ? { kind: "not_found" as const }
    : intent.data === "like"
      ? await like(site, user.profile.id, id, source)
      : await unlike(site, user.profile.id, id);

  if (result.kind === "not_found") {
    if (js) return errorResponse(context, 404, "likes.unavailable");
    throw data(null, { status: 404 });
  }
  if (result.kind === "blocked") {
    const { t } = context.get(localeContext);
    if (js) return data({ error: t("profileView.blockedBy", { name: result.name }) }, 403);
    throw data({ error: t("profileView.blockedBy", { name: result.name }) }, 403);
  }
  if (result.kind === "limited") {
    const { t } = context.get(localeContext);
    const body = { error: t("messages.tooManyRequests", { minutes: minutesOf(result.retryAfterMs) }) };
    if (js) return data(body, { status: 429, headers: retryAfterHeader(result.retryAfterMs) });
    throw data(body, { status: 429, headers: retryAfterHeader(result.retryAfterMs) });
  }
  if (js) return data({ liked: result.liked, match: result.match, created: result.created, id: result.profile.id, name: result.profile.name });
  if (result.match && result.created) return redirect(`/members/${result.profile.id}?match=1`);
  return redirect(safeRedirectPath(form.get("back"), request, `/members/${result.profile.id}`));
}

/** Only for posts: a visit goes to the profile. */
export function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return redirect(`/members/${id}`);
}
