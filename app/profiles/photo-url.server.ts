// The single place photo URLs are made and checked. Stored names are random; a URL carries the
// stored key, the day it expires and an HMAC (APP_SECRET) over key, expiry and the site it was
// issued for. Only code that already applied the access rule issues one (cards: the main photo;
// profile view: what the viewer may see; the owner's editor), so a URL cannot be built for a
// photo the viewer was not shown, nor turned into another photo's, nor replayed on another site.
import { createHmac, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getEnv } from "#app/utils/env.server.ts";

const DAY_MS = 86_400_000;
const SIGNATURE_LENGTH = 32; // base64url characters: 192 bits
const KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.jpg$/;
const PATH = /^\/media\/(\d{1,7})\/([A-Za-z0-9_-]{32})\/(.+)$/;

const dayOf = (now: number) => Math.floor(now / DAY_MS);

// A page of cards signs the same photos for every visitor all day: each signature is computed
// once (an HMAC per card was a thirtieth of /members' time).
const signatures = new LRUCache<string, string>({ max: 50_000 });
let signedWith = "";

export function mediaSignature(siteKey: string, key: string, expiresDay: number) {
  const secret = getEnv().secret;
  if (secret !== signedWith) {
    signatures.clear();
    signedWith = secret;
  }
  const message = `media\n${siteKey}\n${expiresDay}\n${key}`;
  let signature = signatures.get(message);
  if (signature === undefined) {
    signature = createHmac("sha256", secret).update(message).digest("base64url").slice(0, SIGNATURE_LENGTH);
    signatures.set(message, signature);
  }
  return signature;
}

/** `/media/{day}/{signature}/{key}` behind the site's CDN prefix. The expiry is rounded to whole
 * days, so a photo keeps one URL all day (cacheable) and the URL works until the end of the next. */
export function photoUrl(site: Pick<Site, "key" | "cdn_prefix">, key: string, now = Date.now()) {
  return `${site.cdn_prefix.replace(/\/$/, "")}${photoPath(site, key, now)}`;
}

/** The same without the CDN prefix: the path a client puts under the site's cdn_prefix (the API's photos). */
export function photoPath(site: Pick<Site, "key">, key: string, now = Date.now()) {
  const expires = dayOf(now) + 1;
  return `/media/${expires}/${mediaSignature(site.key, key, expires)}/${key}`;
}

/** The stored key a media path grants on this site, or null (bad signature, expired, other site). */
export function verifyMediaPath(site: Pick<Site, "key">, pathname: string, now = Date.now()): { key: string; expiresAt: number } | null {
  const match = PATH.exec(pathname);
  if (!match) return null;
  const [, day, signature, key] = match as unknown as [string, string, string, string];
  const expiresDay = Number(day);
  const today = dayOf(now);
  if (!KEY.test(key) || expiresDay < today || expiresDay > today + 1) return null;
  const given = Buffer.from(signature);
  const signedNow = timingSafeEqual(Buffer.from(mediaSignature(site.key, key, expiresDay)), given);
  // a URL handed out before APP_SECRET was rotated (it lives until the end of the next day); the
  // message is mediaSignature's, uncached (tests/integration/secret-rotation.test.ts holds them together)
  const previous = getEnv().previousSecret;
  const signedBefore = () =>
    !!previous &&
    timingSafeEqual(
      Buffer.from(createHmac("sha256", previous).update(`media\n${site.key}\n${expiresDay}\n${key}`).digest("base64url").slice(0, SIGNATURE_LENGTH)),
      given,
    );
  if (!signedNow && !signedBefore()) return null;
  return { key, expiresAt: (expiresDay + 1) * DAY_MS };
}

// Chat images: visible to the two members of a conversation only. Their URL is bound to the
// site and to the viewer's profile (a URL passed on is a 404 for anyone else), and the route that
// serves it checks again that the viewer takes part in the conversation (app/chat/images.server.ts).
export type ChatImageVariant = "full" | "thumb";
const CHAT_PATH = /^(\d{1,7})\.([A-Za-z0-9_-]{32})\.([1-9]\d{0,9})-(full|thumb)\.jpg$/;

function chatImageSignature(
  siteKey: string,
  viewerProfileId: number,
  imageId: number,
  variant: ChatImageVariant,
  expiresDay: number,
  secret = getEnv().secret,
) {
  return createHmac("sha256", secret)
    .update(`chat-image\n${siteKey}\n${viewerProfileId}\n${imageId}\n${variant}\n${expiresDay}`)
    .digest("base64url")
    .slice(0, SIGNATURE_LENGTH);
}

/** `/chat-media/{day}.{signature}.{imageId}-{variant}.jpg` for this viewer on this site. */
export function chatImageUrl(site: Pick<Site, "key">, viewerProfileId: number, imageId: number, variant: ChatImageVariant, now = Date.now()) {
  const expires = dayOf(now) + 1;
  return `/chat-media/${expires}.${chatImageSignature(site.key, viewerProfileId, imageId, variant, expires)}.${imageId}-${variant}.jpg`;
}

/** The image a chat-media file name grants this viewer on this site, or null. */
export function verifyChatImagePath(
  site: Pick<Site, "key">,
  viewerProfileId: number,
  file: string,
  now = Date.now(),
): { imageId: number; variant: ChatImageVariant; expiresAt: number } | null {
  const match = CHAT_PATH.exec(file);
  if (!match) return null;
  const [, day, signature, id, variant] = match as unknown as [string, string, string, string, ChatImageVariant];
  const expiresDay = Number(day);
  const imageId = Number(id);
  const today = dayOf(now);
  if (expiresDay < today || expiresDay > today + 1 || imageId > 2_147_483_647) return null;
  const given = Buffer.from(signature);
  const previous = getEnv().previousSecret;
  const signedWith = (secret: string) =>
    timingSafeEqual(Buffer.from(chatImageSignature(site.key, viewerProfileId, imageId, variant, expiresDay, secret)), given);
  if (!signedWith(getEnv().secret) && !(previous && signedWith(previous))) return null;
  return { imageId, variant, expiresAt: (expiresDay + 1) * DAY_MS };
}
