// The demo seed on a first start: every profile and photo row is written at once and nothing is
// drawn before the seed returns (the server answers then); a portrait asked for is drawn then,
// the rest in the background, and a server stopped before they were all drawn draws the missing
// ones on its next start, none twice.
import { copyFile, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, recreateDatabase } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";
import { setDatabaseUrl } from "#app/utils/env.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { syncSites } from "#app/tenancy/sites.server.ts";
import { LocalDiskStorage, setMissingFileSource } from "#app/media/storage.server.ts";
import { seedCompanies, seedDemo } from "#prisma/seed/index.ts";
import { buildDemoMembers, buildDemoProfiles } from "#prisma/seed/demo-profiles.ts";
import { drawListedPortrait, drawPendingPortraits, PENDING_PORTRAITS_FILE } from "#prisma/seed/portrait-files.ts";

const PER_SITE = 6;
const name = `rendezvous_seed_${process.pid}`;
const serverUrl = process.env.DATABASE_URL!;
let mediaDir = "";
let store: LocalDiskStorage;

beforeAll(async () => {
  const url = await recreateDatabase(serverUrl, name);
  setDatabaseUrl(url); // before the first getDb(): this file's client uses the scratch database
  await applyMigrations(url);
  await seedCompanies(getDb());
  await syncSites(getDb());
  mediaDir = await mkdtemp(path.join(tmpdir(), "demo-media-"));
  store = new LocalDiskStorage(mediaDir);
}, 120_000);

afterAll(async () => {
  setMissingFileSource(null);
  await getDb().$disconnect();
  await dropDatabase(serverUrl, name);
  await rm(mediaDir, { recursive: true, force: true });
});

const photos = () => getDb().photo.findMany({ select: { profileId: true, position: true, filename: true, thumbFilename: true } });
const expectedPhotos = () => {
  const now = new Date();
  return [...buildDemoMembers({ now }), ...buildDemoProfiles({ now, perSite: PER_SITE })].reduce((n, s) => n + s.photos.length, 0);
};
const jpegsIn = async (dir: string) => (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(".jpg"));
const isJpeg = (body: Buffer | null) => body !== null && body[0] === 0xff && body[1] === 0xd8;

describe("demo seed", () => {
  it("writes every photo row without drawing, draws a portrait when asked, the rest in the background, and resumes after a stop", async () => {
    const first = await seedDemo(getDb(), { media: store, perSite: PER_SITE, drawLater: true });
    const profiles = await getDb().profile.count();
    expect(first.created).toBe(profiles);
    const all = await photos();
    expect(all).toHaveLength(expectedPhotos());
    expect(all.some((p) => p.position > 0)).toBe(true);
    expect(new Set(all.filter((p) => p.position === 0).map((p) => p.profileId)).size).toBe(profiles);
    // nothing drawn yet: the seed returned before any portrait cost a moment
    expect(await jpegsIn(mediaDir)).toEqual([]);
    const list = path.join(mediaDir, PENDING_PORTRAITS_FILE);
    expect(existsSync(list)).toBe(true);
    await copyFile(list, path.join(mediaDir, "list.saved"));

    // a page asks for a thumbnail and a further photo through the media store: drawn then, kept on disk
    setMissingFileSource(drawListedPortrait);
    const further = all.find((p) => p.position > 0)!;
    const [thumb, full] = await Promise.all([store.get(all[0]!.thumbFilename), store.get(further.filename)]);
    expect(isJpeg(thumb)).toBe(true);
    expect(isJpeg(full)).toBe(true);
    expect(full!.length).toBeGreaterThan(thumb!.length);
    expect((await stat(path.join(mediaDir, further.filename))).size).toBe(full!.length);
    // a key the list does not name stays missing
    expect(await store.get(`${further.profileId}/not-a-portrait.jpg`)).toBeNull();

    // the background drawing draws the others, then drops the list
    expect(await drawPendingPortraits(store)).toBe(all.length * 2 - 2);
    for (const p of all) {
      expect((await stat(path.join(mediaDir, p.filename))).size).toBeGreaterThan(1000);
      expect((await stat(path.join(mediaDir, p.thumbFilename))).size).toBeGreaterThan(500);
    }
    expect(existsSync(list)).toBe(false);

    // stopped with half of the files not drawn: the next start draws exactly those
    const lost = all.filter((_, i) => i % 2 === 0).map((p) => p.filename);
    await Promise.all(lost.map((f) => rm(path.join(mediaDir, f))));
    await copyFile(path.join(mediaDir, "list.saved"), list);
    const next = await seedDemo(getDb(), { media: store, perSite: PER_SITE });
    expect(next.created).toBe(0);
    expect(existsSync(list)).toBe(false);
    expect(await jpegsIn(mediaDir)).toHaveLength(all.length * 2);
    expect(await photos()).toHaveLength(all.length);

    // and a start with nothing left to do draws nothing
    expect(await drawPendingPortraits(store)).toBe(0);
  }, 180_000);
});
