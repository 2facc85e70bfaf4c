// The members search ranks profiles that show a photo first, each part most recently active first:
// over HTTP and page by page across the two parts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { photosFirst, searchWhere } from "#app/search/search.server.ts";
import { cardSelect } from "#app/profiles/cards.server.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { request, startTestServer, type TestServer } from "#tests/support/http.ts";
import { createMember } from "#tests/support/factories.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const cardIds = (body: string) => [...body.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Five members of one region of their own: two with a photo, one whose only photo is still pending, two without. */
async function pool(region: string) {
  const one = (lastActiveAt: Date, photos: number) => createMember({ gender: "male", country: "IE", region, age: 44, lastActiveAt, photos });
  const noPhotoNow = await one(ago(0), 0);
  const photoOlder = await one(ago(120), 1);
  const photoNewer = await one(ago(60), 1);
  const pending = await one(ago(30), 1);
  await getDb().photo.update({ where: { id: pending.photoIds[0]! }, data: { status: "pending" } });
  const noPhotoOld = await one(ago(180), 0);
  return [photoNewer, photoOlder, noPhotoNow, pending, noPhotoOld].map((m) => m.profile.id);
}

describe("search ranking", () => {
  it("shows members with a photo before those without, however recently the others were active", async () => {
    const region = `Ranking-${process.pid}-a`;
    const expected = await pool(region);
    const res = await request(server, `/members?gender=male&country=IE&countryregion=${region}&min_age=43&max_age=45`, {
      host: "lovely.localhost",
      headers: { "accept-language": "en" },
    });
    expect(res.status).toBe(200);
    expect(cardIds(res.html)).toEqual(expected);
  });

  it("pages through both parts without a gap or a repeat", async () => {
    const region = `Ranking-${process.pid}-b`;
    const expected = await pool(region);
    const site = loadSiteRegistry("tenants").byKey.get("lovely")!;
    const where = searchWhere(site, null, { gender: "male", country: "IE", region, minAge: 43, maxAge: 45 });
    const find = (page: Parameters<Parameters<typeof photosFirst>[3]>[0]) =>
      getDb()
        .profile.findMany({ ...page, select: cardSelect })
        .then((rows) => rows.map((r) => r.id));
    for (const take of [1, 2, 3]) {
      const seen: number[] = [];
      for (let skip = 0; skip < expected.length; skip += take) seen.push(...(await photosFirst(where, skip, take, find)));
      expect(seen, `pages of ${take}`).toEqual(expected);
    }
  });
});
