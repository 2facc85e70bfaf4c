// Photos are served only for a URL the site signed for what the viewer may see
// (app/profiles/photo-url.server.ts, app/media/serve.server.ts), and only on a known site host.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { mediaSignature, photoUrl, verifyMediaPath } from "#app/profiles/photo-url.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { CookieJar } from "#tests/support/session.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const DAY = 86_400_000;
const server = useTestServer();
let jpeg: Buffer;
let subject: Awaited<ReturnType<typeof createMember>>;
let photos: { filename: string; thumbFilename: string }[];

const photoSrcs = (html: string) => [...html.matchAll(/<img src="([^"]+)"[^>]*data-testid="profile-photo"/g)].map((m) => m[1]!);
const lovely = { key: "lovely", cdn_prefix: "" };

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 120, height: 150, channels: 3, background: "#a35" } })
    .jpeg()
    .toBuffer();
  subject = await createMember({ site: "lovely", photos: 3 });
  photos = await getDb().photo.findMany({ where: { profileId: subject.profile.id }, orderBy: { position: "asc" } });
  for (const p of photos) {
    await getMediaStorage().put(p.filename, jpeg, "image/jpeg");
    await getMediaStorage().put(p.thumbFilename, jpeg, "image/jpeg");
  }
});

async function loggedIn(site: string, o: { paidUser?: boolean } = {}) {
  const m = await createMember({ site, gender: "male", ...o });
  const jar = new CookieJar();
  expect(jar.take(await postForm(server, "/login", { email: m.email, password: PASSWORD }, { host: `${site}.localhost` })).status).toBe(302);
  return jar;
}

describe("media URLs", () => {
  it("serve a valid URL as a private, unsniffable JPEG", async () => {
    const url = photoUrl(lovely, photos[0]!.filename);
    const res = await request(server, url, { host: "lovely.localhost" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(res.headers["content-length"])).toBe(jpeg.length);
    expect((await request(server, url, { host: "lovely.localhost", method: "HEAD" })).status).toBe(200);
  });

  it("answer 404 on an unknown host, and on another site than the one that signed", async () => {
    const url = photoUrl(lovely, photos[0]!.filename);
    expect((await request(server, url, { host: "unknown.example" })).status).toBe(404);
    expect((await request(server, `/media/${photos[0]!.filename}`, { host: "unknown.example" })).status).toBe(404);
    expect((await request(server, url, { host: "mature.localhost" })).status).toBe(404);
  });

  it("do not serve stored files by their name", async () => {
    for (const p of photos) {
      expect((await request(server, `/media/${p.filename}`, { host: "lovely.localhost" })).status).toBe(404);
      expect((await request(server, `/media/${p.thumbFilename}`, { host: "lovely.localhost" })).status).toBe(404);
    }
  });

  it("a free member cannot turn the main photo's URL into another photo's", async () => {
    const jar = await loggedIn("lovely");
    const page = await request(server, `/members/${subject.profile.id}`, { host: "lovely.localhost", headers: { cookie: jar.header } });
    const [main, ...others] = photoSrcs(page.html);
    expect(others).toEqual([]);
    expect(main).toMatch(new RegExp(`/${photos[0]!.filename}$`));
    // the srcset offers the main photo's two sizes and nothing else
    const srcset = /<img [^>]*srcset="([^"]+)"[^>]*data-testid="profile-photo"/i.exec(page.html)![1]!;
    expect(
      srcset
        .split(", ")
        .map((c) => c.split(" ")[0]!.split("/").slice(-2).join("/"))
        .sort(),
    ).toEqual([photos[0]!.filename, photos[0]!.thumbFilename].sort());
    expect((await request(server, main!, { host: "lovely.localhost", headers: { cookie: jar.header } })).status).toBe(200);
    // even knowing the other photos' names, the signature is the main photo's
    for (const p of photos.slice(1)) {
      const built = main!.replace(photos[0]!.filename, p.filename);
      const res = await request(server, built, { host: "lovely.localhost", headers: { cookie: jar.header } });
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).not.toBe("image/jpeg");
    }
    // a premium member is given every photo
    const premium = await loggedIn("lovely", { paidUser: true });
    const all = photoSrcs((await request(server, `/members/${subject.profile.id}`, { host: "lovely.localhost", headers: { cookie: premium.header } })).html);
    expect(all).toHaveLength(3);
    for (const url of all) expect((await request(server, url, { host: "lovely.localhost" })).status).toBe(200);
  });

  it("answer 404 for a tampered signature, an expired URL or one valid too far ahead", async () => {
    const key = photos[0]!.filename;
    const [, , day, signature] = photoUrl(lovely, key).split("/") as [string, string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    expect((await request(server, `/media/${day}/${flipped}/${key}`, { host: "lovely.localhost" })).status).toBe(404);
    const today = Math.floor(Date.now() / DAY);
    for (const expires of [today - 1, today + 5]) {
      expect((await request(server, `/media/${expires}/${mediaSignature("lovely", key, expires)}/${key}`, { host: "lovely.localhost" })).status).toBe(404);
    }
    expect((await request(server, `/media/${today}/${mediaSignature("lovely", key, today)}/${key}`, { host: "lovely.localhost" })).status).toBe(200);
    // a key outside the store's layout is refused before the signature is even looked at
    expect((await request(server, `/media/${today}/${mediaSignature("lovely", "../secret", today)}/../secret`, { host: "lovely.localhost" })).status).toBe(404);
  });

  it("keep one URL per photo all day, behind the site's CDN prefix", () => {
    const key = photos[1]!.filename;
    const morning = Date.UTC(2030, 0, 1, 0, 5);
    const evening = Date.UTC(2030, 0, 1, 23, 55);
    expect(photoUrl(lovely, key, morning)).toBe(photoUrl(lovely, key, evening));
    expect(photoUrl(lovely, key, morning)).not.toBe(photoUrl(lovely, key, morning + DAY));
    const viaCdn = photoUrl({ key: "lovely", cdn_prefix: "https://cdn.example/lovely/" }, key, morning);
    expect(viaCdn.startsWith("https://cdn.example/lovely/media/")).toBe(true);
    const path = new URL(viaCdn).pathname.replace(/^\/lovely/, "");
    expect(verifyMediaPath({ key: "lovely" }, path, evening)).toMatchObject({ key });
    expect(verifyMediaPath({ key: "lovely" }, path, morning + 2 * DAY)).toBeNull();
    expect(verifyMediaPath({ key: "mature" }, path, evening)).toBeNull();
  });
});
