// Tenancy: every route that takes a profile id, replayed from each demo site against
// each other demo site's member, logged out and logged in (free and premium). Pride Match does
// not resell members, Lovely Dates and Mature Moments resell each other's. Expected: no 5xx;
// outside the pool a 404 that names nobody, no block or conversation written, no photo served;
// inside the pool (lovely <-> mature) the same routes work, so refusing everything fails too.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { closeQueues } from "#app/queue/queues.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { CookieJar } from "#tests/support/session.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const SITES = ["lovely", "mature", "pride"] as const;
type SiteKey = (typeof SITES)[number];
/** The pool rule, spelled out for the demo sites: pride's members stay on pride. */
const sharesPool = (viewer: SiteKey, target: SiteKey) => viewer === target || (viewer !== "pride" && target !== "pride");
const hostOf = (site: SiteKey) => `${site}.localhost`;
const PAIRS = SITES.flatMap((viewer) => SITES.filter((target) => target !== viewer).map((target) => ({ viewer, target, allowed: sharesPool(viewer, target) })));

interface Actor {
  kind: "visitor" | "free" | "premium";
  jar: CookieJar;
  profileId: number | null;
}
interface Target {
  name: string;
  profileId: number;
  photoIds: number[];
  files: string[];
}

const server = useTestServer();
const region = `Replay ${randomBytes(4).toString("hex")}`; // only this file's targets live here
const targets = {} as Record<SiteKey, Target>;
const actors = {} as Record<SiteKey, Actor[]>;
const statuses: { what: string; status: number }[] = [];

/** Every request of the replay: recorded, so the suite can say "no 5xx" about all of them. */
async function call(what: string, send: () => Promise<TestResponse>) {
  const res = await send();
  statuses.push({ what, status: res.status });
  expect(res.status, `${what} answered ${res.status}`).toBeLessThan(500);
  return res;
}

const get = (site: SiteKey, path: string, actor: Actor) =>
  call(`GET ${path} on ${site} as ${actor.kind}`, () =>
    request(server, path, { host: hostOf(site), headers: { "accept-language": "en", cookie: actor.jar.header } }),
  );
const post = (site: SiteKey, path: string, fields: Record<string, string>, actor: Actor) =>
  call(`POST ${path} on ${site} as ${actor.kind}`, () =>
    postForm(server, path, fields, { host: hostOf(site), headers: { "accept-language": "en", cookie: actor.jar.header } }),
  );

/** A visitor who arrived from a partner: mature shows members and takes signups only then. */
async function visitor(site: SiteKey): Promise<Actor> {
  const jar = new CookieJar();
  jar.take(await request(server, "/?ref=replay", { host: hostOf(site) }));
  return { kind: "visitor", jar, profileId: null };
}

async function member(site: SiteKey, kind: "free" | "premium"): Promise<Actor> {
  const m = await createMember({ site, gender: "male", paidUser: kind === "premium" });
  const jar = new CookieJar();
  const res = jar.take(await postForm(server, "/login", { email: m.email, password: PASSWORD }, { host: hostOf(site) }));
  expect(res.status).toBe(302);
  return { kind, jar, profileId: m.profile.id };
}

const photoSrcs = (html: string) => [...html.matchAll(/<img src="([^"]+)"[^>]*data-testid="profile-photo"/g)].map((m) => m[1]!);
const mediaPaths = (html: string) => [...html.matchAll(/(?:src|href)="(\/media\/[^"]+)"/g)].map((m) => m[1]!);

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 120, height: 150, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
  for (const site of SITES) {
    const name = `Rp${site}${randomBytes(5).toString("hex")}`;
    const m = await createMember({ site, name, gender: "female", country: "DE", region, age: 44, photos: 3 });
    const photos = await getDb().photo.findMany({ where: { profileId: m.profile.id }, orderBy: { position: "asc" } });
    const files = photos.flatMap((p) => [p.filename, p.thumbFilename]);
    for (const file of files) await getMediaStorage().put(file, jpeg, "image/jpeg");
    targets[site] = { name, profileId: m.profile.id, photoIds: m.photoIds, files };
    actors[site] = [await visitor(site), await member(site, "free"), await member(site, "premium")];
  }
});

