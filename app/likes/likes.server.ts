// Likes and matches (spec sections 3 and 4): a member likes a profile of the site's pool; two
// members who like each other are a match. The liked member sees the like as new (like_new)
// until they open the liker's profile. Every profile id goes through profileAccess, every list
// through visibleWhere: what the member may not see is neither likeable nor listed.
import { Prisma } from "#app/generated/prisma/client.ts";
import type { LikeSource } from "#app/generated/prisma/enums.ts";
import { take } from "#app/limits/rate-limits.server.ts";
import { mayContact, profileAccess, visibleSql, visibleWhere } from "#app/profiles/access.server.ts";
import { cardColumnsSql, cardPhotoJoinSql, cardRowOf, cardSelect, toCard, type CardSqlRow, type ProfileCard } from "#app/profiles/cards.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb, readRows } from "#app/utils/db.server.ts";
import { announce } from "#app/live/bus.server.ts";
import { notifyLater } from "#app/notifications/events.server.ts";

export type LikeSite = Pick<Site, "key" | "network" | "member_resell" | "cdn_prefix">;
type Tx = Prisma.TransactionClient;

export type LikeResult =
  | { kind: "not_found" }
  /** the profile's member blocked the liker: the spec's "You're blocked by {name}" */
  | { kind: "blocked"; name: string }
  | { kind: "limited"; retryAfterMs: number }
  /** `created`: this call stored the like; `match`: the other member likes the liker too */
  | { kind: "ok"; liked: boolean; match: boolean; created: boolean; profile: { id: number; name: string } };

/**
 * Serialises the likes between two members, whoever gives them: two members liking each other at
 * the same moment both see the match (each transaction sees the other's like or waits for it).
 */
async function lockPair(tx: Tx, a: number, b: number) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`;
}

/** Locks the member's profile row: what one member does in the swipe game or auto-like happens one at a time. */
export async function lockProfile(tx: Tx, profileId: number) {
  await tx.$queryRaw`SELECT id FROM profiles WHERE id = ${profileId} FOR UPDATE`;
}

/** The like inside the caller's transaction (no counting): for the swipe game and auto-like. */
export async function likeIn(tx: Tx, site: LikeSite, likerId: number, targetId: number | null, source: LikeSource): Promise<LikeResult> {
  const access = await profileAccess(site, likerId, targetId, tx);
  if (access.kind === "blocked_by_them") return { kind: "blocked", name: access.name };
  if (!mayContact(access)) return { kind: "not_found" };
  await lockPair(tx, likerId, access.id);
  const { count } = await tx.like.createMany({ data: [{ likerId, likedId: access.id, source }], skipDuplicates: true });
  const back = await tx.like.findUnique({ where: { likerId_likedId: { likerId: access.id, likedId: likerId } }, select: { id: true } });
  return { kind: "ok", liked: true, match: !!back, created: count > 0, profile: { id: access.id, name: access.name } };
}

/** After a like is committed: the liked member hears of the like or the match (the liker's page knows from its answer). */
export function announceLike(likerId: number, result: LikeResult) {
  if (result.kind !== "ok" || !result.created) return result;
  announce([result.profile.id], { type: result.match ? "match" : "like", profileId: likerId });
  notifyLater({ kind: "like", likerId, likedId: result.profile.id, match: result.match }); // e-mail notification
  return result;
}

/** A profile deleted between the access check and the insert: the like's foreign key says so. */
const vanished = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003";

/** Likes profile `targetId` (parsed from the request; null: not an id) from a profile, card or list. */
export async function like(site: LikeSite, likerId: number, targetId: number | null, source: LikeSource): Promise<LikeResult> {
  if (targetId === null || targetId === likerId) return { kind: "not_found" };
  const counted = await take(["likes", String(likerId)]);
  if (!counted.ok) return { kind: "limited", retryAfterMs: counted.retryAfterMs };
  try {
    return announceLike(likerId, await getDb().$transaction((tx) => likeIn(tx, site, likerId, targetId, source)));
  } catch (error) {
    if (vanished(error)) return { kind: "not_found" };
    throw error;
  }
}

/** Takes a like back (a match ends with it). Only for a profile the member may still see. */
export async function unlike(site: LikeSite, likerId: number, targetId: number | null): Promise<LikeResult> {
  const access = await profileAccess(site, likerId, targetId);
  if (access.kind !== "visible" && access.kind !== "blocked_by_them") return { kind: "not_found" };
  const { count } = await getDb().like.deleteMany({ where: { likerId, likedId: access.id } });
  return { kind: "ok", liked: false, match: false, created: count > 0, profile: { id: access.id, name: access.name } };
}

/** Opening a liker's profile: their like is no longer new. */
export async function markLikeSeen(viewerId: number, likerId: number) {
  const { count } = await getDb().like.updateMany({ where: { likerId, likedId: viewerId, seenAt: null }, data: { seenAt: new Date() } });
  if (count) announce([viewerId], { type: "counts" });
  return count;
}

/** cardSelect with whether the viewer liked the profile, so cards and their like buttons come from one statement. */
export const likedCardSelect = (viewerId: number) =>
  ({
    ...cardSelect,
    likesReceived: { where: { likerId: viewerId }, select: { id: true } },
  }) satisfies Prisma.ProfileSelect;

/**
 * Cards shared by every viewer, each with whether this member liked it and whether it liked the
 * member (its button then says "Like back", and a like is a match): one lookup of the likes
 * between the member and these cards, either way, on the unique index of liker and liked.
 */
export async function withLikeStates<T extends { id: number }>(cards: T[], viewerId: number): Promise<(T & { liked: boolean; likedMe: boolean })[]> {
  const ids = cards.map((c) => c.id);
  const rows = cards.length
    ? await readRows<{ likerId: number; likedId: number }>(Prisma.sql`SELECT liker_id AS "likerId", liked_id AS "likedId" FROM likes
        WHERE (liker_id = ${viewerId} AND liked_id = ANY(${ids}::int[])) OR (liked_id = ${viewerId} AND liker_id = ANY(${ids}::int[]))`)
    : [];
  const liked = new Set(rows.filter((r) => r.likerId === viewerId).map((r) => r.likedId));
  const likedMe = new Set(rows.filter((r) => r.likedId === viewerId).map((r) => r.likerId));
  return cards.map((card) => ({ ...card, liked: liked.has(card.id), likedMe: likedMe.has(card.id) }));
}

export function toLikedCard(row: Prisma.ProfileGetPayload<{ select: ReturnType<typeof likedCardSelect> }>, site: LikeSite) {
  const { likesReceived, ...card } = row;
  return { ...toCard(card, site), liked: likesReceived.length > 0 };
}

/** New received likes the member may see (the likes badge of the top bar), as an SQL expression. */
export function newLikesSql(site: LikeSite, viewer: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT COUNT(*)::int FROM likes nl JOIN profiles liker ON liker.id = nl.liker_id
    WHERE nl.liked_id = ${viewer} AND nl.seen_at IS NULL AND ${visibleSql(site, Prisma.raw("liker"), viewer)})`;
}

