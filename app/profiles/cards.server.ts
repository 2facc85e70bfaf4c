// A profile as a card in lists (search, related, similar): only the main photo, which anyone
// who may see the card may see.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { ageFrom } from "./age.ts";
import { photoUrl } from "./photo-url.server.ts";

export const ONLINE_WINDOW_MS = 15 * 60_000;

export const cardSelect = {
  id: true, name: true, dateOfBirth: true, gender: true, city: true, region: true, country: true, fictional: true, lastActiveAt: true,
  mainPhoto: { select: { thumbFilename: true, filename: true, status: true } },
} satisfies Prisma.ProfileSelect;

type CardRow = Prisma.ProfileGetPayload<{ select: typeof cardSelect }>;

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
  };
}

export type ProfileCard = ReturnType<typeof toCard>;
