// A member's home (`/`): what is new for them (new likes, new matches, unread messages) with a
// way to each, then the faces of their search, those with a photo first.
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { sendMessage } from "#app/chat/send.server.ts";
import { like } from "#app/likes/likes.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { CookieJar } from "#tests/support/session.ts";
import { createMember, PASSWORD } from "#tests/support/factories.ts";

const server = useTestServer();

const HOST = "lovely.localhost";
const lovely = () => getSiteRegistry().byKey.get("lovely")!;
const cardIds = (body: string) => [...body.matchAll(/data-profile-id="(\d+)"/g)].map((m) => Number(m[1]));
const countOf = (html: string, testId: string) => Number(new RegExp(`data-testid="${testId}" data-count="(\\d+)"`).exec(html)?.[1] ?? 0);
const hrefOf = (html: string, testId: string) => new RegExp(`<a[^>]*data-testid="${testId}"[^>]*href="([^"]+)"`).exec(html)?.[1];

async function home(email: string) {
  const jar = new CookieJar();
  const login = jar.take(await postForm(server, "/login", { email, password: PASSWORD }, { host: HOST }));
  expect(login.status).toBe(302);
  expect(login.headers.location).toBe("/"); // a member lands on their home
  return request(server, "/", { host: HOST, headers: { "accept-language": "en", cookie: jar.header } });
}

describe("a member's home", () => {
  it("shows new likes, new matches and unread messages first, each leading there", async () => {
    const me = await createMember({ gender: "male", seeking: "female", photos: 1 });
    const admirer = await createMember({ gender: "female", seeking: "male", photos: 1 });
    const match = await createMember({ gender: "female", seeking: "male", photos: 1 });
    const writer = await createMember({ gender: "female", seeking: "male", photos: 1, paidUser: true });
    await changeCredits(getDb(), { userId: writer.user.id, delta: 100, reason: "adjustment", idempotencyKey: `home-credits-${writer.user.id}` });
    expect((await like(lovely(), admirer.profile.id, me.profile.id, "profile")).kind).toBe("ok");
    expect((await like(lovely(), me.profile.id, match.profile.id, "profile")).kind).toBe("ok");
    expect((await like(lovely(), match.profile.id, me.profile.id, "profile")).kind).toBe("ok");
    const sent = await sendMessage(
      lovely(),
      { userId: writer.user.id, profileId: writer.profile.id, paidUser: true },
      { profileId: me.profile.id },
      { kind: "text", body: "Hello there" },
      `home-${Date.now()}-a`,
    );
    expect(sent.ok).toBe(true);

    const res = await home(me.email);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(countOf(res.html, "home-likes")).toBe(1);
    expect(countOf(res.html, "home-matches")).toBe(1);
    expect(countOf(res.html, "home-unread")).toBe(1);
    // one conversation waiting: the tile opens it
    expect(hrefOf(res.html, "home-unread")).toBe(`/chats/${sent.ok ? sent.conversationId : 0}`);
    expect(hrefOf(res.html, "home-matches")).toBe("/likes/matches");
    expect(hrefOf(res.html, "home-likes")).toBe("/likes/received");
    expect(res.html.indexOf('data-testid="home-news"')).toBeLessThan(res.html.indexOf('data-testid="profile-card"'));
  });

  it("says so when nothing is new, and shows faces with a photo before an account without one, however recently that was active", async () => {
    const me = await createMember({ gender: "female", seeking: "male", photos: 1 });
    // "active" a day and two ahead: newer than the faces other test files make meanwhile (minutes ahead at most)
    const faceless = await createMember({ gender: "male", seeking: "female", lastActiveAt: new Date(Date.now() + 2 * 86_400_000) });
    const face = await createMember({ gender: "male", seeking: "female", photos: 1, lastActiveAt: new Date(Date.now() + 86_400_000) });
    const res = await home(me.email);
    expect(res.html).toContain('data-testid="home-news-none"');
    const ids = cardIds(res.html);
    expect(ids[0]).toBe(face.profile.id);
    expect(ids).not.toContain(faceless.profile.id);
  });
});
