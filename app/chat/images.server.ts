// Chat images: their own kind of upload, through the profile photos' sharp pipeline (pixel
// limit, bounded decoding, EXIF and GPS dropped, resized), stored in the media store under
// chat/, and served only to the two members of the conversation at URLs signed for each of them.
import { randomUUID } from "node:crypto";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { MAX_UPLOAD_BYTES } from "#app/media/upload.server.ts";
import { chatImageUrl, verifyChatImagePath, type ChatImageVariant } from "#app/profiles/photo-url.server.ts";
import { processPhoto, type PhotoError } from "#app/profiles/photos.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { CHAT_THUMB_MAX } from "./chat-rules.ts";
import { chatAccess } from "./conversations.server.ts";

export interface StoredChatImage {
  filename: string;
  thumbFilename: string;
  width: number;
  height: number;
}

const CHAT_THUMB = { width: CHAT_THUMB_MAX, height: CHAT_THUMB_MAX, fit: "inside" } as const;

/** Processes and stores the files; the caller records them (or removes them when the send fails). */
export async function storeChatImage(file: File): Promise<StoredChatImage | PhotoError> {
  if (file.size > MAX_UPLOAD_BYTES) return { error: "photo.tooLarge" };
  const processed = await processPhoto(Buffer.from(await file.arrayBuffer()), CHAT_THUMB);
  if ("error" in processed) return processed;
  const base = `chat/${randomUUID()}`;
  const stored = { filename: `${base}.jpg`, thumbFilename: `${base}_thumb.jpg`, width: processed.display.info.width, height: processed.display.info.height };
  const storage = getMediaStorage();
  try {
    await Promise.all([storage.put(stored.filename, processed.display.data, "image/jpeg"), storage.put(stored.thumbFilename, processed.thumb, "image/jpeg")]);
  } catch (error) {
    await removeChatImageFiles(stored);
    throw error;
  }
  return stored;
}

export const removeChatImageFiles = (image: Pick<StoredChatImage, "filename" | "thumbFilename">) =>
  getMediaStorage().remove([image.filename, image.thumbFilename]);

export function chatImageUrls(site: Pick<Site, "key">, viewerProfileId: number, imageId: number) {
  return { thumb: chatImageUrl(site, viewerProfileId, imageId, "thumb"), full: chatImageUrl(site, viewerProfileId, imageId, "full") };
}

export interface ChatImageFile {
  body: Buffer;
  maxAge: number;
}

/**
 * The file behind a chat-media URL, for the signed-in viewer: the URL must have been signed for
 * this viewer on this site, and the viewer must still take part in the conversation (and not be
 * blocked by the partner). Anything else is null (404).
 */
export async function chatImageFile(site: Site, viewerProfileId: number, file: string, now = Date.now()): Promise<ChatImageFile | null> {
  const granted = verifyChatImagePath(site, viewerProfileId, file, now);
  if (!granted) return null;
  const image = await getDb().chatImage.findUnique({ where: { id: granted.imageId }, select: { conversationId: true, filename: true, thumbFilename: true } });
  if (!image) return null;
  const access = await chatAccess(site, viewerProfileId, image.conversationId);
  if (access.kind !== "ok") return null;
  const body = await getMediaStorage().get(variantKey(image, granted.variant));
  if (!body) return null;
  return { body, maxAge: Math.max(0, Math.min(86_400, Math.floor((granted.expiresAt - now) / 1000))) };
}

const variantKey = (image: { filename: string; thumbFilename: string }, variant: ChatImageVariant) =>
  variant === "thumb" ? image.thumbFilename : image.filename;
