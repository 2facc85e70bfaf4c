// The members search: the site's pool, visible profiles only, filtered by gender, country,
// region and age, profiles that show a photo first (on a reselling site its own members before
// the network's within each part) and each part most recently active first,
// page by page, with the total count.
import type { Prisma } from "#app/generated/prisma/client.ts";
import { birthRange } from "#app/profiles/age.ts";
import { toCard, cardSelect } from "#app/profiles/cards.server.ts";
import { poolKey, poolSiteKeys, visibleWhere } from "#app/profiles/access.server.ts";
import { likedCardSelect, toLikedCard, withLikeStates } from "#app/likes/likes.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { sharedResults, siteObjectId } from "#app/utils/cache.server.ts";
import { MAX_AGE, MIN_AGE, PAGE_SIZE, type SearchState } from "./search-params.ts";

export function searchWhere(
  site: Site,
  viewerProfileId: number | null,
  s: Pick<SearchState, "gender" | "country" | "region" | "minAge" | "maxAge">,
): Prisma.ProfileWhereInput {
  const { latest, earliest } = birthRange(s.minAge, s.maxAge);
  return {
    ...visibleWhere(site, viewerProfileId),
    gender: s.gender,
    country: s.country ?? { in: site.countries },
    ...(s.region ? { region: s.region } : {}),
    dateOfBirth: { lte: latest, gt: earliest },
  };
}

const COUNT_TTL_MS = 60_000;
const counts = () => singleton("searchCounts", () => new Map<string, { at: number; value: Promise<number> }>());

const countKeyOf = (site: Site, s: SearchState) => JSON.stringify([poolKey(site), s.gender, s.country ?? site.countries, s.region, s.minAge, s.maxAge]);

/** Totals change slowly and cost a range count: cached per pool and filter for a minute. */
function cachedCount(key: string, where: Prisma.ProfileWhereInput) {
  const cache = counts();
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.value;
  if (cache.size > 5_000) cache.clear();
  const value = getDb().profile.count({ where });
  value.catch(() => cache.delete(key));
  cache.set(key, { at: Date.now(), value });
  return value;
}

/** One page at a time is shared: a "load more" of up to MAX_PAGE pages per entry would let a
 * visitor fill the cache with 1,200 cards per key. */
const shareable = (from: number, to: number) => from === to;
/** Most recently active first. */
const ORDER = [{ lastActiveAt: "desc" as const }, { id: "desc" as const }];
/** A card shows a photo only when the main photo is active (cards.server.ts). */
const WITH_PHOTO = { mainPhoto: { is: { status: "active" } } } satisfies Prisma.ProfileWhereInput;

type Page = { where: Prisma.ProfileWhereInput; orderBy: typeof ORDER; skip: number; take: number };

/**
 * Rows `skip` to `skip + take` of `where`, the profiles that show a photo first: an account
 * without one, just active, ranked above every face (seen: photo-less accounts with
 * random names first, "Online"). On a site that resells, within each part the site's own members
 * come before the network's (`ownSite`): Lovely Dates showed Mature Moments' women first and the
 * two sites looked like one. Reads along the search indexes instead of an order by an expression,
 * which no index of the pool serves; a part is counted only when a page reaches its end with none of it.
 */
export async function photosFirst<T>(
  where: Prisma.ProfileWhereInput,
  skip: number,
  take: number,
  find: (page: Page) => Promise<T[]>,
  ownSite: string | null = null,
): Promise<T[]> {
  const parts: Prisma.ProfileWhereInput[] = [{ AND: [where, WITH_PHOTO] }, { AND: [where, { NOT: WITH_PHOTO }] }];
  return inTiers(ownSite ? parts.flatMap((part) => ownFirst(part, ownSite)) : parts, skip, take, find);
}

/** A part of the results split in two: the site's own members, then the rest of its pool. */
const ownFirst = (where: Prisma.ProfileWhereInput, ownSite: string): Prisma.ProfileWhereInput[] => [
  { AND: [where, { siteKey: ownSite }] },
  { AND: [where, { NOT: { siteKey: ownSite } }] },
];

