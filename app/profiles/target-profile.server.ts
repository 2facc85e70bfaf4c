// The profile a visitor signs up to write to (members/{id}/signup): one this site shows and the
// visitor may contact (access.server.ts); null means "not found".
import type { Site } from "#app/tenancy/site-schema.ts";
import { mayContact, profileAccess } from "./access.server.ts";

export async function findTargetProfile(site: Site, viewerProfileId: number | null, id: number | null) {
  const access = await profileAccess(site, viewerProfileId, id);
  return mayContact(access) ? { id: access.id, name: access.name } : null;
}
