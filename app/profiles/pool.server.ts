// Who a member of a site can meet: the whole network's members when the site resells
// members, otherwise only the site's own; never profiles that block or are blocked by the viewer.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export function poolWhere(site: Pick<Site, "key" | "network" | "member_resell">): Prisma.ProfileWhereInput {
  return site.member_resell ? { network: site.network } : { siteKey: site.key };
}

/** Visible to others: active (confirmed, not deleted), not invisible, no block either way. */
export function visibleTo(viewerProfileId: number | null): Prisma.ProfileWhereInput {
  return {
    status: "active",
    invisible: false,
    ...(viewerProfileId
      ? {
          id: { not: viewerProfileId },
          blocksGiven: { none: { blockedId: viewerProfileId } },
          blocksReceived: { none: { blockerId: viewerProfileId } },
        }
      : {}),
  };
}
