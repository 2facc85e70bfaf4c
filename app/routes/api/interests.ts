// GET /api/interests.php: the profile interest keys.
import { data } from "react-router";
import type { Route } from "./+types/interests";
import { interestsPayload } from "#app/profiles/regions.server.ts";

export function loader(_args: Route.LoaderArgs) {
  return data(interestsPayload(), { headers: { "Cache-Control": "public, max-age=86400" } });
}
