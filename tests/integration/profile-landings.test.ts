// Over HTTP: the three landings around one profile (/members/{id}/landing, landing2,
// landing3) and the partner offer cards (cam, resell).
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, textOf } from "#tests/support/logged-in.ts";
import { CookieJar } from "#tests/support/session.ts";

const server = useTestServer();

const EN = { "accept-language": "en" };
const DESIGNS = ["landing", "landing2", "landing3"] as const;
const NOT_FOUND = "This page could not be found";
const ABOUT = "I love long walks along the canals, good coffee and people who can laugh about themselves. ".repeat(4);
let n = 0;
const uniqueName = (base: string) => `${base}${Date.now() % 100000}${n++}`;

const get = (path: string, host = "lovely.localhost", headers: Record<string, string> = EN) => request(server, path, { host, headers });
const attr = (html: string, name: string) => [...html.matchAll(new RegExp(`${name}="([^"]*)"`, "g"))].map((m) => m[1]!);
/** The ids of the profile cards of landing2's strip. */
const similarIds = (html: string) => {
  const strip = /data-testid="landing-similar">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  return attr(strip, "data-profile-id").map(Number);
};

async function target(o: Parameters<typeof createMember>[0] = {}) {
  const m = await createMember({ photos: 1, age: 34, gender: "female", ...o, name: o.name ?? uniqueName("Mila") });
  await getDb().profile.update({ where: { id: m.profile.id }, data: { aboutMe: ABOUT, city: "Utrecht" } });
  return m;
}

function expectNotFound(res: TestResponse, what: string) {
  expect(res.status, what).toBe(404);
  expect(res.html, what).toContain(NOT_FOUND);
  expect(res.html, what).not.toContain("data-profile-landing=");
}