/** Rows `skip` to `skip + take` of the tiers one after another, each most recently active first. */
async function inTiers<T>(tiers: Prisma.ProfileWhereInput[], skip: number, take: number, find: (page: Page) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  let left = skip;
  for (const where of tiers) {
    if (rows.length >= take) break;
    const found = await find({ where, orderBy: ORDER, skip: left, take: take - rows.length });
    if (found.length) {
      rows.push(...found);
      left = 0; // the rest of this tier is on the page: the next starts at its first row
    } else if (left > 0) {
      left = Math.max(0, left - (await getDb().profile.count({ where })));
    }
  }
  return rows;
}

/** The site whose members rank first: a site that resells shows its own before the network's. */
const ownSiteOf = (site: Site) => (poolSiteKeys(site).length > 1 ? site.key : null);

/** Cards without a viewer's part: what every viewer of the pool sees alike. */
const poolCards = (page: Page, site: Site) =>
  getDb()
    .profile.findMany({ ...page, select: cardSelect })
    .then((r) => r.map((p) => toCard(p, site)));

export interface SearchViewer {
  profileId: number;
  /** whether any block involves the viewer (read with the session): without one nothing is hidden */
  hasBlocks: boolean;
}

/** Pages `from`..`to` (1-based, inclusive) of the results; a member's cards carry their like button's state. */
export async function searchMembers(site: Site, viewer: SearchViewer | null, s: SearchState, from: number, to: number) {
  const take = (to - from + 1) * PAGE_SIZE;
  const ranked = <T>(where: Prisma.ProfileWhereInput, find: (page: Page) => Promise<T[]>) =>
    photosFirst(where, (from - 1) * PAGE_SIZE, take + 1, find, ownSiteOf(site));
  // the pool's count is shared by all viewers (cached); the few profiles this viewer blocked or is
  // blocked by are counted apart and taken off, so a block shows in the total at once
  const countKey = countKeyOf(site, s);
  const memberCards = (profileId: number) =>
    ranked(searchWhere(site, profileId, s), (page) =>
      getDb()
        .profile.findMany({ ...page, select: likedCardSelect(profileId) })
        .then((r) => r.map((p) => toLikedCard(p, site))),
    );
  const everyonesCards = () =>
    shareable(from, to)
      ? sharedResults(poolSiteKeys(site), `search:${siteObjectId(site)}:${countKey}:${from}`, () =>
          ranked(searchWhere(site, null, s), (page) => poolCards(page, site)),
        )
      : ranked(searchWhere(site, null, s), (page) => poolCards(page, site));
  // a member without blocks sees everyone's results, with their own like states; a member whose own
  // profile is among them (a search of their own gender) gets a search of their own without it
  const forMember = async (member: SearchViewer) => {
    if (member.hasBlocks || !shareable(from, to)) return memberCards(member.profileId);
    const cards = await everyonesCards();
    return cards.some((c) => c.id === member.profileId) ? memberCards(member.profileId) : withLikeStates(cards, member.profileId);
  };
  const [rows, shared, hidden] = await Promise.all([
    viewer ? forMember(viewer) : everyonesCards(),
    cachedCount(countKey, searchWhere(site, null, s)),
    viewer?.hasBlocks
      ? getDb().profile.count({
          where: {
            AND: [
              searchWhere(site, null, s),
              { OR: [{ blocksGiven: { some: { blockedId: viewer.profileId } } }, { blocksReceived: { some: { blockerId: viewer.profileId } } }] },
            ],
          },
        })
      : 0,
  ]);
  return { profiles: rows.slice(0, take), total: Math.max(0, shared - hidden), hasMore: rows.length > take };
}

/** The most recently active members with a photo, and the pool's total: the faces a visitor sees first. */
export async function recentFaces(site: Site, s: SearchState, count: number) {
  const where = searchWhere(site, null, s);
  const countKey = countKeyOf(site, s);
  const [rows, total] = await Promise.all([
    sharedResults(poolSiteKeys(site), `faces:${siteObjectId(site)}:${countKey}:${count}`, () => {
      const withPhoto = { AND: [where, WITH_PHOTO] };
      const own = ownSiteOf(site);
      return inTiers(own ? ownFirst(withPhoto, own) : [withPhoto], 0, count, (page) => poolCards(page, site));
    }),
    cachedCount(countKey, where),
  ]);
  return { profiles: rows, total };
}

