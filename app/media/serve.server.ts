// GET /media/…: a photo file for a signed URL of this site (photo-url.server.ts), 404 for
// anything else. Called by the HTTP host after the site is resolved from the host name.
import { verifyMediaPath } from "#app/profiles/photo-url.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getMediaStorage } from "./storage.server.ts";

export interface MediaAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

const notFound: MediaAnswer = {
  status: 404,
  headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  body: Buffer.from("Not found"),
};

export async function serveMedia(site: Pick<Site, "key">, method: string, pathname: string, now = Date.now()): Promise<MediaAnswer> {
  if (method !== "GET" && method !== "HEAD") return { status: 405, headers: { Allow: "GET, HEAD" }, body: null };
  const granted = verifyMediaPath(site, pathname, now);
  const file = granted ? await getMediaStorage().get(granted.key) : null;
  if (!granted || !file) return notFound;
  const maxAge = Math.max(0, Math.min(86_400, Math.floor((granted.expiresAt - now) / 1000)));
  return {
    status: 200,
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(file.length),
      // the URL was issued to someone allowed to see the photo: no shared cache keeps it
      "Cache-Control": `private, max-age=${maxAge}`,
      "X-Content-Type-Options": "nosniff",
    },
    body: method === "HEAD" ? null : file,
  };
}
