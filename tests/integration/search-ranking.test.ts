// The members search ranks profiles that show a photo first, each part most recently active first:
// over HTTP and page by page across the two parts; on a site that resells, its own members before
// the network's within each part.
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { photosFirst, searchWhere } from "#app/search/search.server.ts";
import { cardSelect } from "#app/profiles/cards.server.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { createMember } from "#tests/support/factories.ts";
import { CookieJar } from "#tests/support/session.ts";

const server = useTestServer();

/** The results' card ids (the similar results and other profiles below them are search-state.test.ts's). */
const cardIds = (body: string) => [...body.split(/data-testid="search-(?:similar|others)"/)[0]!.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
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

  it("shows a reselling site's own members before the network's, on both sites of the pool", async () => {
    // a real region (the search checks it against the country's): the demo members there are filtered out below
    const region = "Saarland";
    const one = (site: string, lastActiveAt: Date, photos: number) =>
      createMember({ site, gender: "female", country: "DE", region, age: 47, lastActiveAt, photos });
    const maturePhoto = await one("mature", ago(0), 1);
    const lovelyPhoto = await one("lovely", ago(60), 1);
    const matureBare = await one("mature", ago(5), 0);
    const lovelyBare = await one("lovely", ago(90), 0);
    const ids = (...ms: { profile: { id: number } }[]) => ms.map((m) => m.profile.id);
    const mine = new Set(ids(maturePhoto, lovelyPhoto, matureBare, lovelyBare));
    // mature shows its members to visitors from a partner only: this one comes with a ref
    const partnerVisitor = new CookieJar();
    partnerVisitor.take(await request(server, "/?ref=partner", { host: "mature.localhost" }));
    const search = async (host: string) => {
      const url = `/members?gender=female&country=DE&countryregion=${region}&min_age=46&max_age=48`;
      const res = await request(server, url, { host, headers: { "accept-language": "en", cookie: partnerVisitor.header } });
      return cardIds(res.html).filter((id) => mine.has(id));
    };
    expect(await search("lovely.localhost")).toEqual(ids(lovelyPhoto, maturePhoto, lovelyBare, matureBare));
    expect(await search("mature.localhost")).toEqual(ids(maturePhoto, lovelyPhoto, matureBare, lovelyBare));

    // page by page, the four tiers without a gap or a repeat
    const site = loadSiteRegistry("tenants").byKey.get("lovely")!;
    const where = searchWhere(site, null, { gender: "female", country: "DE", region, minAge: 46, maxAge: 48 });
    const find = (page: Parameters<Parameters<typeof photosFirst>[3]>[0]) =>
      getDb()
        .profile.findMany({ ...page, select: cardSelect })
        .then((rows) => rows.map((r) => r.id));
    for (const take of [1, 2, 3]) {
      const seen: number[] = [];
      for (let skip = 0; seen.length < 200; skip += take) {
        const page = await photosFirst(where, skip, take, find, "lovely");
        if (!page.length) break;
        seen.push(...page);
      }
      expect(new Set(seen).size, `pages of ${take}: no repeat`).toBe(seen.length);
      expect(
        seen.filter((id) => mine.has(id)),
        `pages of ${take}`,
      ).toEqual(ids(lovelyPhoto, maturePhoto, lovelyBare, matureBare));
    }
  });
});
