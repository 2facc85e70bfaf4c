// Likes and matching over HTTP: like/unlike from profiles and cards with and without
// JavaScript, the pool rule on every target, matches, like_new cleared by opening the liker's
// profile, GET /api/likes.php, the likes pages, the swipe game and its daily limit under
// parallel requests, auto-like for the like modal, match-finder and signup-matches.
import { describe, expect, it } from "vitest";
import type { Interest } from "#app/generated/prisma/enums.ts";
import { formatWeekdayTime } from "#app/utils/format.ts";
import { swipeStack } from "#app/likes/swipe.server.ts";
import { loadSeeker } from "#app/likes/matching.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember, PASSWORD, type MemberOptions } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { CookieJar } from "#tests/support/session.ts";

const server = useTestServer();

const EN = { "accept-language": "en" };
const hostOf = (site: string) => `${site}.localhost`;
const cardIds = (html: string) => [...html.matchAll(/data-testid="profile-card" data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));

interface Member {
  id: number;
  email: string;
  site: string;
  name: string;
  jar: CookieJar;
}

async function member(o: MemberOptions = {}): Promise<Member> {
  const m = await createMember(o);
  const jar = new CookieJar();
  const res = jar.take(await postForm(server, "/login", { email: m.email, password: PASSWORD }, { host: hostOf(m.site.key) }));
  expect(res.status).toBe(302);
  return { id: m.profile.id, email: m.email, site: m.site.key, name: m.profile.name, jar };
}

const get = (m: Member, path: string, headers: Record<string, string> = EN) =>
  request(server, path, { host: hostOf(m.site), headers: { ...headers, cookie: m.jar.header } });
const post = (m: Member, path: string, fields: Record<string, string>, headers: Record<string, string> = EN) =>
  postForm(server, path, fields, { host: hostOf(m.site), headers: { ...headers, cookie: m.jar.header } });
const likeOf = (likerId: number, likedId: number) => getDb().like.findUnique({ where: { likerId_likedId: { likerId, likedId } } });

