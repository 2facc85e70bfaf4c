// One profile as a given viewer may see it (spec sections 2, 3 and 6).
import type { Site } from "#app/tenancy/site-schema.ts";
import { Prisma } from "#app/generated/prisma/client.ts";
import { likedCardSelect, toLikedCard, withLikeStates } from "#app/likes/likes.server.ts";
import { getDb, readRows } from "#app/utils/db.server.ts";
import { parseId } from "#app/utils/request.server.ts";
import { accessOf, accessSelect, poolSiteKeys, visibleWhere } from "./access.server.ts";
import { ageFrom } from "./age.ts";
import { descriptionSelect } from "./profile-select.server.ts";
import { cardSelect, toCard } from "./cards.server.ts";
import { photoUrl } from "./photo-url.server.ts";
import { sharedResults, siteObjectId } from "#app/utils/cache.server.ts";

export interface Viewer {
  profileId: number | null;
  paidUser: boolean;
  /** whether any block involves the viewer (read with the session): without one nothing is hidden */
  hasBlocks: boolean;
}

/** What the profile page reads of a profile: accessSelect's fields, the description, its active photos and the likes between it and the viewer. */
type DetailRow = Prisma.ProfileGetPayload<{
  select: ReturnType<typeof accessSelect> &
    typeof descriptionSelect & {
      fictional: true;
      city: true;
      region: true;
      country: true;
      aboutMe: true;
      mainPhotoId: true;
      lastActiveAt: true;
      photos: { select: { id: true; filename: true; thumbFilename: true; width: true; height: true } };
      likesGiven: { select: { seenAt: true } };
      likesReceived: { select: { id: true } };
    };
}>;
type DetailSqlRow = Omit<DetailRow, "blocksGiven" | "blocksReceived" | "likesGiven" | "likesReceived"> & {
  blocksMe: boolean;
  iBlocked: boolean;
  likedMe: boolean;
  theirSeenAt: Date | null;
  liked: boolean;
};

/**
 * detailSelect in one statement read without the ORM (every profile page reads it): the profile,
 * its active photos in order, the blocks and likes between it and the viewer.
 */
async function readDetail(id: number, viewerProfileId: number | null): Promise<DetailRow | null> {
  const viewer = Prisma.sql`${viewerProfileId ?? 0}::int`; // as in accessSelect: no profile has id 0
  const [row] = await readRows<DetailSqlRow>(Prisma.sql`
    SELECT p.id, p.name, p.site_key AS "siteKey", p.status::text AS status, p.invisible, p.fictional,
      p.date_of_birth AS "dateOfBirth", p.gender::text AS gender, p.sexuality::text AS sexuality, p.relationship::text AS relationship,
      p.hair_color::text AS "hairColor", p.eye_color::text AS "eyeColor", p.body_type::text AS "bodyType", p.tattoos,
      COALESCE(p.interests::text[], '{}') AS interests, p.city, p.region, p.country, p.about_me AS "aboutMe", p.main_photo_id AS "mainPhotoId",
      p.last_active_at AS "lastActiveAt",
      EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p.id AND b.blocked_id = ${viewer}) AS "blocksMe",
      EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${viewer} AND b.blocked_id = p.id) AS "iBlocked",
      theirs.liker_id IS NOT NULL AS "likedMe", theirs.seen_at AS "theirSeenAt",
      EXISTS (SELECT 1 FROM likes mine WHERE mine.liker_id = ${viewer} AND mine.liked_id = p.id) AS liked,
      COALESCE((SELECT json_agg(json_build_object('id', ph.id, 'filename', ph.filename, 'thumbFilename', ph.thumb_filename,
          'width', ph.width, 'height', ph.height) ORDER BY ph.position, ph.id)
        FROM photos ph WHERE ph.profile_id = p.id AND ph.status = 'active'), '[]') AS photos
    FROM profiles p LEFT JOIN likes theirs ON theirs.liker_id = p.id AND theirs.liked_id = ${viewer}
    WHERE p.id = ${id}::int`);
  if (!row) return null;
  const { blocksMe, iBlocked, likedMe, theirSeenAt, liked, ...profile } = row;
  const viewerId = viewerProfileId ?? 0;
  return {
    ...profile,
    blocksGiven: blocksMe ? [{ blockedId: viewerId }] : [],
    blocksReceived: iBlocked ? [{ blockerId: viewerId }] : [],
    likesGiven: likedMe ? [{ seenAt: theirSeenAt }] : [],
    likesReceived: liked ? [{ id: 0 }] : [],
  };
}

type ProfileDetail = Omit<DetailRow, "photos" | "siteKey" | "status" | "invisible" | "blocksGiven" | "blocksReceived" | "likesGiven" | "likesReceived"> & {
  photos: { id: number; url: string; thumb: string; width: number | null; height: number | null }[];
};
type Card = ReturnType<typeof toCard> & { liked?: boolean };

