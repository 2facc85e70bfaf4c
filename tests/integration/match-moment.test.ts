// The match moment's first message over HTTP (/members/{id}/first-message): the photos and the
// price it shows before sending, the send through the chat's own path (charged once per client
// key, the conversation started), out of credits a 402 that offers the purchase, the site's
// profiles only, members only.
import { describe, expect, it } from "vitest";
import type { FirstMessageScreen } from "#app/chat/first-message.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { type MemberOptions } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, type LoggedInMember } from "#tests/support/logged-in.ts";

const server = useTestServer();

const EN = { "accept-language": "en", accept: "application/json" };
let keys = 0;
const key = () => `m${Date.now().toString(36)}x${(keys++).toString(36)}abcdef`;

const member = (o: MemberOptions & { credits?: number } = {}) => loggedInMember(server, o);
type Member = LoggedInMember;
const get = (m: Member, path: string) => request(server, path, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
const send = (m: Member, to: Member, fields: Record<string, string>) =>
  postForm(server, `/members/${to.profile.id}/first-message`, { intent: "text", ...fields }, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
const credits = async (m: Member) => (await getDb().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits;

describe("the match moment's first message", () => {
  it("shows both photos and the chat's price, sends through the chat (once per key) and starts the conversation", async () => {
    const me = await member({ gender: "male", credits: 30, photos: 1 });
    const her = await member({ gender: "female", photos: 1 });
    const screen = (await get(me, `/members/${her.profile.id}/first-message`)).json() as FirstMessageScreen;
    expect(screen.me.photo).toMatch(/\.jpg$/);
    expect(screen.partner).toMatchObject({ id: her.profile.id, name: her.profile.name });
    expect(screen.partner.photo).toMatch(/\.jpg$/);
    // Lovely: a message costs 10 credits, stated with its money price in the member's country
    expect(screen.prices.text).toBe(10);
    expect(screen.prices.minimum).toMatchObject({ currency: expect.any(String), costs: expect.any(Number) });
    expect(screen.canWrite).toBe(true);
    expect(screen.conversationId).toBeNull();

    const clientKey = key();
    const sent = await send(me, her, { body: "Hello from the match moment", clientKey });
    expect(sent.status).toBe(200);
    const answer = sent.json() as { ok: boolean; conversationId: number };
    expect(answer.ok).toBe(true);
    expect(await credits(me)).toBe(20);
    // the same send again (a double click, a retry): stored and charged once
    expect((await send(me, her, { body: "Hello from the match moment", clientKey })).json()).toMatchObject({ ok: true, conversationId: answer.conversationId });
    expect(await credits(me)).toBe(20);
    const messages = await getDb().message.findMany({ where: { conversationId: answer.conversationId } });
    expect(messages.map((m) => m.body)).toEqual(["Hello from the match moment"]);
    // she sees it in her chat list, and the moment now knows the conversation
    expect((await get(her, "/chats")).html).toContain("Hello from the match moment");
    expect(((await get(me, `/members/${her.profile.id}/first-message`)).json() as { conversationId: number }).conversationId).toBe(answer.conversationId);
  });

  it("out of credits: 402 with the chat's message and the purchase offered, nothing stored", async () => {
    const me = await member({ gender: "male" });
    const her = await member({ gender: "female" });
    const refused = await send(me, her, { body: "Hi there", clientKey: key() });
    expect(refused.status).toBe(402);
    expect(refused.json()).toMatchObject({ ok: false, needsCredits: true, body: "Hi there", error: expect.any(String) });
    expect(await getDb().message.count({ where: { senderId: me.profile.id } })).toBe(0);
    // junk input is refused in words, not with a server error
    expect((await send(me, her, { body: "x", clientKey: "not a key!" })).status).toBe(400);
  });

  it("only the site's profiles and only for members", async () => {
    const me = await member({ gender: "male", credits: 30 });
    const elsewhere = await member({ site: "pride", gender: "male" });
    expect((await get(me, `/members/${elsewhere.profile.id}/first-message`)).status).toBe(404);
    const cross = await send(me, elsewhere, { body: "Hello?", clientKey: key() });
    expect(cross.status).toBe(404);
    expect(await credits(me)).toBe(30);
    const visitor = await request(server, `/members/${elsewhere.profile.id}/first-message`, { host: "pride.localhost", headers: EN });
    expect(visitor.status).toBe(403);
  });
});
