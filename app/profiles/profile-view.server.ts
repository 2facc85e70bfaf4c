// One profile as a given viewer may see it (spec sections 2, 3 and 6).
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { profileAccess, visibleWhere } from "./access.server.ts";
import { ageFrom } from "./age.ts";
import { cardSelect, toCard } from "./cards.server.ts";
import { photoUrl } from "./photo-url.server.ts";

export interface Viewer {
  profileId: number | null;
  paidUser: boolean;
}

type Detail = NonNullable<Awaited<ReturnType<typeof loadDetail>>>;
export type ProfileDetail = Omit<Detail, "photos"> & { photos: { id: number; url: string; thumb: string; width: number | null; height: number | null }[] };

export type ProfileViewResult =
  | { kind: "not_found" }
  | { kind: "blocked"; name: string }
  | { kind: "ok"; profile: ProfileDetail; related: ReturnType<typeof toCard>[]; similar: ReturnType<typeof toCard>[]; iBlocked: boolean; own: boolean };

function loadDetail(id: number) {
  return getDb().profile.findUnique({
    where: { id },
    select: {
      id: true, name: true, fictional: true, dateOfBirth: true, gender: true, sexuality: true,
      relationship: true, hairColor: true, eyeColor: true, bodyType: true, tattoos: true, interests: true, city: true, region: true,
      country: true, aboutMe: true, mainPhotoId: true, lastActiveAt: true,
      photos: { where: { status: "active" }, orderBy: { position: "asc" }, select: { id: true, filename: true, thumbFilename: true, width: true, height: true } },
    },
  });
}

/** `id` from the URL, already parsed (null: not an id). */
export async function viewProfile(site: Site, viewer: Viewer, id: number | null): Promise<ProfileViewResult> {
  const access = await profileAccess(site, viewer.profileId, id);
  if (access.kind === "none") return { kind: "not_found" };
  if (access.kind === "blocked_by_them") return { kind: "blocked", name: access.name };
  const own = access.kind === "own";
  const profile = await loadDetail(access.id);
  if (!profile) return { kind: "not_found" };
  // only active photos (pending and rejected ones are the owner's and staff's); visitors and free
  // members see only the main photo of others (an active one: the first active if the main is not), premium members see all
  const main = profile.photos.find((p) => p.id === profile.mainPhotoId) ?? profile.photos[0];
  const photos = own || viewer.paidUser ? profile.photos : main ? [main] : [];
  const age = ageFrom(profile.dateOfBirth);
  const base = { ...visibleWhere(site, viewer.profileId), id: { notIn: [profile.id, ...(viewer.profileId ? [viewer.profileId] : [])] }, gender: profile.gender };
  const [related, similar] = await Promise.all([
    getDb().profile.findMany({ where: { ...base, country: profile.country, ...(profile.region ? { region: profile.region } : {}) }, orderBy: { lastActiveAt: "desc" }, take: 6, select: cardSelect }),
    getDb().profile.findMany({
      where: { ...base, dateOfBirth: { gte: new Date(Date.UTC(new Date().getUTCFullYear() - age - 6, 0, 1)), lte: new Date(Date.UTC(new Date().getUTCFullYear() - age + 5, 11, 31)) }, country: { in: site.countries } },
      orderBy: { lastActiveAt: "desc" }, take: 6, select: cardSelect,
    }),
  ]);
  return {
    kind: "ok",
    own,
    iBlocked: access.kind === "visible" && access.iBlocked,
    profile: { ...profile, photos: photos.map((p) => ({ id: p.id, url: photoUrl(site, p.filename), thumb: photoUrl(site, p.thumbFilename), width: p.width, height: p.height })) },
    related: related.map((p) => toCard(p, site)),
    similar: similar.filter((p) => !related.some((r) => r.id === p.id)).map((p) => toCard(p, site)),
  };
}