export const LIKES_TABS = ["liked", "received", "matches"] as const;
export type LikesTab = (typeof LIKES_TABS)[number];
export const LIKES_PAGE_SIZE = 24;
/** The most a list or the likes state holds: the most recent ones. */
const LIKES_CAP = 500;

export type LikeCard = ProfileCard & { liked: boolean; likedMe: boolean; likeNew: boolean; match: boolean; likedAt: string };

interface LikeSqlRow extends CardSqlRow {
  likedAt: Date;
  /** the profile liked the viewer (and when the viewer saw it, null while new) */
  likedMe: boolean;
  theirSeenAt: Date | null;
  /** the viewer liked the profile */
  liked: boolean;
}

function toLikeCard(r: LikeSqlRow, site: LikeSite): LikeCard {
  return {
    ...toCard(cardRowOf(r), site),
    liked: r.liked,
    likedMe: r.likedMe,
    likeNew: r.likedMe && r.theirSeenAt === null,
    match: r.liked && r.likedMe,
    likedAt: r.likedAt.toISOString(),
  };
}

/** Each tab's likes `l` and their other member `p` (the column of `l` that names them), with visibleWhere's rules (visibleSql). */
function tabSql(site: LikeSite, viewer: Prisma.Sql, tab: LikesTab): { other: Prisma.Sql; where: Prisma.Sql } {
  const visible = visibleSql(site, Prisma.raw("p"), viewer);
  switch (tab) {
    case "liked":
      return { other: Prisma.raw("l.liked_id"), where: Prisma.sql`l.liker_id = ${viewer} AND ${visible}` };
    case "received":
      return { other: Prisma.raw("l.liker_id"), where: Prisma.sql`l.liked_id = ${viewer} AND ${visible}` };
    case "matches":
      return {
        other: Prisma.raw("l.liked_id"),
        where: Prisma.sql`l.liker_id = ${viewer} AND ${visible} AND EXISTS (SELECT 1 FROM likes back WHERE back.liker_id = p.id AND back.liked_id = ${viewer})`,
      };
  }
}

