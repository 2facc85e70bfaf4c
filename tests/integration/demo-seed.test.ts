// The demo seed on a first start: every profile has its main photo when the seed returns (the
// server answers then), the further photos follow, and a server stopped before they were all in
// adds the missing ones on its next start, none twice.
import { copyFile, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, recreateDatabase } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";
import { setDatabaseUrl } from "#app/utils/env.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { syncSites } from "#app/tenancy/sites.server.ts";
import { seedCompanies, seedDemo } from "#prisma/seed/index.ts";
import { buildDemoMembers, buildDemoProfiles } from "#prisma/seed/demo-profiles.ts";

const PER_SITE = 6;
const name = `rendezvous_seed_${process.pid}`;
const serverUrl = process.env.DATABASE_URL!;
let mediaDir = "";

beforeAll(async () => {
  const url = await recreateDatabase(serverUrl, name);
  setDatabaseUrl(url); // before the first getDb(): this file's client uses the scratch database
  await applyMigrations(url);
  await seedCompanies(getDb());
  await syncSites(getDb());
  mediaDir = await mkdtemp(path.join(tmpdir(), "demo-media-"));
}, 120_000);

afterAll(async () => {
  await getDb().$disconnect();
  await dropDatabase(serverUrl, name);
  await rm(mediaDir, { recursive: true, force: true });
});

const photos = () => getDb().photo.findMany({ select: { profileId: true, position: true, filename: true, thumbFilename: true } });
const expectedPhotos = () => {
  const now = new Date();
  return [...buildDemoMembers({ now }), ...buildDemoProfiles({ now, perSite: PER_SITE })].reduce((n, s) => n + s.photos.length, 0);
};

describe("demo seed", () => {
  it("returns with every main photo in place, adds the others after, and resumes them after a stop", async () => {
    const first = await seedDemo(getDb(), { mediaDir, perSite: PER_SITE, deferMorePhotos: true });
    const profiles = await getDb().profile.count();
    expect(first.created).toBe(profiles);
    const mainOnly = await photos();
    expect(mainOnly).toHaveLength(profiles);
    expect(mainOnly.every((p) => p.position === 0)).toBe(true);
    // what a server stopped right now would leave behind: the list of the photos still to come
    const [list] = (await readdir(mediaDir)).filter((f) => f.endsWith(".json"));
    expect(list).toBeTruthy();
    await copyFile(path.join(mediaDir, list!), path.join(mediaDir, "list.saved"));

    const added = await first.morePhotos;
    const all = await photos();
    expect(added).toBe(all.length - profiles);
    expect(all).toHaveLength(expectedPhotos());
    for (const p of all) {
      expect((await stat(path.join(mediaDir, p.filename))).size).toBeGreaterThan(1000);
      expect((await stat(path.join(mediaDir, p.thumbFilename))).size).toBeGreaterThan(500);
    }
    expect(await readdir(mediaDir)).not.toContain(list);

    // stopped before half of the further photos were written: the next start adds exactly those
    const further = all.filter((p) => p.position > 0);
    const lost = further.filter((_, i) => i % 2 === 0);
    await getDb().photo.deleteMany({ where: { filename: { in: lost.map((p) => p.filename) } } });
    await copyFile(path.join(mediaDir, "list.saved"), path.join(mediaDir, list!));
    const next = await seedDemo(getDb(), { mediaDir, perSite: PER_SITE, deferMorePhotos: true });
    expect(next.created).toBe(0);
    expect(await next.morePhotos).toBe(lost.length);
    const after = await photos();
    expect(after).toHaveLength(all.length);
    expect(new Set(after.map((p) => `${p.profileId}:${p.position}`)).size).toBe(after.length);

    // and a start with nothing left to do adds nothing
    const third = await seedDemo(getDb(), { mediaDir, perSite: PER_SITE });
    expect(third.created).toBe(0);
    expect(await third.morePhotos).toBe(0);
    expect(await photos()).toHaveLength(all.length);
  }, 180_000);
});
