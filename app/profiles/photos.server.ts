// Photo uploads: decoded and re-encoded with sharp (which drops EXIF and GPS data), rotated
// upright, a display size and a thumbnail written to the media store. Free members keep up to
// 3 photos, premium members up to 25.
import { randomUUID } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { getDb } from "#app/utils/db.server.ts";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { MAX_UPLOAD_BYTES } from "#app/media/upload.server.ts";

export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
const ACCEPTED = new Set(["jpeg", "png", "webp", "heif", "avif", "gif"]);

export type PhotoError = { error: "photo.limit"; limit: number; premium: boolean } | { error: "photo.invalid" } | { error: "photo.tooLarge" };


export async function addPhoto(profileId: number, paidUser: boolean, file: File): Promise<{ photoId: number } | PhotoError> {
  if (file.size > MAX_UPLOAD_BYTES) return { error: "photo.tooLarge" };
  const db = getDb();
  const limit = paidUser ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free;
  const count = await db.photo.count({ where: { profileId, status: { not: "rejected" } } });
  if (count >= limit) return { error: "photo.limit", limit, premium: paidUser };

  const input = Buffer.from(await file.arrayBuffer());
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    return { error: "photo.invalid" };
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.width ?? 0) < 100 || (meta.height ?? 0) < 100) return { error: "photo.invalid" };

  const base = `${profileId}/${randomUUID()}`;
  const upright = sharp(input).rotate(); // applies the EXIF orientation; output carries no metadata
  const [display, thumb] = await Promise.all([
    upright.clone().resize(900, 1125, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true }),
    upright.clone().resize(200, 250, { fit: "cover" }).jpeg({ quality: 78 }).toBuffer(),
  ]);
  const storage = getMediaStorage();
  await Promise.all([storage.put(`${base}.jpg`, display.data, "image/jpeg"), storage.put(`${base}_thumb.jpg`, thumb, "image/jpeg")]);
  const photo = await db.$transaction(async (tx) => {
    const created = await tx.photo.create({
      data: { profileId, filename: `${base}.jpg`, thumbFilename: `${base}_thumb.jpg`, width: display.info.width, height: display.info.height, status: "active", position: count },
    });
    await tx.profile.updateMany({ where: { id: profileId, mainPhotoId: null }, data: { mainPhotoId: created.id } });
    return created;
  });
  return { photoId: photo.id };
}
