// A member's own profile as the user object of spec section 3 carries it (/api/user.php): every
// field, the main image (file names, status, and the signed path a client puts under the site's
// cdn_prefix; null without a photo) and the photos that are not rejected (pending ones too: the
// member's own). Only the session's own profile is read here: no id comes from the request.
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { photoPath } from "./photo-url.server.ts";
import { descriptionSelect } from "./profile-select.server.ts";

const photoSelect = { id: true, filename: true, thumbFilename: true, status: true } as const;

interface PhotoRow {
  id: number;
  filename: string;
  thumbFilename: string;
  status: string;
}

const imageJson = (site: Site, photo: PhotoRow) => ({
  id: photo.id,
  filename: photo.filename,
  thumb_filename: photo.thumbFilename,
  /** active: visible to others; pending: waiting for moderation */
  status: photo.status,
  path: photoPath(site, photo.filename),
  thumb_path: photoPath(site, photo.thumbFilename),
});

export async function ownProfileJson(site: Site, profileId: number) {
  const p = await getDb().profile.findUnique({
    where: { id: profileId },
    select: {
      id: true,
      name: true,
      status: true,
      country: true,
      region: true,
      city: true,
      ...descriptionSelect,
      aboutMe: true,
      mainPhoto: { select: photoSelect },
      photos: { where: { status: { not: "rejected" } }, orderBy: [{ position: "asc" }, { id: "asc" }], select: photoSelect },
    },
  });
  if (!p) return null;
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    country: p.country,
    main_image: p.mainPhoto ? imageJson(site, p.mainPhoto) : null,
    date_of_birth: p.dateOfBirth.toISOString().slice(0, 10),
    gender: p.gender,
    sexuality: p.sexuality,
    relationship: p.relationship,
    hair_color: p.hairColor,
    eye_color: p.eyeColor,
    body_type: p.bodyType,
    tattoos: p.tattoos,
    interests: p.interests,
    city: p.city,
    region: p.region,
    about_me: p.aboutMe,
    photos: p.photos.map((photo) => imageJson(site, photo)),
  };
}
