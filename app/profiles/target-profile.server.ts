// The profile a visitor signs up to write to (members/{id}/signup): active and in this site's pool.
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";

export async function findTargetProfile(site: Site, id: number) {
  if (!Number.isInteger(id) || id <= 0) return null;
  const profile = await getDb().profile.findFirst({
    where: { id, status: "active", ...(site.member_resell ? { network: site.network } : { siteKey: site.key }) },
    select: { id: true, name: true },
  });
  return profile;
}
