// /members/{id}/landing2/{slug?}: a landing around one profile (design "landing2"), ending in signup with that profile as the target.
import type { Route } from "./+types/members.$id.landing2";
import { loadProfileLanding } from "#app/landers/profile-landing-route.server.ts";
import { ProfileLandingView } from "#app/components/landers/profile-landing.tsx";

export const loader = (args: Route.LoaderArgs) => loadProfileLanding(args, "landing2");

export default function ProfileLanding({ loaderData }: Route.ComponentProps) {
  return <ProfileLandingView page={loaderData} />;
}
