// The chat's live details over the live channel: "typing…" to the other member only (throttled,
// through the conversation's access check), "Seen" under the sender's message once the partner
// read it, and the partner's online or last-active state in the header, hidden in invisible mode.
import { afterAll, describe, expect, it } from "vitest";
import { getLiveBus } from "#app/live/bus.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { type MemberOptions } from "#tests/support/factories.ts";
import { openStream } from "#tests/support/event-stream.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, textOf, type LoggedInMember } from "#tests/support/logged-in.ts";

afterAll(() => getLiveBus().close()); // registered first: runs after the server has closed
const server = useTestServer();

const EN = { "accept-language": "en" };
let keys = 0;
const key = () => `live${Date.now().toString(36)}x${(keys++).toString(36)}abcdef`;

const member = (o: MemberOptions = {}) => loggedInMember(server, { site: "lovely", credits: 100, ...o });
type Member = LoggedInMember;

const get = (m: Member, path: string) => request(server, path, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
const typing = (m: Member, body: unknown, method = "POST") =>
  request(server, "/api/typing", {
    host: m.host,
    method,
    headers: { ...EN, cookie: m.jar.header, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function start(a: Member, b: Member, body = "Hello there!") {
  const res = await postForm(
    server,
    `/members/${b.profile.id}/chat`,
    { clientKey: key(), intent: "text", body },
    { host: a.host, headers: { ...EN, cookie: a.jar.header } },
  );
  expect(res.status, res.html.slice(0, 300)).toBe(302);
  return Number(/^\/chats\/(\d+)$/.exec(res.headers.location ?? "")?.[1]);
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe("typing", () => {
  it("reaches the other member of the conversation only, at most once per window, and never through a foreign conversation", async () => {
    const [anna, bert, carl] = await Promise.all([member({ gender: "female" }), member({ gender: "male" }), member({ gender: "male" })]);
    const id = await start(bert, anna);
    const streams = [anna, bert, carl].map((m) => openStream(server.port, m.jar.header));
    await Promise.all(streams.map((s) => s.opened));
    const [annaStream, bertStream, carlStream] = streams;
    try {
      const first = await typing(anna, { conversation: id });
      expect(first.status).toBe(200);
      expect(first.json()).toEqual({ sent: true });
      // a burst within the window goes out once
      expect((await typing(anna, { conversation: id })).json()).toEqual({ sent: false });
      await expect.poll(() => bertStream!.events.filter((e) => e.type === "typing"), { timeout: 2000 }).toHaveLength(1);
      expect(bertStream!.events.find((e) => e.type === "typing")!.data).toEqual({ type: "typing", conversationId: id });

      // Carl is not in the conversation: 404, nothing sent; junk and wrong methods are refused in the member's language
      const foreign = await typing(carl, { conversation: id });
      expect(foreign.status).toBe(404);
      for (const junk of [{}, { conversation: "abc" }, { conversation: -4 }, { conversation: 1e12 }]) expect((await typing(anna, junk)).status).toBe(400);
      expect((await get(anna, "/api/typing")).status).toBe(405);

      await settle();
      expect(annaStream!.events.filter((e) => e.type === "typing")).toEqual([]); // the writer hears nothing of her own
      expect(carlStream!.events.map((e) => e.type)).toEqual(["hello"]);
      expect(bertStream!.events.filter((e) => e.type === "typing")).toHaveLength(1);
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it("is not sent to or from a member who blocked the other", async () => {
    const [anna, bert] = await Promise.all([member({ gender: "female" }), member({ gender: "male" })]);
    const id = await start(bert, anna);
    await getDb().block.create({ data: { blockerId: anna.profile.id, blockedId: bert.profile.id } });
    expect((await typing(bert, { conversation: id })).status).toBe(404);
    expect((await typing(anna, { conversation: id })).status).toBe(404);
  });
});

describe("read receipts", () => {
  it("show \"Seen\" under the sender's message once the partner opened the conversation, and tell the sender's open page", async () => {
    const [anna, bert] = await Promise.all([member({ gender: "female" }), member({ gender: "male" })]);
    const id = await start(bert, anna, "Are you there?");
    const before = await get(bert, `/chats/${id}`);
    expect(before.html).not.toContain('data-testid="chat-seen"');

    const bertStream = openStream(server.port, bert.jar.header);
    await bertStream.opened;
    try {
      expect((await get(anna, `/chats/${id}`)).status).toBe(200); // Anna reads it
      await expect.poll(() => bertStream.events.filter((e) => e.type === "seen"), { timeout: 2000 }).toHaveLength(1);
      expect(bertStream.events.find((e) => e.type === "seen")!.data).toEqual({ type: "seen", conversationId: id });
    } finally {
      bertStream.close();
    }
    const after = await get(bert, `/chats/${id}`);
    expect(textOf(after.html)).toMatch(/Seen/);
    expect(after.html.match(/data-testid="chat-seen"/g)).toHaveLength(1);

    // a newer message Anna has not read yet: "Seen" stays under the one she read
    await postForm(
      server,
      `/chats/${id}`,
      { clientKey: key(), intent: "text", body: "Hello?" },
      { host: bert.host, headers: { ...EN, cookie: bert.jar.header } },
    );
    const later = textOf((await get(bert, `/chats/${id}`)).html);
    expect(later.indexOf("Seen")).toBeGreaterThan(later.indexOf("Are you there?"));
    expect(later.indexOf("Seen")).toBeLessThan(later.indexOf("Hello?"));
  });
});

describe("presence in the chat header", () => {
  it("shows online or how long ago the partner was active, and neither for a partner in invisible mode", async () => {
    const anna = await member({ gender: "female" });
    const [online, away, hidden] = await Promise.all([member({ gender: "male" }), member({ gender: "male" }), member({ gender: "male" })]);
    const header = async (partner: Member, set: { lastActiveAt?: Date; invisible?: boolean } = {}) => {
      const id = await start(partner, anna);
      await getDb().profile.update({ where: { id: partner.profile.id }, data: set }); // after their own requests kept them active
      const html = (await get(anna, `/chats/${id}`)).html;
      return textOf(/data-testid="chat-presence"[^>]*>([\s\S]*?)<\/span><\/span>/.exec(html)?.[1] ?? "");
    };
    expect(await header(online)).toContain("Online");
    expect(await header(away, { lastActiveAt: new Date(Date.now() - 3 * 3600_000) })).toContain("Last active 3 hr. ago");
    const invisible = await header(hidden, { invisible: true });
    expect(invisible).not.toMatch(/Online|Last active/);
  });

  it("labels a fictional partner in the header", async () => {
    const [anna, fictional] = await Promise.all([member({ gender: "female" }), member({ gender: "male", fictional: true })]);
    const id = await start(fictional, anna);
    const html = (await get(anna, `/chats/${id}`)).html;
    expect(html).toMatch(/data-testid="fictional-mark"><svg[^]*?first-letter:uppercase">fictional profile<\/span>/);
  });
});