describe("like and unlike", () => {
  it("a like without JavaScript is stored with its source and comes back to the page it was given on", async () => {
    const me = await member({ gender: "male" });
    const her = await createMember({ gender: "female" });
    const res = await post(me, `/members/${her.profile.id}/like`, { intent: "like", source: "search", back: "/members?gender=female" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/members?gender=female");
    expect(await likeOf(me.id, her.profile.id)).toMatchObject({ source: "search", seenAt: null });
    // liking again changes nothing; unliking removes it
    expect((await post(me, `/members/${her.profile.id}/like`, { intent: "like", js: "1" })).json()).toMatchObject({
      liked: true,
      match: false,
      created: false,
    });
    expect(await getDb().like.count({ where: { likerId: me.id } })).toBe(1);
    const back = await post(me, `/members/${her.profile.id}/like`, { intent: "unlike", back: "//evil.example/x" });
    expect(back.headers.location).toBe(`/members/${her.profile.id}`); // not off the site
    expect(await likeOf(me.id, her.profile.id)).toBeNull();
  });

  it("answers 404 for the member's own profile, missing, junk, invisible and disabled ids, and stores nothing", async () => {
    const me = await member();
    const invisible = await createMember({ invisible: true });
    const disabled = await createMember({ status: "disabled" });
    for (const id of [String(me.id), "999999999", "abc", "2147483648", String(invisible.profile.id), String(disabled.profile.id)]) {
      const res = await post(me, `/members/${id}/like`, { intent: "like" });
      expect(res.status, `like ${id}`).toBe(404);
      const js = await post(me, `/members/${id}/like`, { intent: "like", js: "1" });
      expect(js.status).toBe(404);
      expect(js.json().error).toBe("This profile is not available any more.");
    }
    expect(await getDb().like.count({ where: { likerId: me.id } })).toBe(0);
    expect((await post(me, `/members/${invisible.profile.id}/like`, { intent: "boo" })).status).toBe(400);
  });

  it("keeps to the pool: a pride member cannot be liked from lovely nor a lovely member from pride; mature members can be liked from lovely", async () => {
    const onLovely = await member({ site: "lovely" });
    const onPride = await member({ site: "pride", country: "SE", gender: "male", seeking: "male" });
    const prideTarget = await createMember({ site: "pride", country: "SE", gender: "male", name: "PrideOnlyName" });
    const lovelyTarget = await createMember({ site: "lovely", gender: "male" });
    const matureTarget = await createMember({ site: "mature", country: "DE", gender: "female" });
    const refused = await post(onLovely, `/members/${prideTarget.profile.id}/like`, { intent: "like" });
    expect(refused.status).toBe(404);
    expect(refused.body).not.toContain("PrideOnlyName");
    expect((await post(onPride, `/members/${lovelyTarget.profile.id}/like`, { intent: "like", js: "1" })).status).toBe(404);
    expect(await getDb().like.count({ where: { OR: [{ likerId: onLovely.id }, { likerId: onPride.id }] } })).toBe(0);
    expect((await post(onLovely, `/members/${prideTarget.profile.id}/like`, { intent: "unlike" })).status).toBe(404);
    expect((await post(onLovely, `/members/${matureTarget.profile.id}/like`, { intent: "like" })).status).toBe(302);
    expect(await likeOf(onLovely.id, matureTarget.profile.id)).not.toBeNull();
  });

  it("a member blocked by the profile gets the spec's message; a profile the member blocked cannot be liked", async () => {
    const me = await member();
    const blocker = await createMember({ name: "Blockerin" });
    const blockedByMe = await createMember({});
    await getDb().block.createMany({
      data: [
        { blockerId: blocker.profile.id, blockedId: me.id },
        { blockerId: me.id, blockedId: blockedByMe.profile.id },
      ],
    });
    const res = await post(me, `/members/${blocker.profile.id}/like`, { intent: "like", js: "1" });
    expect(res.status).toBe(403);
    expect(res.json().error).toBe("You're blocked by Blockerin. You do not have access to this page.");
    const de = await post(me, `/members/${blocker.profile.id}/like`, { intent: "like" }, { "accept-language": "de" });
    expect(de.status).toBe(403);
    expect(de.html).toContain("Blockerin");
    expect((await post(me, `/members/${blockedByMe.profile.id}/like`, { intent: "like" })).status).toBe(404);
    expect(await getDb().like.count({ where: { likerId: me.id } })).toBe(0);
  });

  it("a script liking everyone stops at the hourly like limit (429 in the member's language), nothing stored", async () => {
    const me = await member();
    const her = await createMember({});
    // the counter as 300 likes within the hour would leave it
    await getDb().rateLimit.create({ data: { key: `likes:${me.id}`, points: 300, expire: new Date(Date.now() + 3_600_000) } });
    const res = await post(me, `/members/${her.profile.id}/like`, { intent: "like", js: "1" }, { "accept-language": "nl" });
    expect(res.status).toBe(429);
    expect(res.headers["retry-after"]).toMatch(/^\d+$/);
    expect(res.json().error).toMatch(/^Te veel pogingen/);
    expect(await likeOf(me.id, her.profile.id)).toBeNull();
  });

  it("logged out: the form post leads to the login, nothing is stored", async () => {
    const her = await createMember({});
    const res = await postForm(server, `/members/${her.profile.id}/like`, { intent: "like" }, { host: "lovely.localhost" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/login\?redirectTo=/);
    expect(await getDb().like.count({ where: { likedId: her.profile.id } })).toBe(0);
  });
});

describe("matches", () => {
  it("a like back is a match: JSON for the fetcher, the match moment without JavaScript, both in /api/likes.php", async () => {
    const a = await member({ gender: "male", name: "Arjen" });
    const b = await member({ gender: "female", name: "Bente" });
    expect((await post(a, `/members/${b.id}/like`, { intent: "like", js: "1" })).json()).toEqual({
      liked: true,
      match: false,
      created: true,
      id: b.id,
      name: "Bente",
    });
    // b sees a new like, on the profile screen an invitation to like back
    const bState = (await get(b, "/api/likes.php")).json();
    expect(bState.liked_by).toContainEqual({ id: a.id, like_new: true });
    expect(bState.new_likes).toBe(1);
    const noJs = await post(b, `/members/${a.id}/like`, { intent: "like", back: "/likes" });
    expect(noJs.status).toBe(302);
    expect(noJs.headers.location).toBe(`/members/${a.id}?match=1`);
    const moment = await get(b, noJs.headers.location!);
    expect(moment.html).toContain('data-testid="match-dialog"');
    expect(moment.html).toContain("You and Arjen like each other.");
    expect(moment.html).toContain(`href="/members/${a.id}/chat"`);
    // ?match=1 without a match shows no moment
    const c = await createMember({});
    expect((await get(b, `/members/${c.profile.id}?match=1`)).html).not.toContain('data-testid="match-dialog"');
    for (const [m, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const state = (await get(m, "/api/likes.php")).json();
      expect(state.matches).toContain(other.id);
      expect(state.profiles.find((p: { id: number }) => p.id === other.id)).toMatchObject({ liked: true, likes_you: true, match: true });
    }
    // unliking ends the match
    await post(a, `/members/${b.id}/like`, { intent: "unlike" });
    expect((await get(b, "/api/likes.php")).json().matches).not.toContain(a.id);
  });

  it("two members liking each other at the same moment: exactly one of them sees the match moment", async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, async () => [await member({ gender: "male" }), await member({ gender: "female" })] as const));
    const answers = await Promise.all(
      pairs.map(([a, b]) =>
        Promise.all([post(a, `/members/${b.id}/like`, { intent: "like", js: "1" }), post(b, `/members/${a.id}/like`, { intent: "like", js: "1" })]),
      ),
    );
    for (const [ra, rb] of answers) expect([ra.json().match, rb.json().match].filter(Boolean)).toHaveLength(1);
  });
});

describe("like_new", () => {
  it("opening the liker's profile (/members/{id} or /likes/m/{id}) clears only that like's flag", async () => {
    const me = await member();
    const first = await member({ gender: "male" });
    const second = await member({ gender: "male" });
    await post(first, `/members/${me.id}/like`, { intent: "like" });
    await post(second, `/members/${me.id}/like`, { intent: "like" });
    const flags = async () =>
      Object.fromEntries((await get(me, "/api/likes.php")).json().liked_by.map((l: { id: number; like_new: boolean }) => [l.id, l.like_new]));
    expect(await flags()).toMatchObject({ [first.id]: true, [second.id]: true });
    // a visitor or another member opening the profile changes nothing
    await request(server, `/members/${first.id}`, { host: "lovely.localhost" });
    await get(second, `/members/${first.id}`);
    expect(await flags()).toMatchObject({ [first.id]: true, [second.id]: true });
    expect((await get(me, `/members/${first.id}`)).status).toBe(200);
    expect(await flags()).toMatchObject({ [first.id]: false, [second.id]: true });
    expect((await get(me, `/likes/m/${second.id}`)).status).toBe(200);
    expect(await flags()).toMatchObject({ [first.id]: false, [second.id]: false });
    expect((await get(me, "/api/likes.php")).json().new_likes).toBe(0);
  });

  it("likes of members the member may not see are neither listed nor counted", async () => {
    const me = await member();
    const hidden = await member({ gender: "male" });
    const blocked = await member({ gender: "male" });
    await post(hidden, `/members/${me.id}/like`, { intent: "like" });
    await post(blocked, `/members/${me.id}/like`, { intent: "like" });
    await getDb().profile.update({ where: { id: hidden.id }, data: { invisible: true } });
    await getDb().block.create({ data: { blockerId: me.id, blockedId: blocked.id } });
    const state = (await get(me, "/api/likes.php")).json();
    expect(state.liked_by).toEqual([]);
    expect(state.new_likes).toBe(0);
    expect(cardIds((await get(me, "/likes")).html)).toEqual([]);
    // the top bar's badge, counted in the statement that reads the session
    expect((await get(me, "/members")).html).not.toMatch(/data-testid="new-likes-badge"/);
    const fan = await member({ gender: "male" });
    await post(fan, `/members/${me.id}/like`, { intent: "like" });
    expect((await get(me, "/members")).html).toMatch(/data-testid="new-likes-badge"[^>]*>1</);
  });

  it("a session of a banned member, or an expired one, counts as none", async () => {
    const banned = await member();
    const expired = await member();
    expect((await get(banned, "/likes")).status).toBe(200);
    await getDb().user.update({ where: { siteKey_email: { siteKey: banned.site, email: banned.email } }, data: { status: "banned" } });
    await getDb().session.updateMany({ where: { user: { profile: { id: expired.id } } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const m of [banned, expired]) {
      const res = await get(m, "/likes");
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/^\/login/);
    }
  });
});

describe("GET /api/likes.php", () => {
  it("answers 403 authentication_required when logged out; private and never stored", async () => {
    const res = await request(server, "/api/likes.php", { host: "lovely.localhost" });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ authentication_required: true });
    const me = await member();
    const ok = await get(me, "/api/likes.php");
    expect(ok.status).toBe(200);
    expect(ok.headers["cache-control"]).toBe("private, no-store");
    expect(ok.json()).toEqual({ profiles: [], liked_by: [], likes: [], matches: [], new_likes: 0 });
  });
});

