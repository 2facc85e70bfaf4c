// GET /api/geocode.php?lat=…&lon=…: the country, region and town nearest a coordinate.
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/geocode";
import { reverseGeocode } from "#app/profiles/geocode.server.ts";

const Query = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = Query.safeParse({ lat: params.get("lat") || undefined, lon: params.get("lon") || undefined });
  if (!parsed.success) return data({ error: "invalid coordinates" }, { status: 400 });
  const g = reverseGeocode(parsed.data.lat, parsed.data.lon);
  return data({ geocode: g ? { country: g.country, region: g.region, city: g.city } : null }, { headers: { "Cache-Control": "private, max-age=3600" } });
}
