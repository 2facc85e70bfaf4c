// What a site, and the member looking, may see of another member's profile: the one rule that
// every read and write of another profile goes through (profile view, related lists, search,
// the signup target, blocks). Photos follow it through photo-url.server.ts.
//
// Pool: a profile belongs to site S's pool when it is S's own member, or when S resells members
// (member_resell) and so does the profile's own site, in the same network. A site that does not
// resell keeps its members to itself and sees only its own.
import { Prisma } from "#app/generated/prisma/client.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseId } from "#app/utils/request.server.ts";

type PoolSite = Pick<Site, "key" | "network" | "member_resell">;
type Client = Pick<Prisma.TransactionClient, "profile">;

/** The sites whose members site `site` may show. */
export function poolSiteKeys(site: PoolSite): string[] {
  if (!site.member_resell) return [site.key];
  const keys = getSiteRegistry()
    .sites.filter((s) => s.member_resell && s.network === site.network)
    .map((s) => s.key);
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

// The same rules as SQL, for counts folded into a statement that also reads something else (the
// session's member on every page). `profile` names the profiles row, `viewer` the viewer's
// profile id (a parameter or a column of the outer statement); keep them in step with the above.

/** poolWhere as SQL. */
export function poolSql(site: PoolSite, profile: Prisma.Sql): Prisma.Sql {
  return site.member_resell
    ? Prisma.sql`${profile}.network = ${site.network} AND ${profile}.site_key IN (${Prisma.join(poolSiteKeys(site))})`
    : Prisma.sql`${profile}.site_key = ${site.key}`;
}

/** No block between the profile and the viewer, either way. */
export function noBlockSql(profile: Prisma.Sql, viewer: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${profile}.id AND b.blocked_id = ${viewer}) OR (b.blocker_id = ${viewer} AND b.blocked_id = ${profile}.id))`;
}

/** visibleWhere (with a viewer) as SQL. */
export function visibleSql(site: PoolSite, profile: Prisma.Sql, viewer: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${poolSql(site, profile)} AND ${profile}.status = 'active' AND NOT ${profile}.invisible AND ${profile}.id <> ${viewer} AND ${noBlockSql(profile, viewer)}`;
}

export type ProfileAccess =
  | { kind: "none" }
  | { kind: "own"; id: number; name: string }
  /** the profile's member blocked the viewer: only the spec's "You're blocked by {name}" */
  | { kind: "blocked_by_them"; id: number; name: string }
  | { kind: "visible"; id: number; name: string; iBlocked: boolean };

/** What profileAccess reads of a profile; add it to a larger select to decide with `accessOf` in the same statement. */
export function accessSelect(viewerProfileId: number | null) {
  const viewer = viewerProfileId ?? 0; // no profile has id 0: the block lists stay empty
  return {
    id: true,
    name: true,
    siteKey: true,
    status: true,
    invisible: true,
    blocksGiven: { where: { blockedId: viewer }, select: { blockedId: true } },
    blocksReceived: { where: { blockerId: viewer }, select: { blockerId: true } },
  } satisfies Prisma.ProfileSelect;
}

type AccessRow = Prisma.ProfileGetPayload<{ select: ReturnType<typeof accessSelect> }>;

/** The decision of profileAccess on a row read with accessSelect (null: no such profile). */
export function accessOf(site: PoolSite, viewerProfileId: number | null, row: AccessRow | null): ProfileAccess {
  if (!row || !inPool(site, row)) return { kind: "none" };
  if (viewerProfileId !== null && row.id === viewerProfileId) return { kind: "own", id: row.id, name: row.name };
  if (row.status !== "active" || row.invisible) return { kind: "none" };
  if (row.blocksGiven.length) return { kind: "blocked_by_them", id: row.id, name: row.name };
  return { kind: "visible", id: row.id, name: row.name, iBlocked: row.blocksReceived.length > 0 };
}

/**
 * May this site (and this viewer, when logged in) show or contact profile `id`? Anything that is
 * not "own" or "visible" must be answered like a profile that does not exist (404).
 * Pass the transaction's client to decide inside a transaction.
 */
export async function profileAccess(site: PoolSite, viewerProfileId: number | null, id: number | null, db: Client = getDb()): Promise<ProfileAccess> {
  if (id === null || parseId(id) === null) return { kind: "none" };
  return accessOf(site, viewerProfileId, await db.profile.findUnique({ where: { id }, select: accessSelect(viewerProfileId) }));
}

/** Contact (write to, like, sign up for): only a visible profile the viewer has not blocked. */
export const mayContact = (access: ProfileAccess): access is Extract<ProfileAccess, { kind: "visible" }> => access.kind === "visible" && !access.iBlocked;