describe("profile landings", () => {
  it("render the profile on its own site in each of three designs, in the lander layout, ending in signup with that profile", async () => {
    const m = await target();
    const id = m.profile.id;
    const markers = { landing: 'data-testid="landing-hero-card"', landing2: 'data-testid="landing-similar"', landing3: 'data-testid="landing-chat"' };
    for (const design of DESIGNS) {
      const res = await get(`/members/${id}/${design}`);
      expect(res.status, design).toBe(200);
      const text = textOf(res.html);
      expect(res.html).toContain('data-layout="lander"');
      expect(res.html).toContain(`data-profile-landing="${design}"`);
      expect(res.html).toContain(`data-target-profile="${id}"`);
      expect(text).toContain(`${m.profile.name}, 34`);
      expect(res.html).toContain('data-testid="landing-city">Utrecht<');
      // the main photo, through a signed media URL of this site
      expect(attr(res.html, "src").some((src) => /^\/media\/\d+\/[\w-]{32}\/fixture\//.test(src))).toBe(true);
      // every call to action is the signup with this profile as the target
      const ctas = [...res.html.matchAll(/<a [^>]*data-testid="lander-signup"[^>]*>/g)].map((a) => a[0]);
      expect(ctas.length, design).toBeGreaterThan(0);
      for (const a of ctas) expect(a).toContain(`href="/members/${id}/signup"`);
      for (const [other, marker] of Object.entries(markers)) {
        if (other === design) expect(res.html, design).toContain(marker);
        else expect(res.html, `${design} has ${other}'s marker`).not.toContain(marker);
      }
    }
    // the teaser: the first words of the profile's own text, cut short
    const one = textOf((await get(`/members/${id}/landing`)).html);
    expect(one).toContain("“I love long walks along the canals, good coffee and people who can laugh about themselves. I love long walks");
    expect(one).not.toContain(ABOUT.trim());
    expect(one).toContain(`Meet ${m.profile.name}`);
    expect(textOf((await get(`/members/${id}/landing3`)).html)).toContain(`${m.profile.name} sent you a message`);
  });

  it("speak the visitor's language and carry the site's brand", async () => {
    const m = await target();
    const nl = await get(`/members/${m.profile.id}/landing`, "lovely.localhost", { "accept-language": "nl" });
    expect(nl.html).toContain('lang="nl"');
    expect(textOf(nl.html)).toContain(`Maak kennis met ${m.profile.name}`);
    expect(textOf(nl.html)).toContain("Meld je gratis aan bij Lovely Dates");
    expect(nl.html).toContain("/brands/lovely.svg");
    const de = await get(`/members/${m.profile.id}/landing3`, "lovely.localhost", { "accept-language": "de" });
    expect(textOf(de.html)).toContain(`${m.profile.name} hat dir eine Nachricht geschickt`);
  });

  it("show the entry warning to visitors from NL and DE as the other landers do", async () => {
    const m = await target();
    const nl = await get(`/members/${m.profile.id}/landing2`, "lovely.localhost", { ...EN, "cf-ipcountry": "NL" });
    expect(nl.html).toContain('data-testid="entry-warning"');
    const gb = await get(`/members/${m.profile.id}/landing2`, "lovely.localhost", { ...EN, "cf-ipcountry": "GB" });
    expect(gb.status).toBe(200);
    expect(gb.html).not.toContain('data-testid="entry-warning"');
  });

  it("take headline and copy from the slug of the site's lander content; an unknown or foreign slug is a 404", async () => {
    const m = await target();
    const id = m.profile.id;
    const summer = await get(`/members/${id}/landing2/summer`);
    expect(summer.status).toBe(200);
    expect(textOf(summer.html)).toContain("Summer dates start here");
    expect(summer.html).toContain('data-slug="summer"');
    const zomer = await get(`/members/${id}/landing3/summer`, "lovely.localhost", { "accept-language": "nl" });
    expect(textOf(zomer.html)).toContain("Zomerdates beginnen hier");
    // "crush" serves only the profile landings
    expect(textOf((await get(`/members/${id}/landing3/crush`)).html)).toContain("Your crush is one message away");
    expectNotFound(await get("/landers/gallery/crush"), "/landers/gallery/crush");
    for (const path of [
      `/members/${id}/landing2/nope`,
      `/members/${id}/landing3/__proto__`,
      `/members/${id}/landing2/constructor`,
      `/members/${id}/landing2/SUMMER`,
      `/members/${id}/landing2/${"a".repeat(300)}`,
      `/members/${id}/landing/summer`,
    ]) {
      expectNotFound(await get(path), path);
    }
    // pride's content set (niche gay) has its own "summer", but neither "crush" nor "men-30"
    const pride = await target({ site: "pride", gender: "male" });
    expect((await get(`/members/${pride.profile.id}/landing2`, "pride.localhost")).status).toBe(200);
    expect((await get(`/members/${pride.profile.id}/landing2/summer`, "pride.localhost")).status).toBe(200);
    expectNotFound(await get(`/members/${pride.profile.id}/landing2/crush`, "pride.localhost"), "pride crush");
    expectNotFound(await get(`/members/${pride.profile.id}/landing3/men-30`, "pride.localhost"), "pride men-30");
  });

  it("answer any profile this site may not show, and junk ids, with the 404 page", async () => {
    const pride = await target({ site: "pride", gender: "male" });
    const disabled = await target({ status: "disabled" });
    const hidden = await target({ invisible: true });
    const deleted = await target();
    await getDb().user.delete({ where: { id: deleted.user.id } });
    const cases: [string, string | number][] = [
      ["another site's profile (pride does not resell)", pride.profile.id],
      ["a disabled profile", disabled.profile.id],
      ["an invisible profile", hidden.profile.id],
      ["a deleted profile", deleted.profile.id],
      ["an id never used", 2_000_000_000],
      ["zero", "0"],
      ["negative", "-1"],
      ["letters", "abc"],
      ["mixed", "12abc"],
      ["exponent", "1e3"],
      ["huge", "99999999999999999999999"],
      ["leading zero", `0${pride.profile.id}`],
      ["encoded dots", "%2e%2e"],
      ["encoded slash", "1%2f..%2f2"],
    ];
    for (const design of DESIGNS) {
      for (const [what, id] of cases) expectNotFound(await get(`/members/${id}/${design}`), `${design}: ${what}`);
    }
    // and the other way round: lovely's member is not pride's to show
    const lovely = await target();
    expectNotFound(await get(`/members/${lovely.profile.id}/landing`, "pride.localhost"), "lovely's profile on pride");
    // a path trick is a 404 or normalised away, never a landing or a 500
    for (const path of [`/members/..%2f..%2fetc/landing`, `/members/${lovely.profile.id}/landing2/..%2f..`]) {
      const res = await get(path);
      expect([301, 302, 308, 404], path).toContain(res.status);
      expect(res.html, path).not.toContain("data-profile-landing=");
    }
    // %2e%2e is a ".." segment to the URL parser: what is left is the profile page itself
    const dots = await get(`/members/${lovely.profile.id}/landing3/%2e%2e`);
    expect(dots.status).toBe(200);
    expect(dots.html).not.toContain("data-profile-landing=");
    expect(dots.html).not.toContain('data-layout="lander"');
  });

  it("keep the landing's strip to visible profiles of the site's pool", async () => {
    const m = await target();
    // an invisible look-alike, more recently active than anyone: never in the strip
    const hidden = await createMember({ photos: 1, age: 34, gender: "female", invisible: true, lastActiveAt: new Date(Date.now() + 3600_000) });
    const foreign = await createMember({ site: "pride", photos: 1, age: 34, gender: "female", lastActiveAt: new Date(Date.now() + 3600_000) });
    const res = await get(`/members/${m.profile.id}/landing2`);
    const ids = similarIds(res.html);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(m.profile.id);
    expect(ids).not.toContain(hidden.profile.id);
    expect(ids).not.toContain(foreign.profile.id);
    const rows = await getDb().profile.findMany({ where: { id: { in: ids } }, select: { siteKey: true, status: true, invisible: true, gender: true } });
    expect(rows).toHaveLength(ids.length);
    for (const r of rows) expect(r).toMatchObject({ status: "active", invisible: false, gender: "female" });
    expect(rows.every((r) => ["lovely", "mature"].includes(r.siteKey))).toBe(true);
  });

  it("send a logged-in member to the profile itself", async () => {
    const m = await target();
    const me = await loggedInMember(server, { gender: "male", seeking: "female" });
    for (const design of DESIGNS) {
      const res = await request(server, `/members/${m.profile.id}/${design}`, { host: me.host, headers: { ...EN, cookie: me.jar.header } });
      expect(res.status, design).toBe(302);
      expect(res.headers.location).toBe(`/members/${m.profile.id}`);
    }
    const pride = await target({ site: "pride" });
    expectNotFound(
      await request(server, `/members/${pride.profile.id}/landing`, { host: me.host, headers: { ...EN, cookie: me.jar.header } }),
      "member, other site's profile",
    );
  });

  it("on a site that shows members only to partner traffic, send other visitors to the signup with the target", async () => {
    const m = await target({ site: "mature", age: 52 });
    const plain = await get(`/members/${m.profile.id}/landing`, "mature.localhost");
    expect(plain.status).toBe(302);
    expect(plain.headers.location).toBe(`/members/${m.profile.id}/signup`);
    const partner = await get(`/members/${m.profile.id}/landing?ref=landing-test`, "mature.localhost");
    expect(partner.status).toBe(200);
    expect(textOf(partner.html)).toContain(`${m.profile.name}, 52`);
  });

  it("keep the tracking parameters; the signup from the landing writes to the profile and carries the source", async () => {
    const m = await target();
    const ref = `landing-${Date.now()}`;
    const jar = new CookieJar();
    const page = jar.take(await get(`/members/${m.profile.id}/landing3?network=adnet&ref=${ref}&sub1=s1&sub2=s2&sub3=s3`));
    expect(page.status).toBe(200);
    expect(jar.has("rdv_src")).toBe(true);
    const [visit] = await getDb().tracking.findMany({ where: { ref } });
    expect(visit).toMatchObject({ siteKey: "lovely", network: "adnet", sub1: "s1", sub2: "s2", sub3: "s3", landing: `/members/${m.profile.id}/landing3` });

    const email = `landing-${Date.now()}@example.test`;
    const signup = jar.take(
      await postForm(
        server,
        `/members/${m.profile.id}/signup`,
        {
          name: uniqueName("Tom"),
          email,
          password: "a long enough secret",
          date_of_birth: "1988-02-03",
          gender: "male",
          seeking: "female",
          target_profile: String(m.profile.id),
          signup_message: "Hi Mila, I came from your page!",
        },
        { host: "lovely.localhost", headers: { ...EN, cookie: jar.header, origin: "http://lovely.localhost" } },
      ),
    );
    expect(signup.status).toBe(302);
    const user = await getDb().user.findFirstOrThrow({ where: { email, siteKey: "lovely" }, include: { profile: true } });
    const conversation = await getDb().conversation.findFirstOrThrow({
      where: { startedById: user.profile!.id },
      include: { messages: true, participants: true },
    });
    expect(conversation.participants.map((p) => p.profileId).sort((a, b) => a - b)).toEqual([user.profile!.id, m.profile.id].sort((a, b) => a - b));
    expect(conversation.messages.map((x) => x.body)).toEqual(["Hi Mila, I came from your page!"]);
    expect((await getDb().tracking.findFirstOrThrow({ where: { ref } })).userId).toBe(user.id);
  });
});

describe("partner offer cards", () => {
  const offers = (html: string) => [...html.matchAll(/<a [^>]*data-testid="partner-offer"[^>]*>[\s\S]*?<\/a>/g)].map((x) => x[0]);

  it("appear in the members search of the site that configured them, marked as adverts", async () => {
    const res = await get("/members");
    expect(res.status).toBe(200);
    const cards = offers(res.html);
    expect(cards).toHaveLength(2);
    const [cam, resell] = cards;
    expect(cam).toContain('href="https://cams.partner.example/?aff=lovely"');
    expect(cam).toContain('data-offer-type="cam"');
    expect(textOf(cam!)).toContain("Live cams: chat now");
    expect(resell).toContain('href="https://singles.partner.example/join?aff=lovely"');
    expect(textOf(resell!)).toContain("More singles at our partner");
    for (const card of cards) {
      expect(card).toContain('target="_blank"');
      expect(card).toMatch(/rel="[^"]*\bsponsored\b[^"]*"/);
      expect(card).toMatch(/rel="[^"]*\bnoopener\b[^"]*"/);
      expect(card).toMatch(/data-testid="partner-offer-label">Partner offer</);
    }
    // in the visitor's language; the marketer's label where the site worded it
    const nl = offers((await get("/members", "lovely.localhost", { "accept-language": "nl" })).html);
    expect(nl.map((c) => /data-testid="partner-offer-label">([^<]*)</.exec(c)?.[1])).toEqual(["Partneraanbieding", "Partneraanbieding"]);
    expect(textOf(nl[0]!)).toContain("Live cams: chat nu");
    expect(textOf(nl[1]!)).toContain("Meer singles bij onze partner");
  });

  it("appear on the gallery lander and landing2 of that site only", async () => {
    const m = await target();
    expect(offers((await get("/landers/gallery")).html)).toHaveLength(2);
    expect(offers((await get(`/members/${m.profile.id}/landing2`)).html)).toHaveLength(2);
    expect(offers((await get(`/members/${m.profile.id}/landing`)).html)).toHaveLength(0);
    const p = await target({ site: "pride", gender: "male" });
    for (const path of ["/members", "/landers/gallery", `/members/${p.profile.id}/landing2`]) {
      const res = await get(path, "pride.localhost");
      expect(res.status, path).toBe(200);
      expect(offers(res.html), path).toHaveLength(0);
      expect(res.body, path).not.toContain("partner.example");
    }
  });
});