/** One tab of /likes, newest first: the first `limit` cards, and whether there are more (one statement, read without the ORM). */
export async function likesList(site: LikeSite, viewerId: number, tab: LikesTab, limit: number) {
  const viewer = Prisma.sql`${viewerId}::int`;
  const { other, where } = tabSql(site, viewer, tab);
  const rows = await readRows<LikeSqlRow>(Prisma.sql`
    SELECT l.created_at AS "likedAt", ${cardColumnsSql("p")},
      theirs.liker_id IS NOT NULL AS "likedMe", theirs.seen_at AS "theirSeenAt",
      EXISTS (SELECT 1 FROM likes mine WHERE mine.liker_id = ${viewer} AND mine.liked_id = p.id) AS liked
    FROM likes l
    JOIN profiles p ON p.id = ${other}
    LEFT JOIN likes theirs ON theirs.liker_id = p.id AND theirs.liked_id = ${viewer}
    ${cardPhotoJoinSql("p")}
    WHERE ${where}
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT ${Math.min(limit, LIKES_CAP) + 1}`);
  const cards = rows.slice(0, limit).map((r) => toLikeCard(r, site));
  return { cards, hasMore: rows.length > limit && limit < LIKES_CAP };
}

/** How many profiles each tab holds, and the new received likes: one statement (tabQuery's rules in SQL, visibleSql). */
export async function likesCounts(site: LikeSite, viewerId: number) {
  const viewer = Prisma.sql`${viewerId}::int`;
  const visible = visibleSql(site, Prisma.raw("p"), viewer);
  const [row] = await readRows<{ liked: number; received: number; matches: number; new: number }>(Prisma.sql`SELECT
    (SELECT COUNT(*)::int FROM likes l JOIN profiles p ON p.id = l.liked_id WHERE l.liker_id = ${viewer} AND ${visible}) AS liked,
    (SELECT COUNT(*)::int FROM likes l JOIN profiles p ON p.id = l.liker_id WHERE l.liked_id = ${viewer} AND ${visible}) AS received,
    (SELECT COUNT(*)::int FROM likes l JOIN profiles p ON p.id = l.liked_id WHERE l.liker_id = ${viewer} AND ${visible}
      AND EXISTS (SELECT 1 FROM likes back WHERE back.liker_id = p.id AND back.liked_id = ${viewer})) AS matches,
    ${newLikesSql(site, viewer)} AS new`);
  return row!;
}

/**
 * The likes state of a member (spec section 3 "Likes state", GET /api/likes.php): the profiles
 * they liked and that liked them (most recent first, at most LIKES_CAP each), who liked them
 * with the like_new flag, and the matches.
 */
export async function likesState(site: LikeSite, viewerId: number) {
  const [given, received] = await Promise.all([likesList(site, viewerId, "liked", LIKES_CAP), likesList(site, viewerId, "received", LIKES_CAP)]);
  const profiles = new Map<number, LikeCard>();
  for (const card of [...given.cards, ...received.cards]) if (!profiles.has(card.id)) profiles.set(card.id, card);
  return {
    profiles: [...profiles.values()],
    likes: given.cards.map((c) => c.id),
    likedBy: received.cards.map((c) => ({ id: c.id, likeNew: c.likeNew })),
    matches: given.cards.filter((c) => c.match).map((c) => c.id),
    newLikes: received.cards.filter((c) => c.likeNew).length,
  };
}

/**
 * The likes state as ids only (spec: likes, liked_by with like_new), for the chat state that
 * pages poll: the most recent LIKES_CAP each way, among profiles the member may see.
 */
export async function likeIds(site: LikeSite, viewerId: number) {
  const visible = visibleWhere(site, viewerId);
  const order = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  const [given, received] = await Promise.all([
    getDb().like.findMany({ where: { likerId: viewerId, liked: visible }, orderBy: order, take: LIKES_CAP, select: { likedId: true } }),
    getDb().like.findMany({ where: { likedId: viewerId, liker: visible }, orderBy: order, take: LIKES_CAP, select: { likerId: true, seenAt: true } }),
  ]);
  return { likes: given.map((l) => l.likedId), likedBy: received.map((l) => ({ id: l.likerId, likeNew: l.seenAt === null })) };
}

/** The match moment after a like without JavaScript: the profile, when the two really match. */
export async function matchCard(site: LikeSite, viewerId: number, otherId: number | null) {
  if (otherId === null || otherId === viewerId) return null;
  const row = await getDb().profile.findFirst({
    where: { ...visibleWhere(site, viewerId), id: otherId, likesGiven: { some: { likedId: viewerId } }, likesReceived: { some: { likerId: viewerId } } },
    select: cardSelect,
  });
  return row ? toCard(row, site) : null;
}
