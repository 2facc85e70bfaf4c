// Likely matches (match-finder, signup-matches, the swipe game's stack, auto-like): profiles of
// the member's pool of the gender they seek, in an age range around theirs, from their country
// first, with interests in common first. Not profiles they already liked.
//
// The filters pick an index range of the search indexes (docs/decisions/005-search-indexes.md),
// most recently active first; the most recent CANDIDATES of it are ranked here. A full ranking
// over every row of a large pool would cost a scan for a small gain in order.
import type { Gender, Interest } from "#app/generated/prisma/enums.ts";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { visibleWhere } from "#app/profiles/access.server.ts";
import { ageFrom, birthRange } from "#app/profiles/age.ts";
import { cardSelect, toCard, type ProfileCard } from "#app/profiles/cards.server.ts";
import { photoUrl } from "#app/profiles/photo-url.server.ts";
import { searchDefaults } from "#app/search/search-params.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";

type MatchSite = Pick<Site, "key" | "network" | "member_resell" | "cdn_prefix" | "niche" | "countries">;

/** The member looking, as the ranking needs them. */
export interface Seeker {
  id: number;
  gender: Gender;
  seeking: Gender | null;
  dateOfBirth: Date;
  country: string;
  region: string | null;
  interests: Interest[];
}

const seekerSelect = { id: true, gender: true, seeking: true, dateOfBirth: true, country: true, region: true, interests: true } as const;

export function loadSeeker(profileId: number): Promise<Seeker | null> {
  return getDb().profile.findUnique({ where: { id: profileId }, select: seekerSelect });
}

/** Years either side of the member's age. */
const AGE_SPREAD = 10;
const CANDIDATES = 300;

/** A card with the interests the two share and the main photo at full size (for the swipe game's cards). */
export type MatchCard = ProfileCard & { shared: Interest[]; photo: string | null };

/** The age range around the member's age, inside the site's niche range (which wins when they do not overlap). */
function ageRangeFor(site: Pick<Site, "niche">, seeker: Pick<Seeker, "dateOfBirth" | "seeking">) {
  const niche = searchDefaults(site, seeker.seeking);
  const age = ageFrom(seeker.dateOfBirth);
  const minAge = Math.max(niche.minAge, age - AGE_SPREAD);
  const maxAge = Math.min(niche.maxAge, age + AGE_SPREAD);
  return minAge <= maxAge ? { gender: niche.gender, minAge, maxAge } : niche;
}

export interface MatchOptions {
  take: number;
  /** leave out profiles the member passed in the swipe game since then */
  passedSince?: Date;
  /** leave out these ids too (already shown) */
  exclude?: number[];
}

/** Likely matches, best first. */
export async function likelyMatches(site: MatchSite, seeker: Seeker, { take, passedSince, exclude = [] }: MatchOptions): Promise<MatchCard[]> {
  const range = ageRangeFor(site, seeker);
  const { latest, earliest } = birthRange(range.minAge, range.maxAge);
  const base: Prisma.ProfileWhereInput = {
    ...visibleWhere(site, seeker.id),
    gender: range.gender,
    dateOfBirth: { lte: latest, gt: earliest },
    likesReceived: { none: { likerId: seeker.id } },
    ...(passedSince ? { swipesReceived: { none: { profileId: seeker.id, liked: false, at: { gt: passedSince } } } } : {}),
    ...(exclude.length ? { AND: [{ id: { notIn: exclude } }] } : {}),
  };
  const find = (country: Prisma.ProfileWhereInput["country"]) =>
    getDb().profile.findMany({ where: { ...base, country }, orderBy: [{ lastActiveAt: "desc" }, { id: "desc" }], take: CANDIDATES, select: matchSelect });
  // the member's own country first; the site's other countries fill up what it lacks
  const home = await find(seeker.country);
  const others = home.length >= take ? [] : await find({ in: site.countries.filter((c) => c !== seeker.country) });
  const rank = (rows: MatchRow[]) =>
    rows
      .map((row, recency) => ({ row, score: matchScore(seeker, row) - recency / CANDIDATES })) // ties: the more recently active first
      .sort((a, b) => b.score - a.score);
  return [...rank(home), ...rank(others)].slice(0, take).map(({ row }) => toMatchCard(row, seeker, site));
}

export const matchSelect = { ...cardSelect, interests: true, region: true, seeking: true } satisfies Prisma.ProfileSelect;
type MatchRow = Prisma.ProfileGetPayload<{ select: typeof matchSelect }>;

function matchScore(seeker: Seeker, row: MatchRow) {
  const shared = row.interests.filter((i) => seeker.interests.includes(i)).length;
  return (
    shared * 10 +
    (seeker.region && row.region === seeker.region ? 4 : 0) +
    (row.seeking === seeker.gender ? 3 : 0) +
    (row.mainPhoto?.status === "active" ? 2 : 0)
  );
}

export function toMatchCard(row: MatchRow, seeker: Pick<Seeker, "interests">, site: Pick<Site, "key" | "cdn_prefix">): MatchCard {
  const { interests, seeking: _seeking, ...card } = row;
  const photo = row.mainPhoto?.status === "active" ? photoUrl(site, row.mainPhoto.filename) : null;
  return { ...toCard(card, site), shared: interests.filter((i) => seeker.interests.includes(i)), photo };
}
