// The search state's similar results with their count, and the other profiles of a search without
// results (spec section 3), over HTTP: only profiles this site may show, never one a block hides,
// never another site's.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { createMember } from "#tests/support/factories.ts";
import { logIn } from "#tests/support/logged-in.ts";

const server = useTestServer();

const HOST = "lovely.localhost";
const inFuture = (minutes: number) => new Date(Date.now() + minutes * 60_000);
/** The card ids inside one section of the page. */
const sectionIds = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return [];
  const section = html.slice(start, html.indexOf("</section>", start));
  return [...section.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
};
const similarCount = (html: string) => Number(/data-testid="search-similar-total" data-count="(\d+)"/.exec(html)?.[1]);

describe("search state: similar results and other profiles", () => {
  const tag = `State-${process.pid}-${Date.now()}`;
  const [region, nearby, empty] = [`${tag}-a`, `${tag}-b`, `${tag}-c`];
  const search = (r: string, ages = "min_age=43&max_age=45") => `/members?gender=male&country=IE&countryregion=${r}&${ages}`;
  // nobody in the region, and the similar results (other regions, these ages) without the men above
  const nobody = search(empty, "min_age=20&max_age=22");
  let found: number, similar: number, blocked: number, otherSite: number;
  let viewerCookie: string;
  // Other profiles are the site's most recently active faces of the gender: other test files on the
  // same database add theirs (member-home's are a day ahead), so the order is checked among this file's
  const ours = (ids: number[]) => ids.filter((id) => [found, similar, blocked, otherSite].includes(id));

  beforeAll(async () => {
    const man = (o: { region: string; minutes: number; site?: string }) =>
      createMember({ site: o.site, gender: "male", country: "IE", region: o.region, age: 44, photos: 1, lastActiveAt: inFuture(o.minutes) });
    found = (await man({ region, minutes: 0 })).profile.id;
    // the most recently active first: another site's, then the blocked one, then the one to show
    similar = (await man({ region: nearby, minutes: 10 })).profile.id;
    blocked = (await man({ region: nearby, minutes: 20 })).profile.id;
    otherSite = (await man({ site: "pride", region: nearby, minutes: 30 })).profile.id;
    const viewer = await createMember({ gender: "female", seeking: "male", country: "IE" });
    await getDb().block.create({ data: { blockerId: viewer.profile.id, blockedId: blocked } });
    viewerCookie = (await logIn(server, viewer.email, HOST)).header;
  });

  const get = (path: string, cookie?: string) =>
    request(server, path, { host: HOST, headers: { "accept-language": "en", ...(cookie ? { cookie } : {}) } }).then((res) => {
      expect(res.status).toBe(200);
      return res.html;
    });

  it("shows the region's other members of the same gender and ages as similar results, with their count", async () => {
    const visitor = await get(search(region));
    expect(sectionIds(visitor, "search-similar").slice(0, 2)).toEqual([blocked, similar]);
    expect(sectionIds(visitor, "search-similar")).not.toContain(found);
    expect(sectionIds(visitor, "search-similar")).not.toContain(otherSite);
    expect(similarCount(visitor)).toBeGreaterThanOrEqual(2);

    const member = await get(search(region), viewerCookie);
    expect(sectionIds(member, "search-similar")[0]).toBe(similar);
    expect(sectionIds(member, "search-similar")).not.toContain(blocked);
    expect(sectionIds(member, "search-similar")).not.toContain(otherSite);
    // the member's count leaves out the profile they blocked
    expect(similarCount(member)).toBe(similarCount(visitor) - 1);
    // a search with results shows no other profiles
    expect(sectionIds(member, "search-others")).toEqual([]);
  });

  it("offers other profiles when the search finds nobody, never a blocked or another site's", async () => {
    const visitor = await get(nobody);
    expect(visitor).toContain('data-testid="search-empty"');
    expect(ours(sectionIds(visitor, "search-others")).slice(0, 2)).toEqual([blocked, similar]);
    expect(sectionIds(visitor, "search-others")).not.toContain(otherSite);

    const member = await get(nobody, viewerCookie);
    expect(ours(sectionIds(member, "search-others"))[0]).toBe(similar);
    expect(sectionIds(member, "search-others")).not.toContain(blocked);
    expect(sectionIds(member, "search-others")).not.toContain(otherSite);
    // a face among the similar results is not offered again
    for (const id of sectionIds(member, "search-similar")) expect(sectionIds(member, "search-others")).not.toContain(id);
  });
});
