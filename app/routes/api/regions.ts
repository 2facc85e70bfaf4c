// GET /api/regions.php: first-level regions per country and what each country calls them.
import { data } from "react-router";
import type { Route } from "./+types/regions";
import { regionsPayload } from "#app/profiles/regions.server.ts";

export function loader(_args: Route.LoaderArgs) {
  return data(regionsPayload(), { headers: { "Cache-Control": "public, max-age=86400" } });
}