/** How many similar and other profiles the search shows under its results. */
const EXTRA_CARDS = 12;
/** A search of the whole site's countries is widened by this many years on either side. */
const AGE_WIDENING = 5;

type Filters = Pick<SearchState, "gender" | "country" | "region" | "minAge" | "maxAge">;

/**
 * Similar results (spec section 3): what the search leaves out nearest to it, the same gender and
 * ages elsewhere. A search of a region: the country's other regions; of a country: the site's other
 * countries; of all the site's countries: five years younger and older. Null when nothing is left out.
 */
function similarWhere(site: Site, viewerProfileId: number | null, s: Filters): Prisma.ProfileWhereInput | null {
  if (s.region) return { AND: [searchWhere(site, viewerProfileId, { ...s, region: null }), { OR: [{ region: null }, { region: { not: s.region } }] }] };
  if (s.country) return { AND: [searchWhere(site, viewerProfileId, { ...s, country: null }), { country: { not: s.country } }] };
  const minAge = Math.max(MIN_AGE, s.minAge - AGE_WIDENING);
  const maxAge = Math.min(MAX_AGE, s.maxAge + AGE_WIDENING);
  if (minAge === s.minAge && maxAge === s.maxAge) return null;
  const { latest, earliest } = birthRange(s.minAge, s.maxAge);
  return { AND: [searchWhere(site, viewerProfileId, { ...s, minAge, maxAge }), { NOT: { dateOfBirth: { lte: latest, gt: earliest } } }] };
}

/** Other profiles (spec section 3): for a search without results, the searched gender's most recently active faces in all the site's countries. */
const othersWhere = (site: Site, viewerProfileId: number | null, s: Filters): Prisma.ProfileWhereInput => ({
  ...visibleWhere(site, viewerProfileId),
  gender: s.gender,
  country: { in: site.countries },
});

/**
 * Up to EXTRA_CARDS cards of `where`, photos first: everyone's, shared (cache.server.ts), with the
 * viewer's own card taken out and their like states added; a member with a block gets their own.
 */
async function extraCards(site: Site, viewer: SearchViewer | null, key: string, where: (viewerProfileId: number | null) => Prisma.ProfileWhereInput) {
  const find = (page: Page) => poolCards(page, site);
  if (viewer?.hasBlocks) return withLikeStates(await photosFirst(where(viewer.profileId), 0, EXTRA_CARDS, find, ownSiteOf(site)), viewer.profileId);
  const cards = await sharedResults(poolSiteKeys(site), `${key}:${siteObjectId(site)}`, () =>
    photosFirst(where(null), 0, EXTRA_CARDS + 1, find, ownSiteOf(site)),
  );
  const mine = cards.filter((c) => c.id !== viewer?.profileId).slice(0, EXTRA_CARDS);
  return viewer ? withLikeStates(mine, viewer.profileId) : mine;
}

/**
 * What the search shows where its results end: the similar results and their count and, when it
 * found nobody, the other profiles. A member's count leaves out themselves and whom a block hides.
 */
export async function searchExtras(site: Site, viewer: SearchViewer | null, s: SearchState, found: number) {
  const similar = similarWhere(site, null, s);
  const key = JSON.stringify([poolKey(site), site.countries, s.gender, s.country, s.region, s.minAge, s.maxAge]);
  const [similarProfiles, similarTotal, others] = await Promise.all([
    similar ? extraCards(site, viewer, `similar:${key}`, (id) => similarWhere(site, id, s)!) : [],
    !similar ? 0 : viewer ? getDb().profile.count({ where: similarWhere(site, viewer.profileId, s)! }) : cachedCount(`similar:${key}`, similar),
    found ? [] : extraCards(site, viewer, `others:${JSON.stringify([poolKey(site), site.countries, s.gender])}`, (id) => othersWhere(site, id, s)),
  ]);
  // a face already among the similar results is not offered twice
  return { similar: similarProfiles, similarTotal, others: others.filter((o) => !similarProfiles.some((p) => p.id === o.id)) };
}
