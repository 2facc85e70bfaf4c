// Over HTTP: the nine lander designs on the three demo sites, their slugs and 404s,
// visits stored once per cookie, the source attached at signup, page bounces and the /ops report.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { LANDER_NAMES } from "#app/landers/lander-config.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { CookieJar } from "#tests/support/session.ts";
import { waitForMail } from "#tests/support/mailbox.ts";
import { CLOSED_HOST, serveClosedSite } from "#tests/support/closed-site.ts";
import { useEnv } from "#tests/support/fixtures.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";

const OPS_TOKEN = "ops-token-for-the-landers-test";
useEnv({ OPS_TOKEN });
beforeAll(() => serveClosedSite());
const { server, smtp } = useServerWithMail({ workers: "all" });
let n = 0;
const unique = () => `lander${Date.now()}${n++}@example.test`;

const catalogue = (locale: string) => JSON.parse(readFileSync(`app/locales/${locale}/common.json`, "utf8"));
const SITES = [
  { host: "lovely.localhost", key: "lovely", locale: "en", niche: "none" },
  { host: "mature.localhost", key: "mature", locale: "de", niche: "milf" },
  { host: "pride.localhost", key: "pride", locale: "sv", niche: "gay" },
] as const;
const headline = (html: string) => /data-testid="lander-headline">([^<]*)</.exec(html)?.[1];
const profilesShown = (html: string) => Number(/data-profiles="(\d+)"/.exec(html)?.[1] ?? -1);
const decode = (s: string | undefined) => s?.replace(/&#x27;/g, "'").replace(/&amp;/g, "&");

describe("lander designs", () => {
  it.each(SITES)("renders each of the nine designs on $key, in the site's language and brand, with the site's profiles", async (site) => {
    const expected = catalogue(site.locale).landers.headline[site.niche];
    for (const name of LANDER_NAMES) {
      // mature shows its members to visitors from partners only: this visitor comes with a ref
      const res = await request(server, `/landers/${name}?ref=test-${name}`, { host: site.host, headers: { "accept-language": site.locale } });
      expect(res.status, `${site.key} ${name}`).toBe(200);
      expect(res.html).toContain(`lang="${site.locale}"`);
      expect(res.html).toContain(`data-lander="${name}"`);
      expect(res.html).toContain('data-layout="lander"');
      expect(decode(headline(res.html))).toBe(expected);
      expect(profilesShown(res.html), `${site.key} ${name}`).toBeGreaterThan(0);
    }
  });

  it("gives each design its own page, not one template", async () => {
    const markers: Record<string, string> = {
      tinderswipe: 'data-testid="swipe-stack"',
      alonetonight: 'data-testid="lander-online"',
      collagelanding: 'data-testid="collage"',
      gallery: 'data-testid="lander-gallery"',
      iconslanding: 'data-testid="lander-icons"',
      maplanding: 'data-testid="lander-map"',
      socialnetwork: 'data-testid="lander-feed"',
      transitionsvideolanding: 'data-testid="lander-transitions"',
      video: 'data-testid="lander-poster"',
    };
    for (const name of LANDER_NAMES) {
      const res = await request(server, `/landers/${name}`, { host: "lovely.localhost", headers: { "accept-language": "en" } });
      for (const [other, marker] of Object.entries(markers)) {
        if (other === name) expect(res.html, name).toContain(marker);
        else expect(res.html, `${name} has ${other}'s marker`).not.toContain(marker);
      }
    }
    const map = await request(server, "/landers/maplanding", { host: "lovely.localhost", headers: { "accept-language": "en", "cf-ipcountry": "NL" } });
    expect(map.html).toContain("<svg");
    expect(map.html).toContain("Singles near Netherlands");
    expect(map.html).not.toMatch(/tile|openstreetmap|googleapis|mapbox/i);
  });

  it("takes headline, copy and profile filter from the slug, in the visitor's language", async () => {
    const summer = await request(server, "/landers/gallery/summer", { host: "lovely.localhost", headers: { "accept-language": "en" } });
    expect(summer.status).toBe(200);
    expect(headline(summer.html)).toBe("Summer dates start here");
    const dutch = await request(server, "/landers/gallery/summer", { host: "lovely.localhost", headers: { "accept-language": "nl" } });
    expect(headline(dutch.html)).toBe("Zomerdates beginnen hier");
    // the slug's filter: men aged 30 to 60 only
    const men = await request(server, "/landers/gallery/men-30", { host: "lovely.localhost", headers: { "accept-language": "en" } });
    expect(headline(men.html)).toBe("Men over 30 who mean it");
    const ids = [...men.html.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(0);
    const profiles = await getDb().profile.findMany({ where: { id: { in: ids } }, select: { gender: true, siteKey: true } });
    expect(profiles).toHaveLength(ids.length);
    expect(profiles.every((p) => p.gender === "male")).toBe(true);
    // mature's content set is the milf niche's: the same slug has its own wording there
    const mature = await request(server, "/landers/video/summer?ref=x", { host: "mature.localhost", headers: { "accept-language": "de" } });
    expect(headline(mature.html)).toBe("Reife Frauen suchen ein Sommerabenteuer");
  });

  it("answers an unknown design or slug with the 404 page, never a generic lander", async () => {
    // a path trick is normalised away by the server (a redirect) or is a 404, never a page
    for (const path of ["/landers/gallery/..%2f..", "/landers/..%2f..%2fetc", "/landers/gallery/%2e%2e"]) {
      const res = await request(server, path, { host: "lovely.localhost" });
      expect([301, 302, 308, 404], path).toContain(res.status);
      expect(res.html, path).not.toContain("data-lander=");
    }
    for (const path of [
      "/landers/nope",
      "/landers/gallery/nope",
      "/landers/gallery/men-30x",
      "/landers/gallery/constructor",
      "/landers/gallery/__proto__",
      `/landers/gallery/${"a".repeat(300)}`,
      "/landers/GALLERY",
    ]) {
      const res = await request(server, path, { host: "lovely.localhost", headers: { "accept-language": "en" } });
      expect(res.status, path).toBe(404);
      expect(res.html, path).toContain("This page could not be found");
      expect(res.html, path).not.toContain("data-lander=");
    }
    // the pride content set has no slug "men-30" (it belongs to the general niche)
    expect((await request(server, "/landers/gallery/men-30", { host: "pride.localhost" })).status).toBe(404);
  });
});

describe("traffic sources", () => {
  const visitsOf = (ref: string) => getDb().tracking.findMany({ where: { ref } });

  it("stores a visit once, however many requests carry its parameters", async () => {
    const ref = `once-${Date.now()}`;
    const jar = new CookieJar();
    jar.take(await request(server, `/landers/video?network=adnet&ref=${ref}&sub1=a`, { host: "lovely.localhost" }));
    expect(jar.has("rdv_src")).toBe(true);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        request(server, `/landers/video?network=adnet&ref=${ref}&sub1=a`, { host: "lovely.localhost", headers: { cookie: jar.header } }),
      ),
    );
    for (const path of ["/", "/members", "/landers/gallery", `/?network=adnet&ref=${ref}&sub1=a`]) {
      await request(server, path, { host: "lovely.localhost", headers: { cookie: jar.header } });
    }
    const visits = await visitsOf(ref);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ siteKey: "lovely", network: "adnet", sub1: "a", landing: "/landers/video" });
    expect(visits[0]!.token).toMatch(/^[\w-]{32}$/);
  });

  it("drops over-long or binary values and ignores a forged cookie", async () => {
    const ref = `bad-${Date.now()}`;
    await request(server, `/?ref=${ref}&sub1=${"x".repeat(500)}&sub2=%01%02`, { host: "lovely.localhost" });
    const [visit] = await visitsOf(ref);
    expect(visit).toMatchObject({ sub1: null, sub2: null });
    // the closed site takes signups only from partner traffic: a made-up cookie is no partner
    const forged = await request(server, "/signup", { host: CLOSED_HOST, headers: { cookie: `rdv_src=${"A".repeat(32)}` } });
    expect(forged.html).toContain('data-testid="invitation-form"');
  });

  it("attaches the source to the member at signup; the report counts visit, signup, activation, first payment and revenue", async () => {
    const ref = `camp-${Date.now()}`;
    const jar = new CookieJar();
    jar.take(await request(server, `/landers/tinderswipe?network=partnernet&ref=${ref}&sub2=s2`, { host: "mature.localhost" }));
    const email = unique();
    const res = jar.take(
      await postForm(
        server,
        "/signup",
        {
          name: `Lena${n}`,
          email,
          password: "correct horse battery",
          date_of_birth: "1980-04-12",
          gender: "female",
          seeking: "male",
        },
        { host: "mature.localhost", headers: { cookie: jar.header, origin: "http://mature.localhost" } },
      ),
    );
    expect(res.status).toBe(302);
    const user = await getDb().user.findUniqueOrThrow({ where: { siteKey_email: { siteKey: "mature", email } } });
    const visits = await visitsOf(ref);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ userId: user.id, network: "partnernet", sub2: "s2" });

    const mail = await waitForMail(smtp.received, email);
    const link = new URL(mail.link!);
    await request(server, link.pathname + link.search, { host: "mature.localhost" });
    // a completed first payment of this member (the checkout itself is tested in payments.test.ts)
    await getDb().payment.create({
      data: {
        userId: user.id,
        siteKey: "mature",
        credits: 100,
        method: "creditcard",
        amountCents: 1999,
        currency: "EUR",
        country: "DE",
        status: "completed",
        completedAt: new Date(),
        idempotencyKey: `landers-${ref}`,
      },
    });

    const ops = await request(server, `/ops?token=${OPS_TOKEN}`, { host: "mature.localhost", headers: { "accept-language": "en" } });
    expect(ops.status).toBe(200);
    const row = new RegExp(`data-testid="ops-row" data-network="partnernet" data-ref="${ref}">([\\s\\S]*?)</tr>`).exec(ops.html)?.[1];
    expect(row).toBeDefined();
    const col = (name: string) => new RegExp(`data-col="${name}">([^<]*)<`).exec(row!)?.[1];
    expect([col("visits"), col("signups"), col("activations"), col("firstPayments"), col("revenue")]).toEqual(["1", "1", "1", "1", "EUR 19.99"]);

    const csv = await request(server, "/ops/report.csv", { host: "mature.localhost", headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body.split("\n")[0]).toMatch(/^day,network,ref,visits,bounces,signups,activations,first_payments,revenue_EUR/);
    expect(csv.body).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d,partnernet,${ref},1,0,1,1,1,19\\.99`, "m"));

    // down to the sub-ids: the same member under sub2=s2
    const subs = await request(server, "/ops/report.csv?detail=subs", { host: "mature.localhost", headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(subs.body.split("\n")[0]).toMatch(/^day,network,ref,sub1,sub2,sub3,visits,bounces,signups,activations,first_payments,revenue_EUR/);
    expect(subs.body).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d,partnernet,${ref},,s2,,1,0,1,1,1,19\\.99`, "m"));
    const page = await request(server, `/ops?token=${OPS_TOKEN}&detail=subs`, { host: "mature.localhost", headers: { "accept-language": "en" } });
    expect(page.html).toContain(`data-network="partnernet" data-ref="${ref}" data-sub1="">`);
    expect(page.html).toContain('<th class="px-2 py-1">Sub2</th>');
  });

  it("records a page bounce only for visits that asked for it (lb=1)", async () => {
    const ref = `bounce-${Date.now()}`;
    const jar = new CookieJar();
    jar.take(await request(server, `/landers/gallery?ref=${ref}&lb=1`, { host: "lovely.localhost" }));
    const page = await request(server, `/landers/gallery?ref=${ref}&lb=1`, { host: "lovely.localhost", headers: { cookie: jar.header } });
    expect(page.html).toContain('data-bounce-logging="on"');
    const beacon = await request(server, "/api/lander-bounce", {
      host: "lovely.localhost",
      method: "POST",
      headers: { cookie: jar.header, origin: "http://lovely.localhost", "content-type": "text/plain" },
    });
    expect(beacon.status).toBe(204);
    expect((await visitsOf(ref))[0]!.bounces).toBe(1);

    const plain = new CookieJar();
    const ref2 = `nobounce-${Date.now()}`;
    plain.take(await request(server, `/landers/gallery?ref=${ref2}`, { host: "lovely.localhost" }));
    expect((await request(server, `/landers/gallery?ref=${ref2}`, { host: "lovely.localhost", headers: { cookie: plain.header } })).html).not.toContain(
      "data-bounce-logging",
    );
    const ignored = await request(server, "/api/lander-bounce", {
      host: "lovely.localhost",
      method: "POST",
      headers: { cookie: plain.header, origin: "http://lovely.localhost", "content-type": "text/plain" },
    });
    expect(ignored.status).toBe(202);
    expect((await visitsOf(ref2))[0]!.bounces).toBe(0);
  });

  it("keeps each site's visits and report to itself", async () => {
    const ref = `tenant-${Date.now()}`;
    const jar = new CookieJar();
    jar.take(await request(server, `/landers/video?network=lovelynet&ref=${ref}`, { host: "lovely.localhost" }));
    // lovely's visit cookie on a site open to partner traffic only is no traffic source there
    const onClosed = await request(server, "/signup", { host: CLOSED_HOST, headers: { cookie: jar.header } });
    expect(onClosed.html).toContain('data-testid="invitation-form"');
    // nor can a bounce be recorded against it from another site
    await request(server, "/api/lander-bounce", {
      host: "pride.localhost",
      method: "POST",
      headers: { cookie: jar.header, origin: "http://pride.localhost", "content-type": "text/plain" },
    });
    expect((await visitsOf(ref))[0]!.bounces).toBe(0);
    const lovely = await request(server, `/ops?token=${OPS_TOKEN}`, { host: "lovely.localhost" });
    expect(lovely.html).toContain(`data-ref="${ref}"`);
    for (const host of ["mature.localhost", "pride.localhost"]) {
      const other = await request(server, `/ops?token=${OPS_TOKEN}&days=366`, { host });
      expect(other.status).toBe(200);
      expect(other.body).not.toContain(ref);
      const csv = await request(server, `/ops/report.csv?token=${OPS_TOKEN}`, { host });
      expect(csv.body).not.toContain(ref);
    }
  });

  it("opens the report only with the operators' token", async () => {
    for (const path of ["/ops", "/ops?token=wrong-token-wrong-token", "/ops/report.csv", `/ops/report.csv?token=${OPS_TOKEN}x`]) {
      const res = await request(server, path, { host: "lovely.localhost", headers: { "accept-language": "en" } });
      expect(res.status, path).toBe(401);
      expect(res.body).not.toContain('data-testid="ops-report"');
    }
    const bad = await request(server, `/ops?token=${OPS_TOKEN}&days=-5`, { host: "lovely.localhost" });
    expect(bad.status).toBe(200);
  });
});
