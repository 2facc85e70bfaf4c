// Editing one's own profile: every field of spec section 3, validated; photos managed.
import { Prisma } from "#app/generated/prisma/client.ts";
import { getDb } from "#app/utils/db.server.ts";
import { removeMediaFiles } from "#app/media/storage.server.ts";
import { settleMainPhoto } from "./photos.server.ts";
import type { Locale } from "#app/i18n/locales.ts";

/** Fields of the profile form (or a signup step, or the location), already validated. */
export async function saveProfileFields(profileId: number, fields: Prisma.ProfileUpdateInput) {
  await getDb().profile.update({ where: { id: profileId }, data: fields });
}

// Photo actions take the member's own profile id from the session: another member's photo id
// matches nothing and is "not found". Each is one statement or transaction, so a photo deleted
// meanwhile is "not found" too, never a foreign-key error.
export async function setMainPhoto(profileId: number, photoId: number) {
  const { count } = await getDb()
    .profile.updateMany({
      where: { id: profileId, photos: { some: { id: photoId, status: "active" } } },
      data: { mainPhotoId: photoId },
    })
    .catch((error: unknown) => {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") return { count: 0 };
      throw error;
    });
  return count > 0;
}

export async function deletePhoto(profileId: number, photoId: number) {
  const photo = await getDb().$transaction(async (tx) => {
    const found = await tx.photo.findFirst({ where: { id: photoId, profileId } });
    if (!found || (await tx.photo.deleteMany({ where: { id: found.id } })).count === 0) return null;
    await settleMainPhoto(tx, profileId);
    return found;
  });
  if (!photo) return false;
  await removeMediaFiles([photo.filename, photo.thumbFilename]);
  return true;
}

/** The member's own profile with every photo that is not rejected (pending ones too, labelled on the page), for the edit page. */
export function loadOwnProfile(userId: number) {
  return getDb().profile.findUniqueOrThrow({
    where: { userId },
    include: { photos: { where: { status: { not: "rejected" } }, orderBy: { position: "asc" } } },
  });
}

/**
 * The one form of /profile/settings, all or nothing: the language on the account, invisible mode
 * and the location on the profile, in one transaction.
 */
export async function saveSettings(
  userId: number,
  profileId: number,
  settings: {
    language?: Locale | undefined;
    invisible: boolean;
    location: { country: string; region: string | null; city: string | null };
  },
) {
  const db = getDb();
  await db.$transaction([
    ...(settings.language ? [db.user.update({ where: { id: userId }, data: { language: settings.language } })] : []),
    db.profile.update({ where: { id: profileId }, data: { invisible: settings.invisible, ...settings.location } }),
  ]);
}

/** Invisible mode and location, for the settings page. */
export function loadProfileSettings(userId: number) {
  return getDb().profile.findUniqueOrThrow({ where: { userId }, select: { invisible: true, country: true, region: true, city: true } });
}
