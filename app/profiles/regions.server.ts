// Payloads of /api/regions.php and /api/interests.php.
import { type Country, type RegionLabel, REGION_LABEL, REGIONS } from "./geo-data.ts";
import { INTERESTS } from "./profile-fields.ts";

export interface RegionsPayload {
  regions: Record<Country, { label: RegionLabel; names: string[] }>;
}

export function regionsPayload(): RegionsPayload {
  const regions = {} as Record<Country, { label: RegionLabel; names: string[] }>;
  for (const country of Object.keys(REGIONS) as Country[]) {
    regions[country] = { label: REGION_LABEL[country], names: [...REGIONS[country]] };
  }
  return { regions };
}

export function interestsPayload(): { interests: string[] } {
  return { interests: [...INTERESTS] };
}
