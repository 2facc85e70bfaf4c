// The loader the three profile landings share: parse, ask profile-landing.server.ts, answer.
import { data, redirect, type RouterContextProvider } from "react-router";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { getUser } from "#app/auth/user-context.server.ts";
import { hasTrafficSource, visitOf } from "#app/tracking/tracking.server.ts";
import { parseId } from "#app/utils/request.server.ts";
import { profileLanding, type ProfileLandingDesign } from "./profile-landing.server.ts";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string; slug?: string };
}

export async function loadProfileLanding({ request, context, params }: Args, design: ProfileLandingDesign) {
  const { site, locale } = requestInfo(request, context);
  const user = getUser(context);
  const result = await profileLanding({
    site,
    locale,
    design,
    id: parseId(params.id),
    slug: params.slug,
    viewerProfileId: user?.profile?.id ?? null,
    loggedIn: !!user,
    trafficSource: hasTrafficSource(context),
  });
  if (result.kind === "not_found") throw data(null, { status: 404 });
  if (result.kind === "member") throw redirect(`/members/${result.id}`);
  if (result.kind === "signup") throw redirect(`/members/${result.id}/signup`);
  return { ...result.page, siteName: site.name, bounceLogging: !user && !!visitOf(context)?.bounceLogging };
}

export type ProfileLandingData = Awaited<ReturnType<typeof loadProfileLanding>>;