afterAll(() => closeQueues());

describe("cross-site replay of every profile-id route", () => {
  it("views: /members/{id} and /likes/m/{id} answer 404 naming nobody outside the pool, 200 inside", async () => {
    for (const { viewer, target, allowed } of PAIRS) {
      const t = targets[target];
      for (const actor of actors[viewer]) {
        for (const path of [`/members/${t.profileId}`, `/likes/m/${t.profileId}`]) {
          const res = await get(viewer, path, actor);
          expect(res.status, `${path} of a ${target} member on ${viewer} as ${actor.kind}`).toBe(allowed ? 200 : 404);
          expect(res.body.includes(t.name), `${target} member's name on ${viewer}`).toBe(allowed);
        }
      }
    }
  });

  it("related and similar lists link only profiles of the pool", async () => {
    for (const viewer of SITES) {
      const own = targets[viewer];
      for (const actor of actors[viewer]) {
        const res = await get(viewer, `/members/${own.profileId}`, actor);
        expect(res.status).toBe(200);
        for (const target of SITES.filter((s) => s !== viewer)) {
          const t = targets[target];
          const allowed = sharesPool(viewer, target);
          expect(res.html.includes(`data-profile-id="${t.profileId}"`), `${target} member listed on ${viewer}`).toBe(allowed);
          expect(res.body.includes(t.name), `${target} member's name on ${viewer}`).toBe(allowed);
        }
      }
    }
  });

  it("message or create: GET and POST /members/{id}/signup reach only profiles of the pool", async () => {
    const db = getDb();
    for (const { viewer, target, allowed } of PAIRS) {
      const t = targets[target];
      for (const actor of actors[viewer]) {
        const page = await get(viewer, `/members/${t.profileId}/signup`, actor);
        expect(page.status, `signup page for a ${target} member on ${viewer} as ${actor.kind}`).toBe(allowed ? 200 : 404);
        expect(page.body.includes(t.name), `${target} member's name on ${viewer}`).toBe(allowed);
      }
      const fresh = await visitor(viewer);
      const email = `replay-${viewer}-${target}-${randomBytes(4).toString("hex")}@example.test`;
      const res = await post(
        viewer,
        `/members/${t.profileId}/signup`,
        {
          name: `Writer${randomBytes(3).toString("hex")}`,
          email,
          password: "correct horse battery",
          date_of_birth: "1980-05-05",
          gender: "male",
          seeking: "female",
          signup_message: "Hello from the replay",
        },
        fresh,
      );
      const writer = await db.user.findUnique({ where: { siteKey_email: { siteKey: viewer, email } }, include: { profile: true } });
      const conversations = writer?.profile
        ? await db.conversation.count({
            where: { AND: [{ participants: { some: { profileId: writer.profile.id } } }, { participants: { some: { profileId: t.profileId } } }] },
          })
        : 0;
      if (allowed) {
        expect(res.status, `signup to write to a ${target} member on ${viewer}`).toBe(302);
        expect(conversations).toBe(1);
      } else {
        expect(res.status, `signup to write to a ${target} member on ${viewer}`).toBe(404);
        expect(res.body.includes(t.name)).toBe(false);
        expect(writer).toBeNull();
      }
    }
    expect(await db.conversationParticipant.count({ where: { profileId: targets.pride.profileId } })).toBe(0);
  });

  it("block and unblock: 404 outside the pool and nothing stored; inside the pool they work", async () => {
    const db = getDb();
    for (const { viewer, target, allowed } of PAIRS) {
      const t = targets[target];
      for (const actor of actors[viewer].filter((a) => a.profileId)) {
        const blocked = await post(viewer, `/members/${t.profileId}`, { intent: "block" }, actor);
        const row = await db.block.findUnique({ where: { blockerId_blockedId: { blockerId: actor.profileId!, blockedId: t.profileId } } });
        expect(blocked.status, `block a ${target} member on ${viewer} as ${actor.kind}`).toBe(allowed ? 302 : 404);
        expect(!!row).toBe(allowed);
        const unblocked = await post(viewer, `/members/${t.profileId}`, { intent: "unblock" }, actor);
        expect(unblocked.status).toBe(allowed ? 302 : 404);
        if (!allowed) expect((blocked.body + unblocked.body).includes(t.name)).toBe(false);
      }
    }
    expect(
      await db.block.count({
        where: {
          OR: [
            { blockedId: targets.pride.profileId },
            { blocker: { siteKey: "pride" }, blockedId: { in: [targets.lovely.profileId, targets.mature.profileId] } },
          ],
        },
      }),
    ).toBe(0);
  });

  it("/profile photo actions refuse another member's photo id", async () => {
    const db = getDb();
    for (const { viewer, target } of PAIRS) {
      const t = targets[target];
      for (const actor of actors[viewer].filter((a) => a.profileId)) {
        const main = await post(viewer, "/profile", { intent: "photo-main", photo: String(t.photoIds[1]) }, actor);
        expect(main.status).toBe(404);
        const removed = await post(viewer, "/profile", { intent: "photo-delete", photo: String(t.photoIds[2]) }, actor);
        expect(removed.status).toBe(404);
      }
      const stored = await db.profile.findUniqueOrThrow({ where: { id: t.profileId }, include: { photos: true } });
      expect(stored.mainPhotoId).toBe(t.photoIds[0]);
      expect(stored.photos).toHaveLength(3);
    }
  });

  it("media: another site's photo URLs and built file paths serve nothing; this site's URLs serve what the viewer may see", async () => {
    // the URLs each site issues for its own member to a premium member (every photo)
    const issued = {} as Record<SiteKey, string[]>;
    for (const site of SITES) {
      const page = await get(site, `/members/${targets[site].profileId}`, actors[site][2]!);
      issued[site] = photoSrcs(page.html);
      expect(issued[site]).toHaveLength(3);
    }
    for (const { viewer, target, allowed } of PAIRS) {
      const t = targets[target];
      for (const actor of actors[viewer]) {
        for (const path of [...issued[target], ...t.files.map((f) => `/media/${f}`)]) {
          const res = await get(viewer, path, actor);
          expect(res.status, `${path} (a ${target} photo) on ${viewer}`).toBe(404);
          expect(res.headers["content-type"]).not.toMatch(/^image\//);
        }
        if (!allowed) continue;
        const page = await get(viewer, `/members/${t.profileId}`, actor);
        const own = photoSrcs(page.html);
        expect(own).toHaveLength(actor.kind === "premium" ? 3 : 1);
        for (const path of own) {
          const res = await get(viewer, path, actor);
          expect(res.status).toBe(200);
          expect(res.headers["content-type"]).toBe("image/jpeg");
        }
      }
    }
    // the lists' thumbnails are signed too: no bare file path anywhere
    const list = await get("lovely", `/members/${targets.lovely.profileId}`, actors.lovely[0]!);
    expect(mediaPaths(list.html).every((p) => /^\/media\/\d+\/[\w-]{32}\//.test(p))).toBe(true);
  });

  it("ids that are not ids answer 404 on every route, never 500", async () => {
    const bad = ["2147483648", "99999999999999999999", "abc", "1e400", "-1", "0", "1.5", "0x10"];
    for (const site of SITES) {
      const [anon, free] = actors[site] as [Actor, Actor];
      for (const id of bad) {
        for (const path of [`/members/${id}`, `/likes/m/${id}`, `/members/${id}/signup`]) expect((await get(site, path, anon)).status, path).toBe(404);
        expect((await post(site, `/members/${id}`, { intent: "block" }, free)).status).toBe(404);
        expect(
          (
            await post(
              site,
              `/members/${id}/signup`,
              {
                name: "Nobody",
                email: "nobody@example.test",
                password: "correct horse battery",
                date_of_birth: "1980-05-05",
                gender: "male",
                seeking: "female",
                signup_message: "hi",
              },
              anon,
            )
          ).status,
        ).toBe(404);
        expect((await post(site, "/profile", { intent: "photo-main", photo: id }, free)).status).toBe(404);
      }
    }
  });

  it("answered every replayed request without a server error", () => {
    expect(statuses.length).toBeGreaterThan(300);
    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
  });
});
