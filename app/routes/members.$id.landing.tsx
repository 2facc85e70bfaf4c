// /members/{id}/landing: a landing around one profile (design "landing"), ending in signup with that profile as the target.
import type { Route } from "./+types/members.$id.landing";
import { loadProfileLanding } from "#app/landers/profile-landing-route.server.ts";
import { ProfileLandingView } from "#app/components/landers/profile-landing.tsx";

export const loader = (args: Route.LoaderArgs) => loadProfileLanding(args, "landing");

export default function ProfileLanding({ loaderData }: Route.ComponentProps) {
  return <ProfileLandingView page={loaderData} />;
}
