// A profile as a card in lists (search, related, similar): only the main photo, which anyone
// who may see the card may see, in both stored sizes (the page's srcset picks one).
import { Prisma } from "#app/generated/prisma/client.ts";
import type { Gender, PhotoStatus } from "#app/generated/prisma/enums.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { ageFrom } from "./age.ts";
import type { DisplayPhoto } from "./photo-sizes.ts";
import { photoUrl } from "./photo-url.server.ts";

const ONLINE_WINDOW_MS = 15 * 60_000;

export const cardSelect = {
  id: true,
  name: true,
  dateOfBirth: true,
  gender: true,
  city: true,
  region: true,
  country: true,
  fictional: true,
  lastActiveAt: true,
  mainPhoto: { select: { thumbFilename: true, filename: true, width: true, height: true, status: true } },
} satisfies Prisma.ProfileSelect;

type CardRow = Prisma.ProfileGetPayload<{ select: typeof cardSelect }>;

// cardSelect as SQL, for the lists every member page reads through readRows (db.server.ts):
// the columns of profile `p` and of its main photo, which cardPhotoJoinSql joins as `mp`.
export const cardColumnsSql = (p: string) =>
  Prisma.raw(`${p}.id, ${p}.name, ${p}.date_of_birth AS "dateOfBirth", ${p}.gender::text AS gender, ${p}.city, ${p}.region, ${p}.country,
    ${p}.fictional, ${p}.last_active_at AS "lastActiveAt", mp.thumb_filename AS "photoThumb", mp.filename AS "photoFile",
    mp.width AS "photoWidth", mp.height AS "photoHeight", mp.status::text AS "photoStatus"`);
export const cardPhotoJoinSql = (p: string) => Prisma.raw(`LEFT JOIN photos mp ON mp.id = ${p}.main_photo_id`);

export interface CardSqlRow {
  id: number;
  name: string;
  dateOfBirth: Date;
  gender: Gender;
  city: string | null;
  region: string | null;
  country: string;
  fictional: boolean;
  lastActiveAt: Date;
  photoThumb: string | null;
  photoFile: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
  photoStatus: PhotoStatus | null;
}

/** A row read with cardColumnsSql, as cardSelect gives it. */
export function cardRowOf(r: CardSqlRow): CardRow {
  const { photoThumb, photoFile, photoWidth, photoHeight, photoStatus, ...profile } = r;
  return {
    id: profile.id,
    name: profile.name,
    dateOfBirth: profile.dateOfBirth,
    gender: profile.gender,
    city: profile.city,
    region: profile.region,
    country: profile.country,
    fictional: profile.fictional,
    lastActiveAt: profile.lastActiveAt,
    mainPhoto: photoFile === null ? null : { thumbFilename: photoThumb!, filename: photoFile, width: photoWidth, height: photoHeight, status: photoStatus! },
  };
}

/** The display size's URL with its pixel size; null for photos stored before their size was. */
function displayPhoto(site: Pick<Site, "key" | "cdn_prefix">, photo: { filename: string; width: number | null; height: number | null }): DisplayPhoto | null {
  return photo.width && photo.height ? { url: photoUrl(site, photo.filename), width: photo.width, height: photo.height } : null;
}

export function toCard(p: CardRow, site: Pick<Site, "key" | "cdn_prefix">) {
  const photo = p.mainPhoto?.status === "active" ? p.mainPhoto : null;
  return {
    id: p.id,
    name: p.name,
    age: ageFrom(p.dateOfBirth),
    city: p.city,
    country: p.country,
    fictional: p.fictional,
    online: Date.now() - p.lastActiveAt.getTime() < ONLINE_WINDOW_MS,
    thumb: photo ? photoUrl(site, photo.thumbFilename) : null,
    display: photo ? displayPhoto(site, photo) : null,
  };
}

export type ProfileCard = ReturnType<typeof toCard>;
