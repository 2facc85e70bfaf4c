// The whole stack over HTTP: host resolution, per-site settings and company info, pages.
import { beforeAll, describe, expect, it } from "vitest";
import { postForm, request, startTestServer } from "#tests/support/http.ts";
import { CLOSED_HOST, serveClosedSite } from "#tests/support/closed-site.ts";
import { getDb } from "#app/utils/db.server.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

beforeAll(() => serveClosedSite());
const server = useTestServer();

describe("one codebase, several sites", () => {
  it("answers an unknown host with a plain 404 that names no site", async () => {
    const res = await request(server, "/", { host: "unknown.example" });
    expect(res.status).toBe(404);
    expect(res.html).not.toMatch(/Lovely|Mature|Pride|rendezvous/i);
  });

  it("serves each site's settings at /api/settings.php", async () => {
    const [lovely, mature, pride] = await Promise.all(
      ["lovely.localhost", "mature.localhost:8080", "pride.localhost"].map((host) => request(server, "/api/settings.php", { host })),
    );
    expect(lovely!.json().settings).toMatchObject({ name: "Lovely Dates", niche: 1, countries: ["NL", "BE", "DE", "GB", "IE"], company_id: 1 });
    expect(mature!.json().settings).toMatchObject({ name: "Mature Moments", niche: 6, domain_language: "de", signups: "all" });
    expect(pride!.json().settings).toMatchObject({ name: "Pride Match", niche: 7, member_resell: false, support_phone: "+468555123 45".replace(/\s/g, "") });
    expect(new Set([lovely, mature, pride].map((r) => r!.json().settings.message_credits)).size).toBe(3);
  });

  it("reports as minimum_message_costs what a message is charged: the packages' price, not the site file's", async () => {
    const lovely = (await request(server, "/api/settings.php", { host: "lovely.localhost" })).json().settings;
    // the chat's "from" prices (tests/integration/message-price.test.ts)
    expect(lovely.minimum_message_costs).toMatchObject({ NL: { costs: 1.29, currency: "EUR" }, GB: { costs: 1.15, currency: "GBP" } });

    // the closed site's file says DE 0.99 EUR, CH 1.10 CHF; its packages (12 credits a message) give more, AT has none
    const db = getDb();
    const de = await db.creditPackage.create({ data: { siteKey: "closed", country: "DE", credits: 1000, priceCents: 9999, currency: "EUR" } });
    await db.creditPackage.createMany({
      data: [
        { siteKey: "closed", country: "DE", credits: 100, priceCents: 1999, currency: "EUR" },
        { siteKey: "closed", country: "CH", credits: 500, priceCents: 6000, currency: "CHF" },
      ],
    });
    try {
      const costs = async () => (await request(server, "/api/settings.php", { host: CLOSED_HOST })).json().settings.minimum_message_costs;
      await expect.poll(costs, { timeout: 5_000 }).toEqual({ DE: { costs: 1.2, currency: "EUR" }, CH: { costs: 1.44, currency: "CHF" } });
      // a price change shows without a restart (12 x 89.99 / 1000, rounded up)
      await db.creditPackage.update({ where: { id: de.id }, data: { priceCents: 8999 } });
      await expect.poll(costs, { timeout: 5_000, interval: 250 }).toEqual({ DE: { costs: 1.08, currency: "EUR" }, CH: { costs: 1.44, currency: "CHF" } });
    } finally {
      await db.creditPackage.deleteMany({ where: { siteKey: "closed" } });
    }
  });

  it("takes geoip_country from the CDN header", async () => {
    const res = await request(server, "/api/settings.php", { host: "lovely.localhost", headers: { "cf-ipcountry": "be" } });
    expect(res.json().settings).toMatchObject({ geoip_country: "BE", geoip_selected_country: "BE" });
    const none = await request(server, "/api/settings.php", { host: "lovely.localhost" });
    expect(none.json().settings).toMatchObject({ geoip_country: null, geoip_selected_country: "NL" });
  });

  it("ignores X-Forwarded-Host without TRUST_PROXY", async () => {
    const res = await request(server, "/api/settings.php", { host: "lovely.localhost", headers: { "x-forwarded-host": "pride.localhost" } });
    expect(res.json().settings.name).toBe("Lovely Dates");
  });

  it("honours X-Forwarded-Host behind a declared proxy", async () => {
    const proxied = await startTestServer({ TRUST_PROXY: "1" });
    try {
      const res = await request(proxied, "/api/settings.php", { host: "10.0.0.5:3000", headers: { "x-forwarded-host": "pride.localhost" } });
      expect(res.json().settings.name).toBe("Pride Match");
    } finally {
      await proxied.close();
    }
  });

  it("serves the site's company at /api/companyinfo.php", async () => {
    const lovely = (await request(server, "/api/companyinfo.php", { host: "lovely.localhost" })).json().company;
    const pride = (await request(server, "/api/companyinfo.php", { host: "pride.localhost" })).json().company;
    expect(lovely).toMatchObject({ name: "Lovely Media B.V.", kvk: "81234567", country: "NL", support_phone: "+31201234567", delete_discount: 30 });
    expect(lovely.vat_numbers).toEqual(["NL862345678B01"]);
    expect(pride).toMatchObject({ name: "Nordlys Dating AB", city: "Stockholm", tradenames: ["Mature Moments", "Pride Match"] });
    expect(typeof pride.added).toBe("string");
  });

  it("renders each site's own brand on the home page", async () => {
    const lovely = await request(server, "/", { host: "lovely.localhost", headers: { "accept-language": "en" } });
    const pride = await request(server, "/", { host: "pride.localhost", headers: { "accept-language": "en" } });
    expect(lovely.status).toBe(200);
    expect(lovely.html).toContain("/brands/lovely.svg");
    expect(lovely.html).toContain("--color-primary:#b3123b");
    expect(lovely.html).not.toContain("Pride Match");
    expect(pride.html).toContain("/brands/pride.svg");
    expect(pride.html).toContain("Meet men looking for men");
  });
});