describe("likes pages", () => {
  it("/likes opens on the likes received with new ones marked; liked and matches tabs; empty states; 404 for other tabs", async () => {
    const me = await member({ gender: "male" });
    const fan = await member({ gender: "female", name: "Fanny" });
    const crush = await createMember({ gender: "female", name: "Crush" });
    const mutual = await member({ gender: "female", name: "Mutual" });
    await post(fan, `/members/${me.id}/like`, { intent: "like" });
    await post(me, `/members/${crush.profile.id}/like`, { intent: "like" });
    await post(me, `/members/${mutual.id}/like`, { intent: "like" });
    await post(mutual, `/members/${me.id}/like`, { intent: "like" });

    const received = await get(me, "/likes");
    expect(received.status).toBe(200);
    expect(received.headers["cache-control"]).toBe("private, no-store");
    expect(cardIds(received.html)).toEqual([mutual.id, fan.id]); // newest first
    expect(received.html).toMatch(new RegExp(`data-profile-id="${fan.id}" data-like-new="true"`));
    expect(received.html).toContain('data-testid="likes-new-count"');
    expect(cardIds((await get(me, "/likes/received")).html)).toEqual([mutual.id, fan.id]);
    expect(cardIds((await get(me, "/likes/liked")).html)).toEqual([mutual.id, crush.profile.id]);
    const matches = await get(me, "/likes/matches");
    expect(cardIds(matches.html)).toEqual([mutual.id]);
    expect(matches.html).toContain(`href="/members/${mutual.id}/chat"`);

    const fresh = await member();
    const empty = await get(fresh, "/likes/matches");
    expect(empty.html).toContain('data-testid="likes-empty"');
    expect(empty.html).toContain("No matches yet");
    expect(empty.html).toContain('href="/swipe-game"');
    expect((await get(fresh, "/likes/m")).status).toBe(404);
    expect((await get(fresh, "/likes/everything")).status).toBe(404);
    const visitor = await request(server, "/likes/liked", { host: "lovely.localhost" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe("/login?redirectTo=%2Flikes%2Fliked");
  });

  it("the tab counts and the new-likes count leave out profiles the member may not see", async () => {
    const me = await member({ gender: "male" });
    const mutual = await member({ gender: "female" });
    const fan = await member({ gender: "female" });
    const crush = await createMember({ gender: "female" });
    const hiddenFan = await member({ gender: "female" });
    const blockingCrush = await member({ gender: "female" });
    const blockedFan = await member({ gender: "female" });
    const elsewhere = await member({ gender: "male", site: "pride" });
    for (const other of [mutual, blockingCrush]) await post(me, `/members/${other.id}/like`, { intent: "like" });
    await post(me, `/members/${crush.profile.id}/like`, { intent: "like" });
    for (const other of [mutual, fan, hiddenFan, blockedFan]) await post(other, `/members/${me.id}/like`, { intent: "like" });
    // what the page would have counted before: likes between sites cannot be given, so one is written
    await getDb().like.create({ data: { likerId: elsewhere.id, likedId: me.id, source: "search" } });
    await getDb().profile.update({ where: { id: hiddenFan.id }, data: { invisible: true } });
    await getDb().block.create({ data: { blockerId: blockingCrush.id, blockedId: me.id } });
    await getDb().block.create({ data: { blockerId: me.id, blockedId: blockedFan.id } });

    const html = (await get(me, "/likes")).html;
    const countOf = (tab: string) => Number(new RegExp(`data-testid="likes-tab-${tab}"[\\s\\S]*?>(\\d+)</span>`).exec(html)?.[1]);
    expect({ liked: countOf("liked"), received: countOf("received"), matches: countOf("matches") }).toEqual({ liked: 2, received: 2, matches: 1 });
    expect(html).toMatch(/data-testid="likes-new-count"[^>]*>2 new</);
  });

  it("search cards and the profile screen carry like buttons that say whether the member liked", async () => {
    const me = await member({ gender: "male" });
    const her = await createMember({ gender: "female", country: "IE", region: "Kerry", age: 66 });
    await post(me, `/members/${her.profile.id}/like`, { intent: "like" });
    const search = await get(me, "/members?gender=female&country=IE&countryregion=Kerry&min_age=66&max_age=66");
    expect(search.html).toMatch(new RegExp(`data-profile-id="${her.profile.id}"[\\s\\S]*?action="/members/${her.profile.id}/like"[\\s\\S]*?data-liked="true"`));
    // a card of someone who liked the member says so: a like there is a match
    const fan = await member({ gender: "female", country: "IE", region: "Kerry", age: 66, name: "Fiona" });
    await post(fan, `/members/${me.id}/like`, { intent: "like" });
    const again = await get(me, "/members?gender=female&country=IE&countryregion=Kerry&min_age=66&max_age=66");
    expect(again.html).toMatch(new RegExp(`data-profile-id="${fan.id}"[\\s\\S]*?aria-label="Like Fiona back"`));
    const profile = await get(me, `/members/${her.profile.id}`);
    expect(profile.html).toContain('data-testid="like-panel"');
    expect(profile.html).toMatch(/aria-pressed="true"[^>]*data-testid="like-button"/);
    // visitors get a way to log in instead
    expect((await request(server, `/members/${her.profile.id}`, { host: "lovely.localhost", headers: EN })).html).toContain('data-testid="like-login"');
  });
});

describe("swipe game", () => {
  async function player(country = "GB", o: MemberOptions = {}) {
    const me = await member({ gender: "male", seeking: "female", country, age: 33, ...o });
    const targets = await Promise.all(Array.from({ length: 10 }, () => createMember({ gender: "female", country, age: 33 })));
    return { me, targets: targets.map((t) => t.profile.id) };
  }

  it("10 parallel likes: exactly 4 stored, 6 refused with 429; then the game stops and says when it resumes, in the member's language", async () => {
    const { me, targets } = await player("GB");
    const results = await Promise.all(targets.map((id) => post(me, "/swipe-game", { intent: "like", target: String(id) })));
    expect(results.map((r) => r.status).sort()).toEqual([302, 302, 302, 302, 429, 429, 429, 429, 429, 429]);
    expect(await getDb().like.count({ where: { likerId: me.id, source: "swipe" } })).toBe(4);
    expect(await getDb().swipe.count({ where: { profileId: me.id, liked: true } })).toBe(4);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);

    const first = await getDb().swipe.findFirstOrThrow({ where: { profileId: me.id }, orderBy: { at: "asc" } });
    const resumes = new Date(first.at.getTime() + 86_400_000);
    const page = await get(me, "/swipe-game", { "accept-language": "de" });
    expect(page.html).toContain('data-testid="swipe-stopped"');
    expect(page.html).toContain(`Du hast deine Likes für heute verbraucht. Das Spiel geht am ${formatWeekdayTime(resumes, "de-GB", "Europe/London")} weiter.`);
    expect(page.html).not.toContain('data-testid="swipe-card"');
    // a day after the first like, one like is free again
    await getDb().swipe.update({
      where: { profileId_targetId: { profileId: me.id, targetId: first.targetId } },
      data: { at: new Date(Date.now() - 86_400_001) },
    });
    const again = await get(me, "/swipe-game");
    expect(again.html).toContain("1 like left today");
    expect(again.html).toContain('data-testid="swipe-card"');
  });

  it("a pass keeps the profile out of the stack for a day; a double like counts once; a pass cannot free a counted like", async () => {
    const { me, targets } = await player("IE");
    const seeker = (await loadSeeker(me.id))!;
    const site = getSiteRegistry().byKey.get("lovely")!;
    const top = async () => Number(/data-testid="swipe-card" data-profile-id="(\d+)"/.exec((await get(me, "/swipe-game")).html)?.[1]);
    const shown = await top();
    expect(shown).toBeGreaterThan(0);
    expect((await post(me, "/swipe-game", { intent: "pass", target: String(shown) })).status).toBe(302);
    expect(await top()).not.toBe(shown);
    expect((await swipeStack(site, seeker)).map((c) => c.id)).not.toContain(shown);
    // tomorrow it may come back
    const tomorrow = new Date(Date.now() + 86_400_001);
    const later = await swipeStack(site, seeker, tomorrow, []);
    expect(later.length).toBeGreaterThan(0);
    expect(
      await getDb().swipe.count({ where: { profileId: me.id, targetId: shown, liked: false, at: { gt: new Date(tomorrow.getTime() - 86_400_000) } } }),
    ).toBe(0);

    const [a, b] = targets as [number, number];
    await post(me, "/swipe-game", { intent: "like", target: String(a) });
    expect((await post(me, "/swipe-game", { intent: "like", target: String(a) })).status).toBe(302);
    expect((await get(me, "/swipe-game")).html).toContain("3 likes left today");
    await post(me, "/swipe-game", { intent: "pass", target: String(a) });
    expect(await getDb().swipe.findUnique({ where: { profileId_targetId: { profileId: me.id, targetId: a } } })).toMatchObject({ liked: true });
    await post(me, "/swipe-game", { intent: "like", target: String(b) });
    expect((await get(me, "/swipe-game")).html).toContain("2 likes left today");
    // liked profiles leave the stack
    expect((await swipeStack(site, seeker)).map((c) => c.id)).not.toContain(a);
  });

  it("a swipe like of someone who liked the member is a match; bad targets are 404 and cost nothing", async () => {
    const { me } = await player("BE");
    const fan = await member({ gender: "female", country: "BE", age: 33 });
    await post(fan, `/members/${me.id}/like`, { intent: "like" });
    const res = await post(me, "/swipe-game", { intent: "like", target: String(fan.id) });
    expect(res.headers.location).toBe(`/swipe-game?match=${fan.id}`);
    expect((await get(me, res.headers.location!)).html).toContain('data-testid="match-dialog"');
    const pride = await createMember({ site: "pride", country: "SE" });
    for (const target of [String(pride.profile.id), String(me.id), "abc", "99999999999", ""]) {
      expect((await post(me, "/swipe-game", { intent: "like", target })).status, target).toBe(404);
    }
    expect((await post(me, "/swipe-game", { intent: "maybe", target: String(fan.id) })).status).toBe(400);
    expect(await getDb().swipe.count({ where: { profileId: me.id } })).toBe(1);
  });
});

describe("auto-like (GET /api/auto-like.php)", () => {
  it("likes a likely match the member had not liked, once a day; logged out 403; not from another site", async () => {
    const me = await member({ gender: "male", seeking: "female", country: "NL", age: 40 });
    const liked = await createMember({ gender: "female", country: "NL", age: 40, photos: 1 });
    await post(me, `/members/${liked.profile.id}/like`, { intent: "like" });
    const res = await get(me, "/api/auto-like.php");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const profile = res.json();
    expect(profile).toMatchObject({ liked: true });
    expect(profile.id).not.toBe(liked.profile.id);
    const target = await getDb().profile.findUniqueOrThrow({ where: { id: profile.id } });
    expect(target).toMatchObject({ gender: "female", status: "active", invisible: false });
    expect(["lovely", "mature"]).toContain(target.siteKey);
    expect(await likeOf(me.id, profile.id)).toMatchObject({ source: "auto" });
    // within the day: the same profile, no new like
    expect((await get(me, "/api/auto-like.php")).json().id).toBe(profile.id);
    expect(await getDb().like.count({ where: { likerId: me.id, source: "auto" } })).toBe(1);

    expect((await request(server, "/api/auto-like.php", { host: "lovely.localhost" })).json()).toEqual({ authentication_required: true });
    const cross = await get(me, "/api/auto-like.php", { ...EN, "sec-fetch-site": "cross-site" });
    expect(cross.status).toBe(403);
  });
});

describe("match-finder and signup-matches", () => {
  it("shows likely matches: the gender sought, ages around the member's, the member's country first, shared interests first, no one already liked", async () => {
    const me = await member({ gender: "male", seeking: "female", country: "IE", age: 30 });
    const interests: Interest[] = ["bbq", "sushi", "gardening"];
    await getDb().profile.update({ where: { id: me.id }, data: { interests } });
    const best = await createMember({ gender: "female", country: "IE", age: 31, lastActiveAt: new Date(Date.now() - 3_600_000) });
    await getDb().profile.update({ where: { id: best.profile.id }, data: { interests } });
    const plain = await createMember({ gender: "female", country: "IE", age: 30 });
    const tooOld = await createMember({ gender: "female", country: "IE", age: 55 });
    const man = await createMember({ gender: "male", country: "IE", age: 30 });
    const likedAlready = await createMember({ gender: "female", country: "IE", age: 30 });
    await post(me, `/members/${likedAlready.profile.id}/like`, { intent: "like" });

    const page = await get(me, "/match-finder");
    expect(page.status).toBe(200);
    const ids = cardIds(page.html);
    expect(ids).toContain(best.profile.id);
    expect(ids.indexOf(best.profile.id)).toBeLessThan(ids.includes(plain.profile.id) ? ids.indexOf(plain.profile.id) : Infinity);
    for (const out of [tooOld, man, likedAlready]) expect(ids).not.toContain(out.profile.id);
    expect(page.html).toContain("3 interests in common");
    const rows = await getDb().profile.findMany({ where: { id: { in: ids } }, select: { id: true, country: true, gender: true } });
    expect(rows.every((r) => r.gender === "female")).toBe(true);
    const countries = ids.map((id) => rows.find((r) => r.id === id)!.country);
    // Irish profiles before any other country's
    expect(countries.indexOf("IE")).toBe(0);
    expect(countries.lastIndexOf("IE")).toBe(countries.filter((c) => c === "IE").length - 1);

    // the signup flow's last step leads here
    expect((await get(me, "/signup?step=confirm")).html).toContain('href="/signup-matches"');
    const signup = await get(me, "/signup-matches");
    expect(signup.html).toContain('data-testid="signup-matches"');
    expect(signup.html).toContain('href="/members?api_signup_complete=1"');
    expect(cardIds(signup.html).length).toBeLessThanOrEqual(12);
    expect((await request(server, "/match-finder", { host: "lovely.localhost" })).status).toBe(302);
  });
});
