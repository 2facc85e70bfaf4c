// Search, profile view, blocking, invisible mode, photo visibility and profile editing over HTTP.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { CookieJar } from "#tests/support/session.ts";
import { createMember } from "#tests/support/factories.ts";
import { logIn } from "#tests/support/logged-in.ts";

const server = useTestServer();

const EN = { "accept-language": "en" };
/** The search results' card ids (not the similar results or other profiles below them). */
const cardIds = (body: string) => [...body.split(/data-testid="search-(?:similar|others)"/)[0]!.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));

const session = (host: string, email: string) => logIn(server, email, host);

async function search(host: string, query: string, jar?: CookieJar) {
  return request(server, `/members?${query}`, { host, headers: { ...EN, ...(jar ? { cookie: jar.header } : {}) } });
}

describe("members search", () => {
  it("filters by gender, country, region and age", async () => {
    const target = await createMember({ gender: "female", country: "IE", region: "Galway", age: 41 });
    const man = await createMember({ gender: "male", country: "IE", region: "Galway", age: 41 });
    const hit = await search("lovely.localhost", "gender=female&country=IE&countryregion=Galway&min_age=40&max_age=42");
    expect(cardIds(hit.html)).toContain(target.profile.id);
    expect(cardIds(hit.html)).not.toContain(man.profile.id);
    expect(cardIds((await search("lovely.localhost", "gender=female&country=IE&min_age=42&max_age=50")).html)).not.toContain(target.profile.id);
    expect(cardIds((await search("lovely.localhost", "gender=female&country=GB&min_age=40&max_age=42")).html)).not.toContain(target.profile.id);
  });

  it("shows network members only where both sites resell them", async () => {
    const fromPride = await createMember({ site: "pride", gender: "female", country: "DE", age: 52 });
    const fromMature = await createMember({ site: "mature", gender: "female", country: "DE", age: 52 });
    const lovely = cardIds((await search("lovely.localhost", "gender=female&country=DE&min_age=52&max_age=52")).html);
    expect(lovely).toContain(fromMature.profile.id);
    // pride keeps its members to itself
    expect(lovely).not.toContain(fromPride.profile.id);
    // pride does not resell: only its own members, and only in its countries
    const ownPride = await createMember({ site: "pride", gender: "male", country: "SE", age: 33 });
    const lovelyMan = await createMember({ site: "lovely", gender: "male", country: "DE", age: 33 });
    const pride = await search("pride.localhost", "gender=male&min_age=33&max_age=33");
    expect(cardIds(pride.html)).toContain(ownPride.profile.id);
    expect(cardIds(pride.html)).not.toContain(lovelyMan.profile.id);
  });

  it("takes the niche's defaults: men on the gay site, 35+ on the milf site", async () => {
    const pride = await search("pride.localhost", "");
    const genderSelect = /<select[^>]*name="gender"[^>]*>[\s\S]*?<\/select>/.exec(pride.html)?.[0];
    expect(genderSelect).toMatch(/<option value="male" selected/);
    const partnerVisitor = new CookieJar();
    partnerVisitor.take(await request(server, "/?ref=partner", { host: "mature.localhost" }));
    const mature = await search("mature.localhost", "", partnerVisitor);
    expect(/<input[^>]*name="min_age"[^>]*>/.exec(mature.html)?.[0]).toMatch(/value="35"/);
  });

  it("follows the logged-out visibility rules of each site", async () => {
    expect((await search("lovely.localhost", "")).html).toContain('data-testid="search-form"');
    const mature = await search("mature.localhost", "");
    expect(mature.html).toContain('data-testid="search-hidden"');
    const jar = new CookieJar();
    jar.take(await request(server, "/?network=adnet&sub2=x", { host: "mature.localhost" }));
    expect((await search("mature.localhost", "", jar)).html).toContain('data-testid="search-form"');
    const member = await createMember({ site: "mature", country: "AT" });
    expect((await search("mature.localhost", "", await session("mature.localhost", member.email))).html).toContain('data-testid="search-form"');
  });

  it("pages for a member: load more appends without JavaScript and shows the total", async () => {
    for (let i = 0; i < 30; i++) await createMember({ gender: "female", country: "GB", region: "Wales", age: 64 });
    const jar = await session("lovely.localhost", (await createMember({ gender: "male", seeking: "female" })).email);
    const q = "gender=female&country=GB&countryregion=Wales&min_age=64&max_age=64";
    const first = await search("lovely.localhost", q, jar);
    expect(cardIds(first.html)).toHaveLength(24);
    expect(first.html).toMatch(/data-testid="search-total"[^>]*>\d+ members found/);
    expect(first.html).not.toContain('data-testid="search-signup-more"');
    const more = /href="(\/members\?[^"]*upto=2[^"]*)"/.exec(first.body)?.[1]?.replace(/&amp;/g, "&");
    expect(more).toBeTruthy();
    const both = await request(server, more!, { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    const ids = cardIds(both.html);
    expect(ids.length).toBeGreaterThanOrEqual(30);
    expect(ids.slice(0, 24)).toEqual(cardIds(first.html));
    const second = await search("lovely.localhost", `${q}&page=2`, jar);
    expect(cardIds(second.html)).toEqual(ids.slice(24, 48));

    // spec section 6: a visitor's search is limited to the first page, then the signup
    const visitor = await search("lovely.localhost", q);
    expect(cardIds(visitor.html)).toEqual(cardIds(first.html));
    const total = (html: string) => Number(/data-testid="search-total"[^>]*>(\d+) members found/.exec(html)?.[1]);
    expect(total(visitor.html)).toBeGreaterThanOrEqual(30);
    expect(total(visitor.html)).toBe(total(first.html));
    expect(visitor.html).not.toContain('data-testid="load-more"');
    expect(visitor.html).toMatch(/data-testid="search-signup-more"[\s\S]*Sign up for free to see all the members who match your search\./);
    for (const beyond of [`${q}&page=2`, `${q}&upto=2`]) expect(cardIds((await search("lovely.localhost", beyond)).html)).toEqual(cardIds(first.html));
  });

  it("leaves invisible members out", async () => {
    const hidden = await createMember({ gender: "female", country: "NL", region: "Zeeland", age: 27, invisible: true });
    expect(cardIds((await search("lovely.localhost", "gender=female&country=NL&min_age=27&max_age=27")).html)).not.toContain(hidden.profile.id);
    expect((await request(server, `/members/${hidden.profile.id}`, { host: "lovely.localhost" })).status).toBe(404);
  });
});

describe("profile view", () => {
  it("answers 404 for disabled, unknown and out-of-pool profiles", async () => {
    const disabled = await createMember({ status: "disabled" });
    const prideOnly = await createMember({ site: "pride", country: "SE" });
    expect((await request(server, `/members/${disabled.profile.id}`, { host: "lovely.localhost" })).status).toBe(404);
    expect((await request(server, "/members/999999999", { host: "lovely.localhost" })).status).toBe(404);
    expect((await request(server, "/members/abc", { host: "lovely.localhost" })).status).toBe(404);
    // lovely and mature resell each other's members; pride does not resell
    const lovelyMember = await createMember({ site: "lovely" });
    const matureMember = await createMember({ site: "mature", country: "DE" });
    expect((await request(server, `/members/${matureMember.profile.id}`, { host: "lovely.localhost" })).status).toBe(200);
    expect((await request(server, `/members/${prideOnly.profile.id}`, { host: "lovely.localhost" })).status).toBe(404);
    expect((await request(server, `/members/${lovelyMember.profile.id}`, { host: "pride.localhost" })).status).toBe(404);
  });

  it("shows a free member only the main photo, a premium member all photos", async () => {
    const subject = await createMember({ photos: 3 });
    const free = await createMember({});
    const premium = await createMember({ paidUser: true });
    const photosIn = (body: string) => (body.match(/data-testid="profile-photo"/g) ?? []).length;
    expect(photosIn((await request(server, `/members/${subject.profile.id}`, { host: "lovely.localhost" })).html)).toBe(1);
    expect(
      photosIn(
        (
          await request(server, `/members/${subject.profile.id}`, {
            host: "lovely.localhost",
            headers: { cookie: (await session("lovely.localhost", free.email)).header },
          })
        ).html,
      ),
    ).toBe(1);
    expect(
      photosIn(
        (
          await request(server, `/likes/m/${subject.profile.id}`, {
            host: "lovely.localhost",
            headers: { cookie: (await session("lovely.localhost", premium.email)).header },
          })
        ).html,
      ),
    ).toBe(3);
  });

  it("labels fictional profiles with the site's icon and warning", async () => {
    const fictional = await createMember({ fictional: true, gender: "female", country: "BE", age: 38 });
    const page = await request(server, `/members/${fictional.profile.id}`, { host: "lovely.localhost", headers: EN });
    expect(page.html).toContain('data-testid="fictional-warning"');
    // an icon that ships with the app (an emoji is an empty box without an emoji font) and a word for it
    expect(page.html).not.toContain("🎭");
    expect(page.html).toMatch(/data-testid="fictional-icon"><svg/);
    // and a visible label beside the name, not an icon alone where other sites put their "verified" tick
    expect(page.html).toMatch(/data-testid="fictional-mark"><svg[^]*?<span class="inline-block truncate first-letter:uppercase">fictional profile<\/span>/);
    const list = await search("lovely.localhost", "gender=female&country=BE&min_age=38&max_age=38");
    expect(list.html).toMatch(
      new RegExp(`data-profile-id="${fictional.profile.id}"[\\s\\S]*?data-testid="fictional-mark"><svg[^]*?first-letter:uppercase">fictional profile</span>`),
    );
  });

  it("shows only the fields the site lists", async () => {
    const m = await createMember({ site: "mature", gender: "female", country: "DE", age: 50 });
    await getDb().profile.update({ where: { id: m.profile.id }, data: { sexuality: "bi", tattoos: true, relationship: "widowed" } });
    const visitor = new CookieJar();
    visitor.take(await request(server, "/?ref=bench", { host: "mature.localhost" })); // mature shows members to visitors from partners only
    const onMature = await request(server, `/members/${m.profile.id}`, { host: "mature.localhost", headers: { cookie: `lng=en; ${visitor.header}` } });
    const fields = (html: string) => /data-testid="profile-fields"[^>]*>([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? "";
    expect(fields(onMature.html)).toContain("Widowed");
    expect(fields(onMature.html)).not.toContain("Bisexual"); // mature's visible_profile_fields leave out sexuality and tattoos
    const onLovely = await request(server, `/members/${m.profile.id}`, { host: "lovely.localhost", headers: EN });
    expect(fields(onLovely.html)).toContain("Bisexual");
  });
});

describe("blocking", () => {
  it("a blocked member cannot reach the blocker anywhere", async () => {
    const blocker = await createMember({ name: "Blocker", gender: "female", country: "NL", region: "Drenthe", age: 45 });
    const blocked = await createMember({ gender: "male", country: "NL", region: "Drenthe", age: 45 });
    const blockerJar = await session("lovely.localhost", blocker.email);
    const query = "gender=male&country=NL&countryregion=Drenthe&min_age=45&max_age=45";
    const total = (html: string) => Number(/data-testid="search-total">(\d+)/.exec(html)?.[1]);
    const before = total((await search("lovely.localhost", query, blockerJar)).html);
    expect(before).toBeGreaterThanOrEqual(1);
    const res = blockerJar.take(
      await postForm(server, `/members/${blocked.profile.id}`, { intent: "block" }, { host: "lovely.localhost", headers: { cookie: blockerJar.header } }),
    );
    expect(res.status).toBe(302);
    // the search the blocker lands on says what happened, once, and counts one member less
    const landed = blockerJar.take(await search("lovely.localhost", query, blockerJar));
    expect(landed.html).toMatch(/data-testid="toast"[^>]*>[\s\S]*You blocked .+\. They no longer appear in your search\./);
    expect(total(landed.html)).toBe(before - 1);
    expect((await search("lovely.localhost", query, blockerJar)).html).not.toContain('data-testid="toast"');

    const blockedJar = await session("lovely.localhost", blocked.email);
    const view = await request(server, `/members/${blocker.profile.id}`, { host: "lovely.localhost", headers: { ...EN, cookie: blockedJar.header } });
    expect(view.status).toBe(403);
    expect(view.html).toContain("You&#x27;re blocked by Blocker. You do not have access to this page.");
    const viaLikes = await request(server, `/likes/m/${blocker.profile.id}`, { host: "lovely.localhost", headers: { cookie: blockedJar.header } });
    expect(viaLikes.status).toBe(403);
    const results = await search("lovely.localhost", "gender=female&country=NL&countryregion=Drenthe&min_age=45&max_age=45", blockedJar);
    expect(cardIds(results.html)).not.toContain(blocker.profile.id);
    // and the blocker no longer sees the blocked member either, until unblocking
    const blockerResults = await search("lovely.localhost", "gender=male&country=NL&countryregion=Drenthe&min_age=45&max_age=45", blockerJar);
    expect(cardIds(blockerResults.html)).not.toContain(blocked.profile.id);
    await postForm(server, `/members/${blocked.profile.id}`, { intent: "unblock" }, { host: "lovely.localhost", headers: { cookie: blockerJar.header } });
    expect((await request(server, `/members/${blocker.profile.id}`, { host: "lovely.localhost", headers: { cookie: blockedJar.header } })).status).toBe(200);
  });
});

describe("profile editing", () => {
  it("saves every field and shows it in the member's language", async () => {
    const m = await createMember({ site: "lovely", country: "NL" });
    const jar = await session("lovely.localhost", m.email);
    const fields = {
      name: "Marieke",
      gender: "female",
      seeking: "male",
      sexuality: "bi",
      relationship: "divorced",
      hairColor: "dark_blond",
      eyeColor: "hazel",
      bodyType: "slim",
      tattoos: "yes",
      country: "NL",
      region: "Utrecht",
      city: "Amersfoort",
      aboutMe: "Fietsen en koffie.",
    };
    const body = new URLSearchParams(fields);
    for (const i of ["cooking", "hiking", "wine"]) body.append("interests", i);
    const saved = await request(server, "/profile", {
      host: "lovely.localhost",
      method: "POST",
      headers: { cookie: jar.header, "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    expect(saved.status).toBe(200);
    expect(await getDb().profile.findUnique({ where: { id: m.profile.id } })).toMatchObject({
      name: "Marieke",
      sexuality: "bi",
      relationship: "divorced",
      hairColor: "dark_blond",
      eyeColor: "hazel",
      bodyType: "slim",
      tattoos: true,
      region: "Utrecht",
      city: "Amersfoort",
      aboutMe: "Fietsen en koffie.",
      interests: ["cooking", "hiking", "wine"],
    });
    const nl = JSON.parse(readFileSync("app/locales/nl/common.json", "utf8"));
    const view = await request(server, `/members/${m.profile.id}`, { host: "lovely.localhost", headers: { cookie: "lng=nl" } });
    for (const text of [nl.profile.relationship.divorced, nl.profile.hair.dark_blond, nl.profile.eye.hazel, nl.profile.interests.hiking])
      expect(view.html).toContain(text);

    const bad = await request(server, "/profile", {
      host: "lovely.localhost",
      method: "POST",
      headers: { ...EN, cookie: jar.header, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...fields, region: "Bayern" }).toString(),
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Choose a region of the selected country");
  });
});

describe("photo uploads", () => {
  it("refuses a file over 10 MB while reading it, and a file that is no image", async () => {
    const m = await createMember({});
    const jar = await session("lovely.localhost", m.email);
    const post = async (bytes: Buffer, type: string) => {
      const form = new FormData();
      form.append("intent", "photo-upload");
      form.append("photo", new Blob([new Uint8Array(bytes)], { type }), "upload.jpg");
      const body = new Response(form);
      return request(server, "/profile", {
        host: "lovely.localhost",
        method: "POST",
        headers: { ...EN, cookie: jar.header, "content-type": body.headers.get("content-type")! },
        body: Buffer.from(await body.arrayBuffer()),
      });
    };
    const big = await post(Buffer.alloc(10 * 1024 * 1024 + 1, 1), "image/jpeg");
    expect(big.status).toBe(413);
    expect(big.html).toContain("This photo is larger than 10 MB.");
    const text = await post(Buffer.from("not an image at all, just text"), "image/jpeg");
    expect(text.status).toBe(400);
    expect(text.html).toContain("This file is not a photo we can use.");
    expect(await getDb().photo.count({ where: { profileId: m.profile.id } })).toBe(0);
  });
});

describe("geography API", () => {
  it("serves regions, interests and offline geocoding", async () => {
    const regions = (await request(server, "/api/regions.php", { host: "lovely.localhost" })).json().regions;
    expect(regions.PL.label).toBe("voivodeship");
    expect(regions.CH.label).toBe("canton");
    expect((await request(server, "/api/interests.php", { host: "lovely.localhost" })).json().interests).toHaveLength(51);
    const geo = await request(server, "/api/geocode.php?lat=52.0907&lon=5.1214", { host: "lovely.localhost" });
    expect(geo.json().geocode).toMatchObject({ country: "NL", region: "Utrecht", city: "Utrecht" });
    expect((await request(server, "/api/geocode.php?lat=200&lon=5", { host: "lovely.localhost" })).status).toBe(400);
  });
});
