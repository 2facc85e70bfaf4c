// Chat constants shared by the server and the browser.

/** Messages a thread shows at once; older ones load on demand, the same number at a time. */
export const THREAD_PAGE_SIZE = 30;

/** The idempotency key a client chooses for each message: a retry sends the same key. */
export const CLIENT_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** A conversation's pair of profiles: lower id first, one conversation per pair. */
export const pairOf = (a: number, b: number) => ({ lowProfileId: Math.min(a, b), highProfileId: Math.max(a, b) });

export type MessageKind = "text" | "image" | "gift";

/** A chat image is stored in its display size and as a thumbnail within this square (never enlarged). */
export const CHAT_THUMB_MAX = 480;

/** `thumb {w}w, full {w}w` for a chat image of this display size; the thumbnail alone when it is not smaller. */
export function chatImageSrcSet(image: { thumb: string; full: string; width: number; height: number }) {
  const thumbWidth = Math.round(image.width * Math.min(1, CHAT_THUMB_MAX / image.width, CHAT_THUMB_MAX / image.height));
  return thumbWidth < image.width ? `${image.thumb} ${thumbWidth}w, ${image.full} ${image.width}w` : `${image.thumb} ${thumbWidth}w`;
}

/** Opening lines of the icebreaker modal: catalogue keys chat.icebreakers.<n> (1-based). */
export const ICEBREAKER_COUNT = 6;

/** A fresh client key; getRandomValues works on plain-http pages too, unlike randomUUID. */
export function newClientKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Spec: an unconfirmed member's chat partner cannot reply; only an active account receives replies. */
export const canReceiveReplies = (user: { status: string }) => user.status === "active";