export type ProfileViewResult =
  | { kind: "not_found" }
  | { kind: "blocked"; name: string }
  | {
      kind: "ok";
      profile: ProfileDetail;
      related: Card[];
      similar: Card[];
      iBlocked: boolean;
      own: boolean;
      /** between a member and another's profile: who liked whom (null for visitors and on the member's own profile) */
      likes: { liked: boolean; likedMe: boolean; match: boolean } | null;
      /** the profile's like of the member is still new: opening the profile makes it seen */
      unseenLikeFromThem: boolean;
    };

/** `id` from the URL, already parsed (null: not an id). Cards carry their like button's state for a member. */
export async function viewProfile(site: Site, viewer: Viewer, id: number | null): Promise<ProfileViewResult> {
  if (id === null || parseId(id) === null) return { kind: "not_found" };
  const row = await readDetail(id, viewer.profileId);
  const access = accessOf(site, viewer.profileId, row);
  if (access.kind === "none" || !row) return { kind: "not_found" };
  if (access.kind === "blocked_by_them") return { kind: "blocked", name: access.name };
  const own = access.kind === "own";
  const {
    siteKey: _siteKey,
    status: _status,
    invisible: _invisible,
    blocksGiven: _given,
    blocksReceived: _received,
    likesGiven,
    likesReceived,
    ...profile
  } = row;
  // only active photos (pending and rejected ones are the owner's and staff's); visitors and free
  // members see only the main photo of others (an active one: the first active if the main is not), premium members see all
  const main = profile.photos.find((p) => p.id === profile.mainPhotoId) ?? profile.photos[0];
  const photos = own || viewer.paidUser ? profile.photos : main ? [main] : [];
  const age = ageFrom(profile.dateOfBirth);
  const filters: [Prisma.ProfileWhereInput, Prisma.ProfileWhereInput] = [
    { country: profile.country, ...(profile.region ? { region: profile.region } : {}) },
    {
      dateOfBirth: {
        gte: new Date(Date.UTC(new Date().getUTCFullYear() - age - 6, 0, 1)),
        lte: new Date(Date.UTC(new Date().getUTCFullYear() - age + 5, 11, 31)),
      },
      country: { in: site.countries },
    },
  ];
  const page = { orderBy: { lastActiveAt: "desc" as const }, take: 6 };
  const everyones = (filter: Prisma.ProfileWhereInput): Promise<Card[]> => {
    const where = { ...visibleWhere(site, null), id: { not: profile.id }, gender: profile.gender, ...filter };
    // the key names what `where` is made of (the site object stands for its part)
    return sharedResults(poolSiteKeys(site), `profile-cards:${siteObjectId(site)}:${profile.id}:${profile.gender}:${JSON.stringify(filter)}`, () =>
      getDb()
        .profile.findMany({ ...page, where, select: cardSelect })
        .then((r) => r.map((p) => toCard(p, site))),
    );
  };
  const mine =
    (viewerId: number) =>
    (filter: Prisma.ProfileWhereInput): Promise<Card[]> => {
      const where = { ...visibleWhere(site, viewerId), id: { notIn: [profile.id, viewerId] }, gender: profile.gender, ...filter };
      return getDb()
        .profile.findMany({ ...page, where, select: likedCardSelect(viewerId) })
        .then((r) => r.map((p) => toLikedCard(p, site)));
    };
  const [related, similar] = await relatedCards(viewer, filters, everyones, mine);
  const other = viewer.profileId !== null && !own;
  const liked = likesReceived.length > 0;
  const likedMe = likesGiven.length > 0;
  return {
    kind: "ok",
    own,
    iBlocked: access.kind === "visible" && access.iBlocked,
    profile: {
      ...profile,
      photos: photos.map((p) => ({ id: p.id, url: photoUrl(site, p.filename), thumb: photoUrl(site, p.thumbFilename), width: p.width, height: p.height })),
    },
    related,
    similar: similar.filter((p) => !related.some((r) => r.id === p.id)),
    likes: other ? { liked, likedMe, match: liked && likedMe } : null,
    unseenLikeFromThem: other && likedMe && likesGiven[0]!.seenAt === null,
  };
}

type CardList = (filter: Prisma.ProfileWhereInput) => Promise<Card[]>;

/**
 * The nearby and similar cards: everyone's (shared, see app/utils/cache.server.ts), for a member
 * with their like states read apart. A member with a block, or whose own profile is among them,
 * gets cards of their own.
 */
async function relatedCards(
  viewer: Viewer,
  [nearby, similar]: [Prisma.ProfileWhereInput, Prisma.ProfileWhereInput],
  everyones: CardList,
  mine: (viewerId: number) => CardList,
) {
  const both = (list: CardList) => Promise.all([list(nearby), list(similar)]);
  const viewerId = viewer.profileId;
  if (viewerId !== null && viewer.hasBlocks) return both(mine(viewerId));
  const lists = await both(everyones);
  if (viewerId === null) return lists;
  if (lists.some((cards) => cards.some((c) => c.id === viewerId))) return both(mine(viewerId));
  const liked = await withLikeStates([...lists[0], ...lists[1]], viewerId);
  return [liked.slice(0, lists[0].length), liked.slice(lists[0].length)];
}
