// The anonymous page cache (server/page-cache.ts): a visitor without cookies gets a page
// kept for a few seconds, with a nonce of its own, in their language and for their site only;
// members, query strings and anything after a write this process made are rendered afresh.
// Visitors with a cookie or a search share the results instead (app/utils/cache.server.ts),
// under the same rules.
import { brotliDecompressSync } from "node:zlib";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { PAGE_CACHE_TTL_MS } from "#server/page-cache.ts";
import { cacheGeneration, SHARED_RESULTS_TTL_MS } from "#app/utils/cache.server.ts";
import { settleMainPhoto } from "#app/profiles/photos.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { getDatabaseUrl } from "#app/utils/env.server.ts";
import { request, type TestResponse } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { createMember } from "#tests/support/factories.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";

const server = useTestServer();

const cspNonce = (res: TestResponse) => /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))![1]!;
const pageNonces = (res: TestResponse) => new Set([...res.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
const hit = (res: TestResponse) => res.headers["x-page-cache"] === "hit";

/** The page twice: the second answer is the kept one. */
async function twice(path: string, options: Parameters<typeof request>[2] = {}) {
  const first = await request(server, path, options);
  return [first, await request(server, path, options)] as const;
}

describe("pages for visitors without cookies", () => {
  it("come from the cache with a nonce of their own that matches their CSP", async () => {
    const [first, second] = await twice("/", { headers: { "accept-language": "en" } });
    expect(first.status).toBe(200);
    expect(hit(second)).toBe(true);
    expect(second.html).toBe(first.html.replaceAll(cspNonce(first), cspNonce(second)));
    expect(cspNonce(second)).not.toBe(cspNonce(first));
    expect(pageNonces(second)).toEqual(new Set([cspNonce(second)]));
    expect(second.headers["cache-control"]).toBe("private, no-cache");
    expect(second.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("come compressed as the browser accepts, with their length", async () => {
    const headers = { "accept-language": "en", "accept-encoding": "gzip, deflate, br, zstd" };
    const [first, second] = await twice("/", { headers });
    expect(hit(second)).toBe(true);
    for (const res of [first, second]) {
      expect(res.headers["content-encoding"]).toBe("br");
      expect(Number(res.headers["content-length"])).toBe(res.bytes.length);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    const page = brotliDecompressSync(second.bytes).toString("utf8");
    expect(page).toBe(brotliDecompressSync(first.bytes).toString("utf8").replaceAll(cspNonce(first), cspNonce(second)));
  });

  it("stay in the visitor's language and on their own site", async () => {
    await twice("/", { headers: { "accept-language": "en" } });
    const german = await request(server, "/", { headers: { "accept-language": "de" } });
    expect(german.body).toMatch(/<html lang="de"/);
    await twice("/", { host: "pride.localhost", headers: { "accept-language": "en" } });
    const lovely = await request(server, "/", { headers: { "accept-language": "en" } });
    const pride = await request(server, "/", { host: "pride.localhost", headers: { "accept-language": "en" } });
    expect(lovely.html).toContain("Lovely Dates");
    expect(lovely.html).not.toContain("Pride Match");
    expect(pride.html).toContain("Pride Match");
    expect(pride.html).not.toContain("Lovely Dates");
  });

  it("never serve a member, a visitor with a cookie or a search from the cache", async () => {
    const member = await loggedInMember(server);
    const cookie = member.jar.header;
    await twice("/members");
    const [a, b] = await Promise.all([request(server, "/members", { headers: { cookie } }), request(server, "/members", { headers: { cookie } })]);
    expect([hit(a), hit(b)]).toEqual([false, false]);
    expect(a.headers["cache-control"]).toBe("private, no-store");
    expect(a.html).toContain(member.profile.name);
    const withCookie = await twice("/members", { headers: { cookie: "entry_ok=1" } });
    expect(withCookie.map(hit)).toEqual([false, false]);
    const search = await twice("/members?age_min=30");
    expect(search.map(hit)).toEqual([false, false]);
  });

  it("show a change this server made at once", async () => {
    const member = await createMember({ name: `Before${Date.now() % 100000}`, photos: 1 });
    const [, kept] = await twice(`/members/${member.profile.id}/landing`);
    expect(hit(kept)).toBe(true);
    expect(kept.html).toContain(member.profile.name);
    const renamed = `After${Date.now() % 100000}`;
    await getDb().profile.update({ where: { id: member.profile.id }, data: { name: renamed } });
    const after = await request(server, `/members/${member.profile.id}/landing`);
    expect(hit(after)).toBe(false);
    expect(after.html).toContain(renamed);
  });

  it("stay kept through writes no page shows: an ad arrival stores its visit and gets a cookie", async () => {
    await twice("/", { headers: { "accept-language": "en" } });
    const arrival = await request(server, `/?network=ads&ref=${Date.now()}`, { headers: { "accept-language": "en" } });
    expect(hit(arrival)).toBe(false);
    expect(String(arrival.headers["set-cookie"])).toMatch(/^rdv_src=/);
    expect(hit(await request(server, "/", { headers: { "accept-language": "en" } }))).toBe(true);
  });

  it(`show a change another server made within ${PAGE_CACHE_TTL_MS / 1000} s`, async () => {
    const member = await createMember({ name: `Elsewhere${Date.now() % 100000}`, photos: 1 });
    const path = `/members/${member.profile.id}/landing`;
    expect(hit((await twice(path))[1])).toBe(true);
    // another process's write: not through this process's Prisma client
    const other = new pg.Client({ connectionString: getDatabaseUrl() });
    await other.connect();
    const renamed = `Moved${Date.now() % 100000}`;
    await other.query(`UPDATE profiles SET name = $1 WHERE id = $2`, [renamed, member.profile.id]);
    await other.end();
    expect((await request(server, path)).html).toContain(member.profile.name); // still the kept page
    await new Promise((r) => setTimeout(r, PAGE_CACHE_TTL_MS + 100));
    const after = await request(server, path);
    expect(after.html).toContain(renamed);
  }, 15_000);
});

describe("search results for visitors who are not logged in (with a cookie or filters)", () => {
  // age 97 to 99: no demo profile, so the fixture is the first card
  const search = "/members?gender=female&min_age=97&max_age=99";
  const visitor = { headers: { cookie: "entry_ok=1" } };
  const cardNames = (res: TestResponse) => [...res.html.matchAll(/<p class="truncate font-semibold[^"]*">([^<]+)</g)].map((m) => m[1]);

  it("show a change this server made at once", async () => {
    const member = await createMember({ name: `Seen${Date.now() % 100000}`, age: 98, photos: 1 });
    expect(cardNames(await request(server, search, visitor))).toContain(member.profile.name);
    const renamed = `Renamed${Date.now() % 100000}`;
    await getDb().profile.update({ where: { id: member.profile.id }, data: { name: renamed } });
    const after = await request(server, search, visitor);
    expect(hit(after)).toBe(false);
    expect(cardNames(after)).toContain(renamed);
  });

  it(`are shared: a change another server made shows within ${SHARED_RESULTS_TTL_MS / 1000} s`, async () => {
    const member = await createMember({ name: `Shared${Date.now() % 100000}`, age: 97, photos: 1 });
    expect(cardNames(await request(server, search, visitor))).toContain(member.profile.name);
    const other = new pg.Client({ connectionString: getDatabaseUrl() });
    await other.connect();
    const renamed = `Away${Date.now() % 100000}`;
    await other.query(`UPDATE profiles SET name = $1 WHERE id = $2`, [renamed, member.profile.id]);
    await other.end();
    // another visitor (another cookie) within the TTL gets the results the first one got
    const soon = await request(server, search, { headers: { cookie: "entry_ok=1; lng=en" } });
    expect(cardNames(soon)).toContain(member.profile.name);
    await new Promise((r) => setTimeout(r, SHARED_RESULTS_TTL_MS + 100));
    expect(cardNames(await request(server, search, visitor))).toContain(renamed);
  }, 15_000);
});

describe("results for members: everyone's cards, their own like buttons", () => {
  // age 94 to 96: no demo profile, so the fixtures are the first cards
  const search = "/members?gender=female&min_age=94&max_age=96";
  const cardIds = (res: TestResponse) => [...res.html.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
  const likedState = (res: TestResponse, id: number) => new RegExp(`data-profile-id="${id}"[\\s\\S]*?data-liked="(true|false)"`).exec(res.html)?.[1];
  const nameOf = (res: TestResponse, id: number) =>
    new RegExp(`data-profile-id="${id}"[\\s\\S]*?<p class="truncate font-semibold[^"]*">([^<]+)<`).exec(res.html)?.[1];
  /** A write of another server process: this one does not see it happen. */
  async function elsewhere(sql: string, values: unknown[]) {
    const other = new pg.Client({ connectionString: getDatabaseUrl() });
    await other.connect();
    await other.query(sql, values);
    await other.end();
  }
  const asMember = (member: Awaited<ReturnType<typeof loggedInMember>>) => ({
    host: member.host,
    headers: { cookie: member.jar.header, "accept-language": "en" },
  });

  it(`share the search results for ${SHARED_RESULTS_TTL_MS / 1000} s, but a like shows on its button at once`, async () => {
    const shown = await createMember({ name: `Pool${Date.now() % 100000}`, age: 95, photos: 1 });
    const member = await loggedInMember(server, { gender: "male", seeking: "female" });
    const first = await request(server, search, asMember(member));
    expect(likedState(first, shown.profile.id)).toBe("false");
    const renamed = `Moved${Date.now() % 100000}`;
    await elsewhere(`UPDATE profiles SET name = $1 WHERE id = $2`, [renamed, shown.profile.id]);
    await elsewhere(`INSERT INTO likes (liker_id, liked_id) VALUES ($1, $2)`, [member.profile.id, shown.profile.id]);
    const soon = await request(server, search, asMember(member));
    expect(nameOf(soon, shown.profile.id)).toBe(shown.profile.name);
    expect(likedState(soon, shown.profile.id)).toBe("true");
    await new Promise((r) => setTimeout(r, SHARED_RESULTS_TTL_MS + 100));
    expect(nameOf(await request(server, search, asMember(member)), shown.profile.id)).toBe(renamed);
  }, 15_000);

  it("hide a profile that blocked the member at once, in the search and on a profile's cards", async () => {
    const subject = await createMember({ name: `Subject${Date.now() % 100000}`, age: 95, photos: 1 });
    const blocker = await createMember({ name: `Blocker${Date.now() % 100000}`, age: 95, photos: 1 });
    const member = await loggedInMember(server, { gender: "male", seeking: "female" });
    // a visitor fills the shared results first
    expect(cardIds(await request(server, search, { headers: { cookie: "entry_ok=1" } }))).toContain(blocker.profile.id);
    expect(cardIds(await request(server, `/members/${subject.profile.id}`, asMember(member)))).toContain(blocker.profile.id);
    await elsewhere(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)`, [blocker.profile.id, member.profile.id]);
    expect(cardIds(await request(server, search, asMember(member)))).not.toContain(blocker.profile.id);
    expect(cardIds(await request(server, `/members/${subject.profile.id}`, asMember(member)))).not.toContain(blocker.profile.id);
    // others still see the profile
    expect(cardIds(await request(server, search, { headers: { cookie: "entry_ok=1" } }))).toContain(blocker.profile.id);
  });

  it("never show the member their own profile among everyone's results", async () => {
    const member = await loggedInMember(server, { name: `Self${Date.now() % 100000}`, age: 95, photos: 1 });
    const other = await createMember({ age: 96, photos: 1 });
    const everyone = await request(server, search, { headers: { cookie: "entry_ok=1" } });
    expect(cardIds(everyone)).toEqual(expect.arrayContaining([member.profile.id, other.profile.id]));
    const own = cardIds(await request(server, search, asMember(member)));
    expect(own).toContain(other.profile.id);
    expect(own).not.toContain(member.profile.id);
    const profile = cardIds(await request(server, `/members/${other.profile.id}`, asMember(member)));
    expect(profile).not.toContain(member.profile.id);
  });
});

describe("what empties the caches", () => {
  it("moves with every write a page shows, through the ORM or raw SQL, and not with writes no page shows", async () => {
    const { user, profile } = await createMember();
    const db = getDb();
    let before = cacheGeneration();
    await db.loginAttempt.deleteMany({ where: { email: `${user.email}.none` } });
    await db.session.deleteMany({ where: { userId: user.id } });
    expect(cacheGeneration()).toBe(before);

    await db.profile.update({ where: { id: profile.id }, data: { city: "Utrecht" } });
    expect(cacheGeneration()).toBeGreaterThan(before);

    before = cacheGeneration();
    await db.$transaction((tx) => settleMainPhoto(tx, profile.id));
    expect(cacheGeneration()).toBeGreaterThan(before);
  });
});

describe("caches per site", () => {
  // age 97 to 99: no demo profile, so the fixture is the first card
  const search = "/members?gender=female&min_age=97&max_age=99";
  const visitor = { headers: { cookie: "entry_ok=1" } };
  const cardNames = (res: TestResponse) => [...res.html.matchAll(/<p class="truncate font-semibold[^"]*">([^<]+)</g)].map((m) => m[1]);
  /** renamed behind every server's back: only a page or result rendered afresh shows it */
  async function renameQuietly(profileId: number, name: string) {
    const other = new pg.Client({ connectionString: getDatabaseUrl() });
    await other.connect();
    await other.query(`UPDATE profiles SET name = $1 WHERE id = $2`, [name, profileId]);
    await other.end();
  }

  it("a write on one site leaves the other sites' kept pages and shared results in place, and drops its own", async () => {
    const lovely = await createMember({ site: "lovely", gender: "female", name: `Keep${Date.now() % 100000}`, age: 98, photos: 1 });
    const pride = await createMember({ site: "pride", gender: "male", seeking: "male", photos: 1 });
    const landing = `/members/${lovely.profile.id}/landing`;
    const prideHome = { host: "pride.localhost", headers: { "accept-language": "en" } };
    expect(hit((await twice(landing))[1])).toBe(true);
    expect(hit((await twice("/", prideHome))[1])).toBe(true);
    expect(cardNames(await request(server, search, visitor))).toContain(lovely.profile.name);
    const renamed = `Moved${Date.now() % 100000}`;
    await renameQuietly(lovely.profile.id, renamed);

    // a visible write on Pride Match (its own pool): Lovely Dates keeps what it kept
    await getDb().profile.update({ where: { id: pride.profile.id }, data: { city: "Malmö" } });
    const lovelyPage = await request(server, landing);
    expect(hit(lovelyPage)).toBe(true);
    expect(lovelyPage.html).toContain(lovely.profile.name);
    expect(cardNames(await request(server, search, visitor))).toContain(lovely.profile.name);
    expect(hit(await request(server, "/", prideHome))).toBe(false);

    // a write on Mature Moments, which shares Lovely Dates' pool: Lovely Dates' page and results go
    const mature = await createMember({ site: "mature" });
    await getDb().profile.update({ where: { id: mature.profile.id }, data: { city: "Köln" } });
    const fresh = await request(server, landing);
    expect(hit(fresh)).toBe(false);
    expect(fresh.html).toContain(renamed);
    expect(cardNames(await request(server, search, visitor))).toContain(renamed);
  });

  it("a write that changes no row drops nothing", async () => {
    const m = await createMember({ photos: 1 });
    const landing = `/members/${m.profile.id}/landing`;
    expect(hit((await twice(landing))[1])).toBe(true);
    const before = cacheGeneration();
    expect((await getDb().profile.updateMany({ where: { id: -1 }, data: { city: "Nowhere" } })).count).toBe(0);
    expect((await getDb().user.deleteMany({ where: { id: -1 } })).count).toBe(0);
    expect(cacheGeneration()).toBe(before);
    expect(hit(await request(server, landing))).toBe(true);
  });
});
