// Photo uploads: decoded and re-encoded with sharp (which drops EXIF and GPS data), rotated
// upright, a display size and a thumbnail written to the media store. Free members keep up to
// 3 photos, premium members up to 25 (LIMITS.photos).
//
// Resources: an image is refused from its header when it has more than
// LIMITS.photoProcessing.maxPixels (a 748 KB PNG can declare 16000 x 16000 pixels, 1 GB decoded),
// and at most LIMITS.photoProcessing.concurrency images are decoded at once per process.
// The limit: counted again and inserted under a lock on the profile row, so parallel uploads
// cannot pass it together; the files of a refused upload are removed.
//
// Moderation (the site's `photo_moderation`): on a "pre" site a new photo is pending,
// seen only by its owner until staff approve it; on a "post" site it is active at once and waits
// in the staff queue all the same (reviewed_at null). The main photo is always an active photo
// or none: settleMainPhoto is called by every change that can leave it pending, rejected or gone.
import { randomUUID } from "node:crypto";
import pLimit from "p-limit";
import type { Metadata, OutputInfo } from "sharp";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { LIMITS } from "#app/limits/rate-limits.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { DISPLAY_MAX_SIZE, PROFILE_THUMB_SIZE } from "#app/profiles/photo-sizes.ts";
import { getMediaStorage, removeMediaFiles } from "#app/media/storage.server.ts";
import { MAX_UPLOAD_BYTES } from "#app/media/upload.server.ts";
import { markVisibleWrite } from "#app/utils/cache.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";

export const PHOTO_LIMITS = LIMITS.photos;
const ACCEPTED = new Set(["jpeg", "png", "webp", "heif", "avif", "gif"]);
const { maxPixels } = LIMITS.photoProcessing;

export type PhotoError =
  { error: "photo.limit"; limit: number; premium: boolean } | { error: "photo.invalid" } | { error: "photo.tooLarge" } | { error: "photo.tooManyPixels" };

const decoding = () => singleton("photoDecoding", () => pLimit(LIMITS.photoProcessing.concurrency));

const countPhotos = (db: Prisma.TransactionClient, profileId: number) => db.photo.count({ where: { profileId, status: { not: "rejected" } } });

/**
 * Makes the profile's main photo an active one: keeps it when it is active, else takes the first
 * active photo by position, else none. One statement, so it holds whatever ran in between.
 */
export async function settleMainPhoto(tx: Prisma.TransactionClient, profileId: number) {
  await tx.$executeRaw`
    UPDATE profiles SET main_photo_id = (
      SELECT id FROM photos WHERE profile_id = ${profileId} AND status = 'active' ORDER BY position, id LIMIT 1
    )
    WHERE id = ${profileId} AND (main_photo_id IS NULL OR NOT EXISTS (
      SELECT 1 FROM photos WHERE id = profiles.main_photo_id AND status = 'active'
    ))`;
  markVisibleWrite(); // raw SQL: the caches learn of it here (cards show the main photo)
}

export async function addPhoto(
  profileId: number,
  paidUser: boolean,
  file: File,
  site: Pick<Site, "photo_moderation">,
): Promise<{ photoId: number; pending: boolean } | PhotoError> {
  if (file.size > MAX_UPLOAD_BYTES) return { error: "photo.tooLarge" };
  const db = getDb();
  const limit = paidUser ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free;
  const full: PhotoError = { error: "photo.limit", limit, premium: paidUser };
  // a quick answer for the usual case; the count that decides is taken under the lock below
  if ((await countPhotos(db, profileId)) >= limit) return full;

  const processed = await processPhoto(Buffer.from(await file.arrayBuffer()));
  if ("error" in processed) return processed;
  const { display, thumb } = processed;

  const base = `${profileId}/${randomUUID()}`;
  const keys = [`${base}.jpg`, `${base}_thumb.jpg`];
  const storage = getMediaStorage();
  try {
    await Promise.all([storage.put(keys[0]!, display.data, "image/jpeg"), storage.put(keys[1]!, thumb, "image/jpeg")]);
    const photoId = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM profiles WHERE id = ${profileId} FOR UPDATE`;
      const count = await countPhotos(tx, profileId);
      if (count >= limit) return null;
      const created = await tx.photo.create({
        data: {
          profileId,
          filename: keys[0]!,
          thumbFilename: keys[1]!,
          width: display.info.width,
          height: display.info.height,
          status: site.photo_moderation === "pre" ? "pending" : "active",
          position: count,
        },
      });
      if (created.status === "active") await settleMainPhoto(tx, profileId);
      return created.id;
    });
    if (photoId === null) {
      await removeMediaFiles(keys);
      return full;
    }
    return { photoId, pending: site.photo_moderation === "pre" };
  } catch (error) {
    await removeMediaFiles(keys); // the upload's own error is the one to answer
    throw error;
  }
}

export interface ThumbSize {
  width: number;
  height: number;
  fit: "cover" | "inside";
}
const PROFILE_THUMB: ThumbSize = { ...PROFILE_THUMB_SIZE, fit: "cover" };
export type ProcessedPhoto = { display: { data: Buffer; info: OutputInfo }; thumb: Buffer };

/** Decodes, checks and re-encodes one image (also for chat images): a display size and a thumbnail, no metadata. */
export async function processPhoto(input: Buffer, thumbSize: ThumbSize = PROFILE_THUMB): Promise<ProcessedPhoto | PhotoError> {
  const { default: sharp } = await import("sharp"); // libvips loads with the first image, not with every server
  let meta: Metadata;
  try {
    // reads the header only
    meta = await sharp(input).metadata();
  } catch {
    return { error: "photo.invalid" };
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!meta.format || !ACCEPTED.has(meta.format) || width < 100 || height < 100) return { error: "photo.invalid" };
  if (width * height > maxPixels) return { error: "photo.tooManyPixels" };

  return decoding()(async (): Promise<ProcessedPhoto | PhotoError> => {
    try {
      // limitInputPixels again: libvips checks it when loading, whatever the header above said
      const upright = sharp(input, { limitInputPixels: maxPixels }).rotate(); // applies the EXIF orientation; output carries no metadata
      const [display, thumb] = await Promise.all([
        upright
          .clone()
          .resize(DISPLAY_MAX_SIZE.width, DISPLAY_MAX_SIZE.height, { fit: "inside", withoutEnlargement: true })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer({ resolveWithObject: true }),
        upright
          .clone()
          .resize(thumbSize.width, thumbSize.height, { fit: thumbSize.fit, withoutEnlargement: thumbSize.fit === "inside" })
          .jpeg({ quality: 78 })
          .toBuffer(),
      ]);
      return { display, thumb };
    } catch {
      // truncated or corrupt image data behind a readable header
      return { error: "photo.invalid" };
    }
  });
}
