// Offline reverse geocoding: the nearest known place (places-data.ts) to a coordinate.
import { PLACES } from "./places-data.ts";

export interface ReverseGeocode {
  country: string;
  region: string;
  city: string;
  distanceKm: number;
}

/** Beyond this distance from every known place a coordinate is not geocoded. */
const MAX_DISTANCE_KM = 75;

const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

// Precomputed once: radians and cosine of latitude for the haversine formula.
const INDEX = PLACES.map((place) => ({ place, lat: place.lat * RAD, lon: place.lon * RAD, cosLat: Math.cos(place.lat * RAD) }));

/** Nearest place by great-circle distance, or null when it is more than 75 km away. */
export function reverseGeocode(lat: number, lon: number): ReverseGeocode | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  const la = lat * RAD;
  const lo = lon * RAD;
  const cosLa = Math.cos(la);
  let best: (typeof INDEX)[number] | undefined;
  let bestH = Infinity;
  for (const entry of INDEX) {
    const sLat = Math.sin((entry.lat - la) / 2);
    const sLon = Math.sin((entry.lon - lo) / 2);
    const h = sLat * sLat + cosLa * entry.cosLat * sLon * sLon;
    if (h < bestH) {
      bestH = h;
      best = entry;
    }
  }
  if (!best) return null;
  const distanceKm = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(bestH)));
  if (distanceKm > MAX_DISTANCE_KM) return null;
  return { country: best.place.country, region: best.place.region, city: best.place.name, distanceKm };
}
