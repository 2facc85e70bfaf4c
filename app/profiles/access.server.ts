// What a site, and the member looking, may see of another member's profile: the one rule that
// every read and write of another profile goes through (profile view, related lists, search,
// the signup target, blocks). Photos follow it through photo-url.server.ts.
//
// Pool: a profile belongs to site S's pool when it is S's own member, or when S resells members
// (member_resell) and so does the profile's own site, in the same network. A site that does not
// resell keeps its members to itself and sees only its own.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseId } from "#app/utils/request.server.ts";

type PoolSite = Pick<Site, "key" | "network" | "member_resell">;
type Client = Pick<Prisma.TransactionClient, "profile">;

/** The sites whose members site `site` may show. */
export function poolSiteKeys(site: PoolSite): string[] {
  if (!site.member_resell) return [site.key];
  const keys = getSiteRegistry().sites.filter((s) => s.member_resell && s.network === site.network).map((s) => s.key);
  return keys.includes(site.key) ? keys : [...keys, site.key];
}

/** Names the pool, for caches shared by every site with the same pool. */
export const poolKey = (site: PoolSite) => poolSiteKeys(site).sort().join(",");

export const inPool = (site: PoolSite, profile: { siteKey: string }) => poolSiteKeys(site).includes(profile.siteKey);

/**
 * The pool as a query. A reselling site filters on its network (the leading column of the search
 * index) and on the reselling sites, which the same index carries as its last column.
 */
export function poolWhere(site: PoolSite): Prisma.ProfileWhereInput {
  return site.member_resell ? { network: site.network, siteKey: { in: poolSiteKeys(site) } } : { siteKey: site.key };
}

/** Profiles the viewer may meet in lists: in the pool, active, not invisible, no block either way, not the viewer. */
export function visibleWhere(site: PoolSite, viewerProfileId: number | null): Prisma.ProfileWhereInput {
  return {
    ...poolWhere(site),
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

export type ProfileAccess =
  | { kind: "none" }
  | { kind: "own"; id: number; name: string }
  /** the profile's member blocked the viewer: only the spec's "You're blocked by {name}" */
  | { kind: "blocked_by_them"; id: number; name: string }
  | { kind: "visible"; id: number; name: string; iBlocked: boolean };

/**
 * May this site (and this viewer, when logged in) show or contact profile `id`? Anything that is
 * not "own" or "visible" must be answered like a profile that does not exist (404).
 * Pass the transaction's client to decide inside a transaction.
 */
export async function profileAccess(site: PoolSite, viewerProfileId: number | null, id: number | null, db: Client = getDb()): Promise<ProfileAccess> {
  if (id === null || parseId(id) === null) return { kind: "none" };
  const viewer = viewerProfileId ?? 0; // no profile has id 0: the block lists stay empty
  const row = await db.profile.findUnique({
    where: { id },
    select: {
      id: true, name: true, siteKey: true, status: true, invisible: true,
      blocksGiven: { where: { blockedId: viewer }, select: { blockedId: true } },
      blocksReceived: { where: { blockerId: viewer }, select: { blockerId: true } },
    },
  });
  if (!row || !inPool(site, row)) return { kind: "none" };
  if (viewerProfileId !== null && row.id === viewerProfileId) return { kind: "own", id: row.id, name: row.name };
  if (row.status !== "active" || row.invisible) return { kind: "none" };
  if (row.blocksGiven.length) return { kind: "blocked_by_them", id: row.id, name: row.name };
  return { kind: "visible", id: row.id, name: row.name, iBlocked: row.blocksReceived.length > 0 };
}

/** Contact (write to, like, sign up for): only a visible profile the viewer has not blocked. */
export const mayContact = (access: ProfileAccess): access is Extract<ProfileAccess, { kind: "visible" }> =>
  access.kind === "visible" && !access.iBlocked;
