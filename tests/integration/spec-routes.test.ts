// Spec routes that were missing: the language cookie of GET /api/settings.php (section 7),
// the user object's profile of GET /api/user.php (section 3), /complete-signup and the static
// pages at their top-level token ("Static pages: {token}").
import { describe, expect, it } from "vitest";
import { verifyMediaPath } from "#app/profiles/photo-url.server.ts";
import { handle } from "#app/routes/complete-signup.tsx";
import { getDb } from "#app/utils/db.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { CookieJar } from "#tests/support/session.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";

const server = useTestServer();

const EN = { "accept-language": "en" };
const setCookies = (res: { headers: Record<string, unknown> }) => [res.headers["set-cookie"] ?? []].flat().map(String);

describe("GET /api/settings.php", () => {
  it("sets the year-long language cookie from domain_language", async () => {
    const mature = await request(server, "/api/settings.php", { host: "mature.localhost", headers: EN });
    expect(mature.status).toBe(200);
    expect(mature.json().settings.domain_language).toBe("de");
    const cookie = setCookies(mature).find((c) => c.startsWith("lng="));
    expect(cookie).toMatch(/^lng=de;/);
    expect(cookie).toMatch(/Max-Age=31536000/i);
    expect(cookie).toMatch(/Path=\//i);
  });

  it("sets none for a site without domain_language, and keeps a language the visitor chose", async () => {
    const lovely = await request(server, "/api/settings.php", { host: "lovely.localhost" });
    expect(setCookies(lovely).filter((c) => c.startsWith("lng="))).toEqual([]);
    const chosen = await request(server, "/api/settings.php", { host: "mature.localhost", headers: { cookie: "lng=fr" } });
    expect(setCookies(chosen).filter((c) => c.startsWith("lng="))).toEqual([]);
    const foreign = await request(server, "/api/settings.php", { host: "mature.localhost", headers: { cookie: "lng=sv" } });
    expect(setCookies(foreign).find((c) => c.startsWith("lng="))).toMatch(/^lng=de;/);
  });

  it("answers about the forced domain where the request's own host is no site's, never about another brand", async () => {
    const name = async (host: string, query: string) => {
      const res = await request(server, `/api/settings.php${query}`, { host, headers: EN });
      return res.status === 200 ? (res.json().settings.name as string) : res.status;
    };
    // a server rendering pages at an address of its own, with the page's query parameters
    const internal = await request(server, "/api/settings.php?domain=pride.localhost&country=no&ref=partner&sub1=x", { host: "app.internal", headers: EN });
    expect(internal.json().settings).toMatchObject({ name: "Pride Match", geoip_selected_country: "NO" });
    expect(await name("app.internal", "?domain=www.mature.localhost")).toBe("Mature Moments");
    expect(await name("127.0.0.1", "?domain=pride.localhost")).toBe("Pride Match"); // the loopback stand-in is no site's own
    expect(await name("app.internal", "")).toBe(404);
    expect(await name("app.internal", "?domain=unknown.example")).toBe(404);
    // one brand's domain answers about itself only
    expect(await name("lovely.localhost", "?domain=pride.localhost")).toBe("Lovely Dates");
    expect(await name("pride.localhost", "?domain=pride.localhost")).toBe("Pride Match");
  });

  // answered before React Router (server/settings-endpoint.ts) from bodies kept per language and country
  it("answers each language and country with its own body, revalidates with its ETag, and refuses other methods", async () => {
    const description = async (headers: Record<string, string>) =>
      (await request(server, "/api/settings.php", { host: "lovely.localhost", headers })).json().settings.description as string;
    const english = await description({ "accept-language": "en" });
    const dutch = await description({ "accept-language": "nl" });
    expect(dutch).not.toBe(english);
    expect(await description({ "accept-language": "nl", cookie: "lng=en" })).toBe(english);
    expect(await description({ "accept-language": "en" })).toBe(english);
    const belgian = await request(server, "/api/settings.php?country=be", { host: "lovely.localhost", headers: { ...EN, "cf-ipcountry": "DE" } });
    expect(belgian.json().settings).toMatchObject({ geoip_country: "DE", geoip_selected_country: "BE" });
    const unlisted = await request(server, "/api/settings.php?country=us", { host: "lovely.localhost", headers: { ...EN, "cf-ipcountry": "DE" } });
    expect(unlisted.json().settings).toMatchObject({ geoip_country: "DE", geoip_selected_country: "DE" });

    const first = await request(server, "/api/settings.php", { host: "pride.localhost", headers: EN });
    const etag = String(first.headers.etag);
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    expect(first.headers.vary).toBe("Cookie, CF-IPCountry");
    expect((await request(server, "/api/settings.php", { host: "pride.localhost", headers: { ...EN, "if-none-match": etag } })).status).toBe(304);
    const head = await request(server, "/api/settings.php", { host: "pride.localhost", method: "HEAD", headers: EN });
    expect([head.status, head.body.length]).toEqual([200, 0]);
    // a GET (its headers kept as one list) and a HEAD (set one by one) say the same, security headers too
    const same = (h: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(h).filter(([name]) => !["date", "connection", "keep-alive", "x-request-id"].includes(name)));
    expect(same(first.headers)).toEqual(same(head.headers));
    expect(first.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "content-length": String(Buffer.byteLength(first.body)),
    });
    expect(
      (
        await request(server, "/api/settings.php", {
          host: "pride.localhost",
          method: "POST",
          headers: { ...EN, "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(405);
  });
});

describe("GET /api/user.php", () => {
  it("carries the member's profile: its fields, the main image with a path under the CDN prefix, and the photos not rejected", async () => {
    const member = await createMember({ gender: "female", seeking: "male", country: "BE", region: "Antwerpen", age: 33, photos: 3 });
    const [main, rejected, pending] = member.photoIds as [number, number, number];
    await getDb().photo.update({ where: { id: rejected }, data: { status: "rejected" } });
    await getDb().photo.update({ where: { id: pending }, data: { status: "pending" } });
    await getDb().profile.update({
      where: { id: member.profile.id },
      data: {
        city: "Mechelen",
        aboutMe: "Walks by the river.",
        interests: ["music", "hiking"],
        hairColor: "red",
        eyeColor: "green",
        bodyType: "slim",
        tattoos: false,
      },
    });
    const jar = new CookieJar();
    jar.take(await postForm(server, "/login", { email: member.email, password: PASSWORD }, { host: "lovely.localhost" }));
    const res = await request(server, "/api/user.php", { host: "lovely.localhost", headers: { cookie: jar.header, "x-request-type": "client" } });
    const profile = res.json().user.profile;
    expect(profile).toMatchObject({
      id: member.profile.id,
      name: member.profile.name,
      status: "active",
      country: "BE",
      region: "Antwerpen",
      city: "Mechelen",
      date_of_birth: member.profile.dateOfBirth.toISOString().slice(0, 10),
      gender: "female",
      sexuality: "hetero",
      relationship: null,
      hair_color: "red",
      eye_color: "green",
      body_type: "slim",
      tattoos: false,
      interests: ["music", "hiking"],
      about_me: "Walks by the river.",
      main_image: { id: main, filename: `fixture/${member.profile.id}-0.jpg`, thumb_filename: `fixture/${member.profile.id}-0_thumb.jpg`, status: "active" },
    });
    // the signed path of this site (cdn_prefix is put before it by the client): another site refuses it
    expect(verifyMediaPath({ key: "lovely" }, profile.main_image.path)?.key).toBe(`fixture/${member.profile.id}-0.jpg`);
    expect(verifyMediaPath({ key: "lovely" }, profile.main_image.thumb_path)?.key).toBe(`fixture/${member.profile.id}-0_thumb.jpg`);
    expect(verifyMediaPath({ key: "pride" }, profile.main_image.path)).toBeNull();
    expect(profile.photos.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([
      [main, "active"],
      [pending, "pending"],
    ]);

    // without a photo: null
    const bare = await createMember();
    const bareJar = new CookieJar();
    bareJar.take(await postForm(server, "/login", { email: bare.email, password: PASSWORD }, { host: "lovely.localhost" }));
    const none = (await request(server, "/api/user.php", { host: "lovely.localhost", headers: { cookie: bareJar.header } })).json().user.profile;
    expect(none).toMatchObject({ main_image: null, photos: [] });
  });
});

describe("the signup modal on any layout (spec section 2)", () => {
  const modal = /<dialog open=""[^>]*data-testid="signup-modal"/;

  it("opens from ?signup=1 for a visitor, in the server's HTML, on the default and the lander layout", async () => {
    const faq = await request(server, "/pages/faq?signup=1", { host: "lovely.localhost", headers: EN });
    expect(faq.html).toContain('data-layout="default"');
    expect(faq.html).toMatch(modal);
    expect((await request(server, "/pages/faq", { host: "lovely.localhost", headers: EN })).html).not.toContain('data-testid="signup-modal"');
    const lander = await request(server, "/landers/tinderswipe?signup=1", { host: "pride.localhost", headers: EN });
    expect(lander.html).toContain('data-layout="lander"');
    expect(lander.html).toMatch(modal);
  });

  it("is not offered to a member", async () => {
    const member = await createMember();
    const jar = new CookieJar();
    jar.take(await postForm(server, "/login", { email: member.email, password: PASSWORD }, { host: "lovely.localhost" }));
    const faq = await request(server, "/pages/faq?signup=1", { host: "lovely.localhost", headers: { ...EN, cookie: jar.header } });
    expect(faq.status).toBe(200);
    expect(faq.html).not.toContain('data-testid="signup-modal"');
  });
});

describe("/complete-signup", () => {
  const logIn = async (email: string) => {
    const jar = new CookieJar();
    expect(jar.take(await postForm(server, "/login", { email, password: PASSWORD }, { host: "lovely.localhost" })).status).toBe(302);
    return jar;
  };
  const visit = (jar?: CookieJar) =>
    request(server, "/complete-signup", { host: "lovely.localhost", headers: { ...EN, ...(jar ? { cookie: jar.header } : {}) } });

  it("sends a visitor to log in and back", async () => {
    const res = await visit();
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/login?redirectTo=%2Fcomplete-signup");
    const m = await createMember();
    const login = await postForm(server, "/login", { email: m.email, password: PASSWORD, redirectTo: "/complete-signup" }, { host: "lovely.localhost" });
    expect(login.headers.location).toBe("/complete-signup");
  });

  it("takes a member to the first signup step left, and a finished member to the members", async () => {
    const m = await createMember({ region: null });
    const jar = await logIn(m.email);
    const next = async () => (await visit(jar)).headers.location;
    expect(await next()).toBe("/signup?step=photo");
    const db = getDb();
    await db.photo.create({ data: { profileId: m.profile.id, filename: "fixture/cs.jpg", thumbFilename: "fixture/cs_thumb.jpg", status: "pending" } });
    expect(await next()).toBe("/signup?step=personal");
    await db.profile.update({ where: { id: m.profile.id }, data: { hairColor: "red" } });
    expect(await next()).toBe("/signup?step=about");
    await db.profile.update({ where: { id: m.profile.id }, data: { interests: ["hiking"] } });
    expect(await next()).toBe("/signup?step=location");
    await db.profile.update({ where: { id: m.profile.id }, data: { city: "Utrecht" } });
    await db.user.update({ where: { id: m.user.id }, data: { status: "not_confirmed" } });
    expect(await next()).toBe("/signup?step=confirm");
    await db.user.update({ where: { id: m.user.id }, data: { status: "active" } });
    expect(await next()).toBe("/members");
  });

  it("is a page without the entry warning (spec section 2)", () => {
    expect(handle.entryWarning).toBe(false);
  });
});

describe("static pages at their token", () => {
  const h1 = (html: string) => /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];

  it.each(["terms", "privacy", "cookies", "ban", "faq", "return-policy", "service"])("/%s is the same page as under /pages/", async (page) => {
    const [token, long] = await Promise.all(
      [`/${page}`, `/pages/${page}`].map((p) => request(server, p, { host: "pride.localhost", headers: { "accept-language": "sv" } })),
    );
    expect(token!.status).toBe(200);
    expect(h1(token!.html)).toBeTruthy();
    expect(h1(token!.html)).toBe(h1(long!.html));
  });

  it("answers an unknown token with the 404 page, never a 500", async () => {
    for (const path of ["/nope", "/pages", "/terms.php", "/%E2%82%AC", "/constructor", "/__proto__", `/${"x".repeat(3000)}`]) {
      const res = await request(server, path, { host: "lovely.localhost", headers: EN });
      expect(res.status, path).toBe(404);
      expect(res.html, path).toContain("This page could not be found");
    }
    const german = await request(server, "/nope", { host: "mature.localhost" });
    expect(german.status).toBe(404);
    expect(german.html).not.toContain("This page could not be found");
  });

  it("does not shadow the other routes", async () => {
    for (const [path, marker] of [
      ["/pricing", /credits/],
      ["/login", /data-testid="login-form"/],
      ["/members", /data-testid="search-form"/],
      ["/lang-config", /<form/],
      ["/complaints", /<h1/],
    ] as const) {
      const res = await request(server, path, { host: "lovely.localhost", headers: EN });
      expect(res.status, path).toBe(200);
      expect(res.html, path).toMatch(marker);
      expect(res.html, path).not.toContain("This page could not be found");
    }
  });
});