describe("language", () => {
  const lang = (body: string) => /<html lang="([a-z-]+)"/.exec(body)?.[1];

  it("follows Accept-Language among the site's locales", async () => {
    expect(lang((await request(server, "/", { host: "lovely.localhost", headers: { "accept-language": "nl-NL,nl;q=0.9" } })).body)).toBe("nl");
    expect(lang((await request(server, "/", { host: "lovely.localhost", headers: { "accept-language": "sv" } })).body)).toBe("en");
  });

  it("takes the visitor's next language before the site's first one", async () => {
    const german = { "accept-language": "de-DE,de;q=0.9,en;q=0.8" };
    expect(lang((await request(server, "/", { host: "pride.localhost", headers: german })).body)).toBe("en");
    expect(lang((await request(server, "/", { host: "pride.localhost", headers: { "accept-language": "fr;q=0.4,pl;q=0.7" } })).body)).toBe("pl");
  });

  it("prefers the site's domain_language over Accept-Language", async () => {
    expect(lang((await request(server, "/", { host: "mature.localhost", headers: { "accept-language": "en" } })).body)).toBe("de");
  });

  it("prefers the language cookie over everything", async () => {
    const res = await request(server, "/", { host: "mature.localhost", headers: { cookie: "lng=it", "accept-language": "en" } });
    expect(lang(res.body)).toBe("it");
  });

  it("sets a year-long cookie from the language switcher, without JavaScript", async () => {
    const res = await postForm(server, "/lang-config", { language: "fr", redirectTo: "/pages/faq" }, { host: "lovely.localhost" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/pages/faq");
    expect(String(res.headers["set-cookie"])).toMatch(/lng=fr;.*Max-Age=31536000/);
  });

  it("refuses a language the site does not offer", async () => {
    const res = await postForm(server, "/lang-config", { language: "pl" }, { host: "lovely.localhost" });
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("offers in the switcher only the languages of the visitor's country", async () => {
    const be = await request(server, "/", { host: "lovely.localhost", headers: { "cf-ipcountry": "BE", "accept-language": "nl" } });
    expect(be.html).toMatch(/<option[^>]*value="fr"/);
    expect(be.html).not.toMatch(/<option[^>]*value="en"/);
    const nl = await request(server, "/", { host: "lovely.localhost", headers: { "cf-ipcountry": "NL", "accept-language": "nl" } });
    expect(nl.html).not.toContain('data-testid="language-switcher"');
  });

  it("lets a visitor whose browser language is not the country's switch to the country's", async () => {
    for (const [country, local] of [
      ["NL", "nl"],
      ["DE", "de"],
    ] as const) {
      const res = await request(server, "/", { host: "lovely.localhost", headers: { "cf-ipcountry": country, "accept-language": "en" } });
      expect(res.html).toContain('data-testid="language-switcher"');
      expect(res.html).toMatch(/<option[^>]*value="en"/);
      expect(res.html).toMatch(new RegExp(`<option[^>]*value="${local}"`));
    }
    const gb = await request(server, "/", { host: "lovely.localhost", headers: { "cf-ipcountry": "GB", "accept-language": "nl" } });
    expect(gb.html).toMatch(/<option[^>]*value="en"/);
  });
});

const cta = (html: string) => /data-testid="home-cta"[^]*?<\/div><\/div>/.exec(html)?.[0] ?? "";

describe("home page", () => {
  const faces = (html: string) => /data-testid="home-faces"[^]*?<\/ul>/.exec(html)?.[0].match(/<img /g)?.length ?? 0;

  it("shows a visitor faces from the site's pool, the brand in the title and a way to sign up", async () => {
    for (const [host, brand] of [
      ["lovely.localhost", "Lovely Dates"],
      ["pride.localhost", "Pride Match"],
    ]) {
      const res = await request(server, "/", { host: host!, headers: { "accept-language": "en" } });
      expect(faces(res.html)).toBe(4);
      expect(res.html).toMatch(new RegExp(`<title>[^<]+\\| ${brand}</title>`));
      expect(cta(res.html)).toContain('data-testid="hero-signup-open"');
      expect(res.html).toContain('data-testid="home-total"');
    }
  });

  it("keeps members hidden where visitors may not search, and still lets them join", async () => {
    const res = await request(server, "/", { host: "mature.localhost" });
    expect(res.html).not.toContain('data-testid="home-faces"');
    expect(res.html).not.toContain('data-testid="profile-card"');
    // drawn portraits instead, decorative, linking nowhere and naming nobody
    const drawn = /data-testid="home-illustrations"[^]*?<\/ul>/.exec(res.html)?.[0] ?? "";
    expect(drawn.match(/<img src="\/home\/milf-\d\.svg" alt=""/g)).toHaveLength(4);
    expect(drawn).not.toContain("href=");
    expect(cta(res.html)).toContain('href="/login"');
    expect(cta(res.html)).toContain('data-testid="hero-signup-open"');
    const partner = await request(server, "/?ref=partner42", { host: "mature.localhost" });
    expect(faces(partner.html)).toBe(4);
    expect(partner.html).not.toContain('data-testid="home-illustrations"');
  });
});

describe("a site that takes signups only from partner traffic", () => {
  const signupForms = (html: string) => (html.match(/data-testid="signup-open"|data-testid="hero-signup-open"|data-testid="signup-form"/g) ?? []).length;
  const closed = (path: string, headers: Record<string, string> = {}) =>
    request(server, path, { host: CLOSED_HOST, headers: { "accept-language": "en", ...headers } });
  const ask = (email: string, ip?: string) =>
    postForm(server, "/signup", { intent: "invitation", email }, { host: CLOSED_HOST, headers: { "accept-language": "en" }, ...(ip ? { ip } : {}) });

  it("tells a visitor without a traffic source how to join: the home page and login lead to a request for an invitation", async () => {
    const home = await closed("/");
    expect(signupForms(home.html)).toBe(0);
    expect(cta(home.html)).toMatch(/href="\/signup"[^>]*>Request an invitation</);
    expect((await closed("/login")).html).toMatch(/href="\/signup"[^>]*>Request an invitation</);
    const signup = await closed("/signup");
    expect(signup.html).toContain("Join Closed Circle by invitation");
    expect(signup.html).toContain('data-testid="invitation-form"');
    expect(signup.html).toContain("What happens next");
    expect(signupForms(signup.html)).toBe(0);
    expect(signup.html).toMatch(/href="\/login"/);
  });

  it("stores a request for an invitation once per address and says what happens next", async () => {
    const email = `invite-${Date.now()}@example.com`;
    const first = await ask(` ${email.toUpperCase()} `);
    expect(first.status).toBe(200);
    expect(first.html).toContain(`We have noted ${email}.`);
    expect(first.html).toContain("delete it after 90 days");
    expect((await ask(email)).status).toBe(200);
    const rows = await getDb().invitationRequest.findMany({ where: { email } });
    expect(rows).toEqual([expect.objectContaining({ siteKey: "closed", locale: "en", invitedAt: null })]);
  });

  it("answers an address that is no address in the visitor's language, storing nothing", async () => {
    const res = await ask("not-an-address");
    expect(res.status).toBe(400);
    expect(res.html).toContain("Invalid email");
    expect(await getDb().invitationRequest.count({ where: { email: "not-an-address" } })).toBe(0);
  });

  it("takes no invitation request where anyone may sign up", async () => {
    const res = await postForm(server, "/signup", { intent: "invitation", email: "open@example.com" }, { host: "lovely.localhost" });
    expect(res.status).toBe(400);
    expect(await getDb().invitationRequest.count({ where: { email: "open@example.com" } })).toBe(0);
  });

  it("offers signup to a visitor who came from a partner", async () => {
    const home = await closed("/?ref=partner42");
    expect(signupForms(home.html)).toBeGreaterThan(0);
  });
});

describe("entry warning", () => {
  const shown = (body: string) => body.includes('data-testid="entry-warning"');

  it("shows on the default layout until dismissed", async () => {
    expect(shown((await request(server, "/", { host: "lovely.localhost" })).body)).toBe(true);
    const dismiss = await postForm(server, "/api/entry-warning", { redirectTo: "/pages/terms" }, { host: "lovely.localhost" });
    expect(dismiss.status).toBe(302);
    expect(dismiss.headers.location).toBe("/pages/terms");
    const cookie = String(dismiss.headers["set-cookie"]).split(";")[0]!;
    expect(shown((await request(server, "/", { host: "lovely.localhost", headers: { cookie } })).body)).toBe(false);
  });

  it("never redirects off-site after dismissal", async () => {
    const res = await postForm(server, "/api/entry-warning", { redirectTo: "//evil.example/" }, { host: "lovely.localhost" });
    expect(res.headers.location).toBe("/");
  });

  it("restricted by country on mature: only for its listed countries", async () => {
    expect(shown((await request(server, "/", { host: "mature.localhost", headers: { "cf-ipcountry": "GB" } })).body)).toBe(false);
    expect(shown((await request(server, "/", { host: "mature.localhost", headers: { "cf-ipcountry": "AT" } })).body)).toBe(true);
  });

  it("on the lander layout only for visitors from NL and DE", async () => {
    const gb = await request(server, "/landers/gallery/summer", { host: "lovely.localhost", headers: { "cf-ipcountry": "GB" } });
    const nl = await request(server, "/landers/gallery/summer", { host: "lovely.localhost", headers: { "cf-ipcountry": "NL" } });
    expect(gb.status).toBe(200);
    expect(gb.html).toContain('data-layout="lander"');
    expect(shown(gb.body)).toBe(false);
    expect(shown(nl.body)).toBe(true);
  });
});

describe("pages", () => {
  it("renders the terms with the site's company and the terms version date", async () => {
    const lovely = await request(server, "/pages/terms", { host: "lovely.localhost", headers: { "accept-language": "en" } });
    expect(lovely.status).toBe(200);
    expect(lovely.html).toContain("Lovely Media B.V.");
    expect(lovely.html).toMatch(/December 1, 2023/); // company added 2022: the base date
    const pride = await request(server, "/pages/terms", { host: "pride.localhost", headers: { "accept-language": "en" } });
    expect(pride.html).toContain("Nordlys Dating AB");
    expect(pride.html).toMatch(/March 15, 2024/); // company added later than the base date
  });

  it.each(["terms", "privacy", "cookies", "ban", "faq", "return-policy", "service"])("serves /pages/%s in the member's language", async (page) => {
    const en = await request(server, `/pages/${page}`, { host: "pride.localhost", headers: { "accept-language": "en" } });
    const sv = await request(server, `/pages/${page}`, { host: "pride.localhost", headers: { "accept-language": "sv" } });
    expect(en.status).toBe(200);
    expect(sv.status).toBe(200);
    const h1 = (b: string) => /<h1[^>]*>([^<]+)<\/h1>/.exec(b)?.[1];
    expect(h1(sv.body)).toBeTruthy();
    expect(h1(sv.body)).not.toBe(h1(en.body));
  });

  it("shows the US privacy text to English readers in the United States", async () => {
    const us = await request(server, "/pages/privacy", { host: "pride.localhost", headers: { "accept-language": "en", "cf-ipcountry": "US" } });
    const gb = await request(server, "/pages/privacy", { host: "pride.localhost", headers: { "accept-language": "en", "cf-ipcountry": "GB" } });
    expect(us.html).toMatch(/California/);
    expect(gb.html).not.toMatch(/California/);
  });

  it("shows the pricing from the site's settings", async () => {
    const res = await request(server, "/pricing", { host: "pride.localhost", headers: { "accept-language": "en", "cf-ipcountry": "SE" } });
    expect(res.html).toMatch(/8 credits/); // pride's message_credits
    expect(res.html).toMatch(/SEK\s?11[.,]42/); // the best Swedish package: SEK 11.42 a message
  });

  it("answers an unknown page with the 404 error page and a link home", async () => {
    const res = await request(server, "/no/such/page", { host: "lovely.localhost", headers: { "accept-language": "en" } });
    expect(res.status).toBe(404);
    expect(res.html).toContain("This page could not be found");
    expect(res.html).toMatch(/<a href="\/"[^>]*>Back to the home page<\/a>/);
    const de = await request(server, "/pages/nope", { host: "mature.localhost" });
    expect(de.status).toBe(404);
    expect(de.html).not.toContain("This page could not be found");
  });
});
