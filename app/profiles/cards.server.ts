// A profile as a card in lists (search, related, similar): only the main photo, which anyone
// who may see the card may see, in both stored sizes (the page's srcset picks one).
import type { Prisma } from "#app/generated/prisma/client.ts";
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
