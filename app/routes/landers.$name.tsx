// /landers/{name}/{slug?}: campaign landing pages (ADR 017). Each design is its own component;
// the site's niche content set and the slug pick the wording, the profiles and the hero media.
// An unknown design or slug is the 404 page.
import { data } from "react-router";
import type { Route } from "./+types/landers.$name";
import { getUser } from "#app/auth/user-context.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { landerPage } from "#app/landers/landers.server.ts";
import { hasTrafficSource, visitOf } from "#app/tracking/tracking.server.ts";
import { LanderView } from "#app/components/landers/lander-view.tsx";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { site, locale } = requestInfo(request, context);
  const user = getUser(context);
  const page = await landerPage({
    site,
    locale,
    name: params.name,
    slug: params.slug,
    loggedIn: !!user,
    trafficSource: hasTrafficSource(context),
  });
  if (!page) throw data(null, { status: 404 });
  return { ...page, siteName: site.name, bounceLogging: !user && !!visitOf(context)?.bounceLogging };
}

export default function Lander({ loaderData }: Route.ComponentProps) {
  return <LanderView page={loaderData} />;
}
