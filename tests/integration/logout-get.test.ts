// GET /api/logout.php, the spec's way to log out (section 7): honoured when the browser says the
// site's own page sent it (Sec-Fetch-Site same-origin or none; else Origin, else Referer of this
// site), refused with 403 when another page did or nothing says (an <img> on another site must
// not log members out): the session stays.
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";

const server = useTestServer();

const HOST = "lovely.localhost";

async function member() {
  const m = await loggedInMember(server, { site: "lovely" });
  const me = async () => (await request(server, "/api/user.php", { host: HOST, headers: { cookie: m.jar.header } })).json().user;
  expect(await me()).not.toBeNull();
  return { ...m, me, sessions: () => getDb().session.count({ where: { userId: m.user.id } }) };
}

const logout = (cookie: string, headers: Record<string, string>) =>
  request(server, "/api/logout.php", { host: HOST, headers: { cookie, "accept-language": "de", ...headers } });

describe("GET /api/logout.php from the site's own page", () => {
  const own: [string, Record<string, string>][] = [
    ["Sec-Fetch-Site same-origin", { "sec-fetch-site": "same-origin", referer: `http://${HOST}/members` }],
    ["Sec-Fetch-Site none (typed or bookmarked)", { "sec-fetch-site": "none" }],
    ["Origin of the site, no Sec-Fetch-Site", { origin: `http://${HOST}` }],
    ["Referer of the site, no Sec-Fetch-Site", { referer: `http://${HOST}/chats?x=1` }],
  ];
  it.each(own)("%s: logs out", async (_, headers) => {
    const m = await member();
    const res = await logout(m.jar.header, headers);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/");
    expect(String(res.headers["set-cookie"])).toMatch(/rdv_session=;.*Max-Age=0/i);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(await m.me()).toBeNull();
    expect(await m.sessions()).toBe(0);
  });

  it("answers the API client in JSON", async () => {
    const m = await member();
    const res = await logout(m.jar.header, { "sec-fetch-site": "same-origin", accept: "application/json" });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await m.me()).toBeNull();
  });
});

describe("GET /api/logout.php from anywhere else", () => {
  const foreign: [string, Record<string, string>][] = [
    ["Sec-Fetch-Site cross-site (an <img> on another site)", { "sec-fetch-site": "cross-site", referer: "https://evil.example/" }],
    ["Sec-Fetch-Site same-site (a sibling host)", { "sec-fetch-site": "same-site", referer: "http://other.localhost/" }],
    ["Sec-Fetch-Site cross-site with this site's Referer", { "sec-fetch-site": "cross-site", referer: `http://${HOST}/` }],
    ["Origin of another site", { origin: "https://evil.example" }],
    ["Origin null (sandboxed frame)", { origin: "null" }],
    ["Origin of another site, this site's Referer", { origin: "https://evil.example", referer: `http://${HOST}/` }],
    ["Referer of another site", { referer: "https://evil.example/page" }],
    ["Referer of another tenant on this server", { referer: "http://pride.localhost/members" }],
    ["Referer of this name on another port", { referer: `http://${HOST}:4444/` }],
    ["Referer that is no URL", { referer: "lovely.localhost" }],
    ["nothing that says who sent it", {}],
  ];
  it.each(foreign)("%s: 403 in the visitor's language, the session stays", async (_, headers) => {
    const m = await member();
    const res = await logout(m.jar.header, headers);
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ error: "Diese Anfrage kam nicht von dieser Website. Lade die Seite neu und versuche es erneut." });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(await m.me()).not.toBeNull();
    expect(await m.sessions()).toBe(1);
  });
});
