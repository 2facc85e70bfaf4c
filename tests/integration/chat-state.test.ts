// What members' open pages learn, and how fast: GET /api/chats.php (chats, likes, unread and
// new-likes totals, credits), the badge counts on every page, and live events raised by real
// actions (a message, a like, a match, reading, removing) reaching the right member only.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { type MemberOptions } from "#tests/support/factories.ts";
import { loggedInMember, type LoggedInMember } from "#tests/support/logged-in.ts";

const server = useTestServer();

const EN = { "accept-language": "en" };
let keys = 0;
const key = () => `state-${Date.now()}-${keys++}`;

async function member(o: MemberOptions & { credits?: number } = {}) {
  const m = await loggedInMember(server, o);
  expect(m.jar.has("rdv_session")).toBe(true);
  return m;
}
type Member = LoggedInMember;

const state = async (m: Member) => {
  const res = await request(server, "/api/chats.php", { host: m.host, headers: { cookie: m.jar.header } });
  expect(res.status).toBe(200);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  return res.json();
};
const send = (m: Member, path: string, body: string) =>
  postForm(server, path, { clientKey: key(), intent: "text", body }, { host: m.host, headers: { ...EN, cookie: m.jar.header } });

function stream(m: Member) {
  const events: { type: string; data: Record<string, unknown> }[] = [];
  let req!: http.ClientRequest;
  const opened = new Promise<void>((resolve, reject) => {
    req = http.get({ host: "127.0.0.1", port: server.port, path: "/api/events", headers: { host: m.host, cookie: m.jar.header } }, (res) => {
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          if (type === "hello") resolve();
          else if (type) events.push({ type, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) });
        }
      });
    });
    req.on("error", reject);
  });
  return { events, opened, close: () => req.destroy() };
}

describe("GET /api/chats.php", () => {
  it("refuses a visitor with authentication_required", async () => {
    const res = await request(server, "/api/chats.php", { host: "lovely.localhost" });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ authentication_required: true });
  });

  it("answers chats, likes, totals and credits, across two sites of one network", async () => {
    const sam = await member({ site: "lovely", gender: "male", credits: 40 });
    const andrea = await member({ site: "mature", gender: "female", country: "DE", credits: 40 });
    expect(await state(andrea)).toMatchObject({ chats: [], likes: [], liked_by: [], unread_total: 0, new_likes_total: 0, credits: 40 });

    expect((await send(sam, `/members/${andrea.profile.id}/chat`, "Hallo Andrea!")).status).toBe(302);
    expect((await send(sam, `/members/${andrea.profile.id}/chat`, "Wie geht's?")).status).toBe(302);
    await postForm(server, `/members/${andrea.profile.id}/like`, { intent: "like" }, { host: sam.host, headers: { cookie: sam.jar.header } });

    const a = await state(andrea);
    expect(a.chats).toHaveLength(1);
    expect(a.chats[0]).toMatchObject({ conversation: { id: expect.any(Number) }, profile: { id: sam.profile.id }, num_unread_messages: 2 });
    expect(a).toMatchObject({ unread_total: 2, new_likes_total: 1, liked_by: [{ id: sam.profile.id, like_new: true }], likes: [] });
    const s = await state(sam);
    expect(s).toMatchObject({ unread_total: 0, likes: [andrea.profile.id], credits: 40 - 2 * 10 });

    // the same counts are the badges of every page
    const page = await request(server, "/members", { host: andrea.host, headers: { ...EN, cookie: andrea.jar.header } });
    expect(page.html).toMatch(/data-testid="unread-badge"[^>]*>2</);
    expect(page.html).toMatch(/data-testid="new-likes-badge"[^>]*>1</);
  });

  it("never lists a conversation or like from a site outside the member's pool", async () => {
    const pride = await member({ site: "pride", gender: "male", country: "SE", credits: 40 });
    const other = await member({ site: "pride", gender: "male", country: "SE", credits: 40 });
    expect((await send(pride, `/members/${other.profile.id}/chat`, "Hej!")).status).toBe(302);
    // the same member's session does not work on another site, and lovely's pool has no pride members
    const lovelySession = await request(server, "/api/chats.php", { host: "lovely.localhost", headers: { cookie: other.jar.header } });
    expect(lovelySession.status).toBe(403);
    const lovely = await member({ site: "lovely" });
    expect((await state(lovely)).chats).toEqual([]);
    expect((await state(other)).chats).toHaveLength(1);
  });
});

describe("live events from real actions", () => {
  it("a message reaches the partner's page, a like and a match likewise, and nobody else's", async () => {
    const sam = await member({ site: "lovely", gender: "male", credits: 40 });
    const andrea = await member({ site: "mature", gender: "female", country: "DE", credits: 40 });
    const bystander = await member({ site: "lovely" });
    const [andreaPage, samPage, otherPage] = [stream(andrea), stream(sam), stream(bystander)];
    await Promise.all([andreaPage.opened, samPage.opened, otherPage.opened]);
    try {
      const sent = Date.now();
      const res = await send(sam, `/members/${andrea.profile.id}/chat`, "Hi!");
      const conversationId = Number(/\/chats\/(\d+)/.exec(String(res.headers.location))?.[1]);
      await expect
        .poll(() => andreaPage.events.find((e) => e.type === "message"), { timeout: 1000, interval: 10 })
        .toEqual({ type: "message", data: { type: "message", conversationId } });
      expect(Date.now() - sent).toBeLessThan(1000);

      await postForm(server, `/members/${andrea.profile.id}/like`, { intent: "like" }, { host: sam.host, headers: { cookie: sam.jar.header } });
      await expect.poll(() => andreaPage.events.some((e) => e.type === "like" && e.data.profileId === sam.profile.id), { timeout: 1000 }).toBe(true);
      await postForm(server, `/members/${sam.profile.id}/like`, { intent: "like" }, { host: andrea.host, headers: { cookie: andrea.jar.header } });
      await expect.poll(() => samPage.events.some((e) => e.type === "match"), { timeout: 1000 }).toBe(true);

      // Andrea opens the conversation: her other tabs hear that it was read
      await request(server, `/chats/${conversationId}`, { host: andrea.host, headers: { cookie: andrea.jar.header } });
      await expect.poll(() => andreaPage.events.some((e) => e.type === "read" && e.data.conversationId === conversationId), { timeout: 1000 }).toBe(true);
      expect((await state(andrea)).unread_total).toBe(0);

      await new Promise((r) => setTimeout(r, 200));
      expect(otherPage.events).toEqual([]);
    } finally {
      for (const s of [andreaPage, samPage, otherPage]) s.close();
    }
  });
});
