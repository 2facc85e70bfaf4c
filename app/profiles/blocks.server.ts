// Blocking: a blocked member cannot see the blocker's profile or contact the blocker. Only a
// profile this site shows the member can be blocked or unblocked; anything else is "not found".
import { Prisma } from "#app/generated/prisma/client.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { profileAccess } from "./access.server.ts";

type BlockSite = Pick<Site, "key" | "network" | "member_resell">;

/** The blocked profile's name; null when `blockedId` is not a profile this site shows the blocker (the route answers 404). */
export async function block(site: BlockSite, blockerId: number, blockedId: number | null) {
  const access = await profileAccess(site, blockerId, blockedId);
  if (access.kind !== "visible" && access.kind !== "blocked_by_them") return null;
  try {
    await getDb().block.upsert({
      where: { blockerId_blockedId: { blockerId, blockedId: access.id } },
      create: { blockerId, blockedId: access.id },
      update: {},
    });
  } catch (error) {
    // the profile was removed between the check and the insert
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") return null;
    throw error;
  }
  return access.name;
}

/** The unblocked profile's name, or null as for `block`. */
export async function unblock(site: BlockSite, blockerId: number, blockedId: number | null) {
  const access = await profileAccess(site, blockerId, blockedId);
  if (access.kind !== "visible" && access.kind !== "blocked_by_them") return null;
  await getDb().block.deleteMany({ where: { blockerId, blockedId: access.id } });
  return access.name;
}
