// GET /media/…: a photo file for a signed URL of this site (photo-url.server.ts), 404 for
// anything else, 503 when the store does not answer in time. Called by the HTTP host after the
// site is resolved from the host name; the file comes from whichever store is configured (an
// S3 object is streamed through, not held in memory).
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { verifyMediaPath } from "#app/profiles/photo-url.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { getMediaStorage, isMediaStoreUnavailable } from "./storage.server.ts";

export interface MediaAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | Readable | null;
}

const plain = (status: number, text: string, extra: Record<string, string> = {}): MediaAnswer => ({
  status,
  headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra },
  body: Buffer.from(text),
});
const notFound = plain(404, "Not found");

export async function serveMedia(site: Pick<Site, "key">, method: string, pathname: string, now = Date.now()): Promise<MediaAnswer> {
  if (method !== "GET" && method !== "HEAD") return { status: 405, headers: { Allow: "GET, HEAD" }, body: null };
  const granted = verifyMediaPath(site, pathname, now);
  if (!granted) return notFound;
  let file;
  try {
    file = await getMediaStorage().open(granted.key);
  } catch (error) {
    if (!isMediaStoreUnavailable(error)) throw error;
    getLogger().warn({ err: error, key: granted.key }, "media store unavailable");
    return plain(503, "The photo store is not answering; try again shortly.", { "Retry-After": "5" });
  }
  if (!file) return notFound;
  const maxAge = Math.max(0, Math.min(86_400, Math.floor((granted.expiresAt - now) / 1000)));
  if (method === "HEAD" && file.body instanceof Readable) file.body.destroy();
  return {
    status: 200,
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(file.length),
      // the URL was issued to someone allowed to see the photo: no shared cache keeps it
      "Cache-Control": `private, max-age=${maxAge}`,
      "X-Content-Type-Options": "nosniff",
    },
    body: method === "HEAD" ? null : file.body,
  };
}

/** Writes an answer of serveMedia; a stream cut by the store ends the response early (the client sees a short body). */
export async function sendMedia(res: ServerResponse, answer: MediaAnswer) {
  res.writeHead(answer.status, answer.headers);
  if (!(answer.body instanceof Readable)) return void res.end(answer.body ?? undefined);
  await pipeline(answer.body, res).catch((error: { code?: string }) => {
    // a visitor leaving mid-photo is no fault of the store
    if (error.code !== "ERR_STREAM_PREMATURE_CLOSE") getLogger().warn({ err: error }, "media stream cut");
  });
}
