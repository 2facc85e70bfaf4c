// /members/{id}/landing3/{slug?}: a landing around one profile (design "landing3"), ending in signup with that profile as the target.
import type { Route } from "./+types/members.$id.landing3";
import { loadProfileLanding } from "#app/landers/profile-landing-route.server.ts";
import { ProfileLandingView } from "#app/components/landers/profile-landing.tsx";

export const loader = (args: Route.LoaderArgs) => loadProfileLanding(args, "landing3");

export default function ProfileLanding({ loaderData }: Route.ComponentProps) {
  return <ProfileLandingView page={loaderData} />;
}
