// Chat over HTTP against the real app: messages paid in credits (exactly, idempotently, under
// parallel requests), the free members' conversation limit, images, gifts, blocks, unconfirmed
// partners, chat removal, paging, message-or-create signup and the bad-input list.
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { purgeDeletedAccounts } from "#app/accounts/account.server.ts";
import { activateAccount } from "#app/accounts/signup.server.ts";
import { chatList, unreadTotal } from "#app/chat/conversations.server.ts";
import { sendMessage } from "#app/chat/send.server.ts";
import { THREAD_PAGE_SIZE } from "#app/chat/chat-rules.ts";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { seedDemoChats } from "#prisma/seed/demo-chats.ts";
import { type MemberOptions } from "#tests/support/factories.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { CookieJar } from "#tests/support/session.ts";
import { loggedInMember, type LoggedInMember } from "#tests/support/logged-in.ts";

const catalogue = (locale: string) => JSON.parse(readFileSync(`app/locales/${locale}/common.json`, "utf8"));
const en = catalogue("en");
const de = catalogue("de");
const EN = { "accept-language": "en" };
const DE = { "accept-language": "de" };
const site = (key: string) => getSiteRegistry().byKey.get(key)!;

const server = useTestServer();

let keys = 0;
const key = () => `k${Date.now().toString(36)}x${(keys++).toString(36)}abcdef`;

type Member = LoggedInMember;
const member = (o: MemberOptions & { credits?: number } = {}) => loggedInMember(server, o);

const get = (m: Member, path: string, headers: Record<string, string> = EN) =>
  request(server, path, { host: m.host, headers: { ...headers, cookie: m.jar.header } });
const send = (m: Member, path: string, fields: Record<string, string>, headers: Record<string, string> = EN) =>
  postForm(server, path, { clientKey: key(), intent: "text", ...fields }, { host: m.host, headers: { ...headers, cookie: m.jar.header } });

async function upload(m: Member, path: string, bytes: Buffer, type = "image/jpeg", fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("clientKey", fields.clientKey ?? key());
  form.append("intent", "image");
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), "me.jpg");
  const body = new Response(form);
  return request(server, path, {
    host: m.host,
    method: "POST",
    headers: { ...EN, cookie: m.jar.header, "content-type": body.headers.get("content-type")! },
    body: Buffer.from(await body.arrayBuffer()),
  });
}

const credits = async (m: Member) => (await getDb().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits;
const ledgerSum = async (m: Member) => (await getDb().creditLedgerEntry.aggregate({ where: { userId: m.user.id }, _sum: { delta: true } }))._sum.delta ?? 0;
const messagesOf = (m: Member) => getDb().message.findMany({ where: { senderId: m.profile.id }, orderBy: { id: "asc" } });
const conversationOf = (a: Member, b: Member) =>
  getDb().conversation.findUnique({
    where: { lowProfileId_highProfileId: { lowProfileId: Math.min(a.profile.id, b.profile.id), highProfileId: Math.max(a.profile.id, b.profile.id) } },
  });
const countOf = (responses: TestResponse[], status: number) => responses.filter((r) => r.status === status).length;
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** A starts a conversation with B and returns its id. */
async function start(a: Member, b: Member, body = "Hello there!") {
  const res = await send(a, `/members/${b.profile.id}/chat`, { body });
  expect(res.status, res.html.slice(0, 500)).toBe(302);
  const id = Number(/^\/chats\/(\d+)$/.exec(res.headers.location ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

describe("sending a message", () => {
  it("stores and pays it in one go, at the sender's site's price, across two sites of the network", async () => {
    const sam = await member({ site: "lovely", gender: "male", credits: 30 });
    const andrea = await member({ site: "mature", gender: "female", country: "DE", credits: 30 });
    const id = await start(sam, andrea, "Hi Andrea, how are you?");

    const [message] = await messagesOf(sam);
    expect(message).toMatchObject({ conversationId: id, body: "Hi Andrea, how are you?", creditsCost: site("lovely").message_credits });
    expect(await credits(sam)).toBe(30 - site("lovely").message_credits);
    expect(await ledgerSum(sam)).toBe(await credits(sam));
    const entry = await getDb().creditLedgerEntry.findFirstOrThrow({ where: { userId: sam.user.id, reason: "message" } });
    expect(entry).toMatchObject({ delta: -10, referenceType: "message", referenceId: String(message!.id) });

    // Andrea sees it on her own site, in her language, unread until she opens it
    const list = await get(andrea, "/chats", DE);
    expect(list.status).toBe(200);
    expect(list.html).toContain(`data-conversation-id="${id}"`);
    expect(list.html).toContain("Hi Andrea, how are you?");
    expect(list.html).toMatch(/data-testid="chat-unread"[^>]*>1</);
    expect(await unreadTotal(site("mature"), andrea.profile.id)).toBe(1);
    const thread = await get(andrea, `/chats/${id}`, DE);
    expect(thread.status).toBe(200);
    expect(thread.html).toContain("Hi Andrea, how are you?");
    expect(thread.html).toContain(de.chat.placeholder);
    expect(await unreadTotal(site("mature"), andrea.profile.id)).toBe(0);

    // her reply costs mature's price, and Sam gets an unread message
    const reply = await send(andrea, `/chats/${id}`, { body: "Gut, danke!" }, DE);
    expect(reply.status).toBe(200);
    expect(await credits(andrea)).toBe(30 - site("mature").message_credits);
    expect((await chatList(site("lovely"), sam.profile.id)).find((c) => c.conversation.id === id)).toMatchObject({
      num_unread_messages: 1,
      profile: { id: andrea.profile.id },
      last_message: { mine: false, kind: "text", text: "Gut, danke!" },
    });
    // /members/{id}/chat of an existing conversation opens it
    expect((await get(sam, `/members/${andrea.profile.id}/chat`)).headers.location).toBe(`/chats/${id}`);
  });

  it("shows the price before sending: credits per message and the country's minimum message costs", async () => {
    const a = await member({ site: "lovely", country: "GB", credits: 30 });
    const b = await member({ site: "lovely" });
    const page = await get(a, `/members/${b.profile.id}/chat`);
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toMatch(/data-testid="chat-price"[\s\S]*A message costs 10 credits · from £1\.15[\s\S]*You have 30 credits/);
    expect(textOf(page.html)).toContain("Send photo · 15 credits");
    expect(page.html).toContain('data-testid="gift-picker"');
    expect(page.html.match(/data-testid="gift-option"/g)).toHaveLength(8);
  });

  it("a retried send with the same client key is stored and charged once, also when the retries run in parallel", async () => {
    const a = await member({ credits: 50 });
    const b = await member();
    const id = await start(a, b);
    const clientKey = key();
    const responses = await Promise.all(Array.from({ length: 6 }, () => send(a, `/chats/${id}`, { body: "Only once, please", clientKey })));
    expect(countOf(responses, 200)).toBe(6);
    expect((await messagesOf(a)).filter((m) => m.clientKey === clientKey)).toHaveLength(1);
    expect(await credits(a)).toBe(50 - 2 * 10);
    expect(await ledgerSum(a)).toBe(30);
    expect(await getDb().creditLedgerEntry.count({ where: { userId: a.user.id, reason: "message" } })).toBe(2);
    // the partner's unread count went up once
    expect((await getDb().conversationParticipant.findFirstOrThrow({ where: { conversationId: id, profileId: b.profile.id } })).unreadCount).toBe(2);
  });

  it("parallel sends against a balance for one send store exactly one message and never go below zero", async () => {
    const a = await member({ credits: 20 });
    const b = await member();
    const id = await start(a, b); // 10 left: one more message
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => send(a, `/chats/${id}`, { body: `Message ${i}` })));
    expect(countOf(responses, 200)).toBe(1);
    expect(countOf(responses, 402)).toBe(9);
    for (const res of responses.filter((r) => r.status === 402)) expect(res.html).toContain(en.messages.notEnoughCredits);
    expect(await messagesOf(a)).toHaveLength(2);
    expect(await credits(a)).toBe(0);
    expect(await ledgerSum(a)).toBe(0);
    const balances = (await getDb().creditLedgerEntry.findMany({ where: { userId: a.user.id }, orderBy: { id: "asc" } })).map((e) => e.balanceAfter);
    expect(balances).toEqual([20, 10, 0]);
    // every stored message was paid, every payment has its message
    const paid = await getDb().creditLedgerEntry.findMany({ where: { userId: a.user.id, reason: "message" } });
    expect(paid.map((p) => Number(p.referenceId)).sort()).toEqual((await messagesOf(a)).map((m) => m.id).sort());
  });

  it("not enough credits: the spec's message in the member's language, nothing stored or charged", async () => {
    const a = await member({ site: "lovely", credits: 5 });
    const b = await member({ site: "lovely" });
    const res = await send(a, `/members/${b.profile.id}/chat`, { body: "Hello" }, DE);
    expect(res.status).toBe(402);
    expect(res.html).toContain(de.messages.notEnoughCredits);
    expect(res.html).toContain("Hello"); // the typed text is kept
    expect(await messagesOf(a)).toHaveLength(0);
    expect(await conversationOf(a, b)).toBeNull();
    expect(await credits(a)).toBe(5);
  });
});

describe("sends from several processes at once (no in-process queue: the row lock alone)", () => {
  const sender = (m: Member) => ({ userId: m.user.id, profileId: m.profile.id, paidUser: m.user.paidUser });
  const direct = (m: Member, target: { conversationId: number } | { profileId: number }, body: string, clientKey = key()) =>
    sendMessage(site(m.site.key), sender(m), target, { kind: "text", body }, clientKey, { queue: false });

  it("a balance for one send stores one message", async () => {
    const a = await member({ credits: 20 });
    const b = await member();
    const id = await start(a, b);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => direct(a, { conversationId: id }, `parallel ${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 402)).toHaveLength(9);
    expect(await messagesOf(a)).toHaveLength(2);
    expect(await credits(a)).toBe(0);
    expect(await ledgerSum(a)).toBe(0);
  });

  it("one client key is stored and charged once", async () => {
    const a = await member({ credits: 50 });
    const b = await member();
    const id = await start(a, b);
    const clientKey = key();
    const results = await Promise.all(Array.from({ length: 8 }, () => direct(a, { conversationId: id }, "once", clientKey)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => r.ok && r.messageId)).size).toBe(1);
    expect(await credits(a)).toBe(30);
  });

  it("a free member's parallel starts stop at 2", async () => {
    const a = await member({ credits: 100 });
    const others = await Promise.all(Array.from({ length: 6 }, () => member()));
    const results = await Promise.all(others.map((o) => direct(a, { profileId: o.profile.id }, "Hi!")));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok && r.error === "messages.premiumOnly")).toHaveLength(4);
    expect(await getDb().conversation.count({ where: { startedById: a.profile.id } })).toBe(2);
    expect(await credits(a)).toBe(80);
  });

  it("two members starting the same conversation at once get one conversation", async () => {
    const a = await member({ credits: 100 });
    const b = await member({ credits: 100 });
    const results = await Promise.all([direct(a, { profileId: b.profile.id }, "Hi B"), direct(b, { profileId: a.profile.id }, "Hi A")]);
    expect(results.every((r) => r.ok)).toBe(true);
    const [x, y] = results as Extract<(typeof results)[number], { ok: true }>[];
    expect(x!.conversationId).toBe(y!.conversationId);
    expect(await getDb().conversationParticipant.count({ where: { conversationId: x!.conversationId } })).toBe(2);
  });
});

describe("free and premium members", () => {
  it("a free member starts at most 2 conversations, also when 6 starts arrive at once", async () => {
    const a = await member({ credits: 200 });
    const others = await Promise.all(Array.from({ length: 6 }, () => member({ credits: 10 })));
    const responses = await Promise.all(others.map((o) => send(a, `/members/${o.profile.id}/chat`, { body: "Hi!" })));
    expect(countOf(responses, 302)).toBe(2);
    expect(countOf(responses, 403)).toBe(4);
    for (const res of responses.filter((r) => r.status === 403)) expect(res.html).toContain(en.messages.premiumOnly);
    expect(await getDb().conversation.count({ where: { startedById: a.profile.id } })).toBe(2);
    expect(await credits(a)).toBe(200 - 2 * 10);
    // the page of a third profile says so before anything is typed
    const third = others.find((_, i) => responses[i]!.status === 403)!;
    const page = await get(a, `/members/${third.profile.id}/chat`);
    expect(page.html).toContain('data-testid="chat-notice"');
    expect(page.html).toContain(en.messages.premiumOnly);
    // replying to a conversation someone else started is no start
    const id = await start(third, a);
    expect((await send(a, `/chats/${id}`, { body: "Thanks for writing!" })).status).toBe(200);
  });

  it("premium members have no start limit and still pay per message", async () => {
    const a = await member({ paidUser: true, credits: 100 });
    const others = await Promise.all(Array.from({ length: 4 }, () => member()));
    const responses = await Promise.all(others.map((o) => send(a, `/members/${o.profile.id}/chat`, { body: "Hi!" })));
    expect(countOf(responses, 302)).toBe(4);
    expect(await credits(a)).toBe(60);
  });
});

describe("bad input", () => {
  it("answers each with a clear error in the member's language, never a 500, and charges nothing", async () => {
    const a = await member({ credits: 100 });
    const b = await member();
    const stranger = await member();
    const third = await member();
    const id = await start(a, b);
    const spent = await credits(a);
    const cases: [Record<string, string>, number, string][] = [
      [{ body: "   " }, 400, en.chat.errors.empty],
      [{ body: "x".repeat(site("lovely").message_length + 1) }, 400, en.chat.errors.tooLong.replace("{{max}}", "600")],
      [{ body: "binary \u0001\u0002 data" }, 400, en.messages.invalidInput],
      [{ body: "nul \u0000 byte" }, 400, en.messages.invalidInput],
      [{ gift: "999999" }, 400, en.chat.errors.unknownGift],
      [{ gift: "abc" }, 400, en.chat.errors.unknownGift],
      [{ gift: "99999999999" }, 400, en.chat.errors.unknownGift],
      [{ body: "no key", clientKey: "" }, 400, en.messages.invalidInput],
      [{ body: "bad key", clientKey: "../../etc" }, 400, en.messages.invalidInput],
    ];
    for (const [fields, status, message] of cases) {
      const res = await send(a, `/chats/${id}`, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect(textOf(res.html), JSON.stringify(fields).slice(0, 80)).toContain(message);
    }
    // a message of exactly message_length is fine, counted in characters
    expect((await send(a, `/chats/${id}`, { body: "é".repeat(600) })).status).toBe(200);
    expect(await credits(a)).toBe(spent - 10);

    // unknown and foreign conversations, members outside the pool
    const pride = await member({ site: "pride" });
    for (const path of [
      "/chats/99999999",
      "/chats/0",
      "/chats/abc",
      "/chats/99999999999",
      `/members/${pride.profile.id}/chat`,
      `/members/${a.profile.id}/chat`,
      "/members/99999999/chat",
    ]) {
      expect((await get(a, path)).status, path).toBe(404);
      expect((await send(a, path, { body: "hi" })).status, path).toBe(404);
    }
    expect((await get(stranger, `/chats/${id}`)).status).toBe(404);
    const foreign = await send(stranger, `/chats/${id}`, { body: "let me in" });
    expect(foreign.status).toBe(404);
    expect((await get(third, `/members/${a.profile.id}/chat`)).status).toBe(200);
    // pride does not resell: its member cannot reach lovely members either
    expect((await get(pride, `/members/${a.profile.id}/chat`)).status).toBe(404);
    expect(await getDb().conversation.count({ where: { OR: [{ lowProfileId: pride.profile.id }, { highProfileId: pride.profile.id }] } })).toBe(0);
    expect(await credits(a)).toBe(spent - 10);
    expect(await credits(stranger)).toBe(0);
  });

  it("refuses a 20 MB upload and a file that is no image, with nothing charged", async () => {
    const a = await member({ credits: 100 });
    const b = await member();
    const id = await start(a, b);
    const big = await upload(a, `/chats/${id}`, Buffer.alloc(20 * 1024 * 1024, 1));
    expect(big.status).toBe(413);
    expect(big.html).toContain(en.photo.tooLarge);
    const text = await upload(a, `/chats/${id}`, Buffer.from("not an image at all, just text"), "image/png");
    expect(text.status).toBe(400);
    expect(text.html).toContain("This file is not a photo we can use.");
    const none = await upload(a, `/chats/${id}`, Buffer.alloc(0));
    expect(none.status).toBe(400);
    expect(await credits(a)).toBe(90);
    expect(await getDb().chatImage.count({ where: { conversationId: id } })).toBe(0);
  });
});

describe("chat images", () => {
  it("are resized, stripped of metadata, paid, and visible only to the two members", async () => {
    const a = await member({ credits: 100, photos: 3 }); // a full set of profile photos: chat images do not count
    const b = await member({ site: "mature", country: "DE" });
    const c = await member();
    const id = await start(a, b);
    const original = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#c36" } })
      .withExif({ IFD0: { Copyright: "secret", Artist: "Someone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 0/1" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(a, `/chats/${id}`, original);
    expect(res.status).toBe(200);
    expect(await credits(a)).toBe(100 - 10 - site("lovely").photo_credits);
    const image = await getDb().chatImage.findFirstOrThrow({ where: { conversationId: id } });
    expect(image.filename).toMatch(/^chat\//);
    expect(await getDb().photo.count({ where: { profileId: a.profile.id } })).toBe(3);
    const stored = await getMediaStorage().get(image.filename);
    const meta = await sharp(stored!).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1125);

    const srcs = (html: string) => [...html.matchAll(/href="(\/chat-media\/[^"]+)"/g)].map((m) => m[1]!);
    const [mine] = srcs((await get(a, `/chats/${id}`)).html);
    const [theirs] = srcs((await get(b, `/chats/${id}`)).html);
    expect(mine).toBeTruthy();
    expect(theirs).toBeTruthy();
    expect(mine).not.toBe(theirs); // signed for each viewer
    const fetchAs = (who: Member | null, path: string, host = who?.host ?? "lovely.localhost") =>
      request(server, path, { host, headers: who ? { cookie: who.jar.header } : {} });
    const ok = await fetchAs(a, mine!);
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toBe("image/jpeg");
    expect(ok.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect((await fetchAs(b, theirs!)).status).toBe(200);
    expect((await fetchAs(b, mine!)).status).toBe(404); // a URL passed on
    expect((await fetchAs(c, mine!)).status).toBe(404);
    expect((await fetchAs(null, mine!)).status).toBe(404);
    expect((await fetchAs(a, mine!, "mature.localhost")).status).toBe(404);
    expect(
      (
        await fetchAs(
          a,
          mine!.replace(/\.(\d+)-/, (_, n) => `.${Number(n) + 1}-`),
        )
      ).status,
    ).toBe(404);
    // blocked: the partner's images are gone for the one blocked
    await getDb().block.create({ data: { blockerId: b.profile.id, blockedId: a.profile.id } });
    expect((await fetchAs(a, mine!)).status).toBe(404);
    // the sender's account is purged after its 14 days: the image goes with it, the message says so
    await getDb().user.update({ where: { id: a.user.id }, data: { status: "pending_deletion", deletionRequestedAt: new Date(Date.now() - 15 * 86_400_000) } });
    expect(await purgeDeletedAccounts()).toBeGreaterThanOrEqual(1);
    expect(await getDb().chatImage.count({ where: { conversationId: id } })).toBe(0);
    expect(await getMediaStorage().get(image.filename)).toBeNull();
    expect((await fetchAs(b, theirs!)).status).toBe(404);
    const after = await get(b, `/chats/${id}`);
    expect(after.html).toContain(de.chat.imageRemoved); // mature speaks German
  });

  it("take an AVIF photo as the profile upload does, stored as a JPEG", async () => {
    const a = await member({ credits: 100 });
    const b = await member({ site: "mature", country: "DE" });
    const id = await start(a, b);
    const avif = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a7" } })
      .avif({ quality: 40 })
      .toBuffer();
    expect((await sharp(avif).metadata()).format).toBe("heif");
    const res = await upload(a, `/chats/${id}`, avif, "image/avif");
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    const image = await getDb().chatImage.findFirstOrThrow({ where: { conversationId: id } });
    expect((await sharp((await getMediaStorage().get(image.filename))!).metadata()).format).toBe("jpeg");
    // the hint says so, in the member's language
    expect(textOf((await get(a, `/chats/${id}`)).html)).toContain(en.chat.photoHint);
    expect(en.chat.photoHint).toMatch(/HEIC.*AVIF/);
  });
});

describe("gifts", () => {
  it("cost the sender's site's gift price and show with their name in the recipient's language", async () => {
    const a = await member({ credits: 100 });
    const b = await member({ site: "mature", country: "DE" });
    const id = await start(a, b);
    const rose = await getDb().gift.findUniqueOrThrow({ where: { key: "rose" } });
    expect((await send(a, `/chats/${id}`, { gift: String(rose.id) })).status).toBe(200);
    expect(await credits(a)).toBe(100 - 10 - site("lovely").gift_credits);
    const thread = await get(b, `/chats/${id}`, DE);
    expect(thread.html).toContain('data-kind="gift"');
    expect(thread.html).toContain(de.chat.gifts.rose);
    expect((await chatList(site("mature"), b.profile.id))[0]).toMatchObject({ last_message: { kind: "gift", gift: "rose" } });
    // the list's preview: the app's gift icon and the name (an emoji is an empty box without an emoji font)
    const list = (await get(b, "/chats", DE)).html;
    expect(list).toMatch(new RegExp(`<svg[^>]*>[\\s\\S]*?</svg>${de.chat.gifts.rose}`));
    expect(list).not.toContain("🎁");
  });
});

describe("rules from accounts and safety", () => {
  it("blocked members cannot write to each other; the blocked one sees the spec's message", async () => {
    const a = await member({ credits: 100, name: "Alex" });
    const b = await member({ credits: 100, name: "Bea" });
    const id = await start(a, b);
    await getDb().block.create({ data: { blockerId: b.profile.id, blockedId: a.profile.id } });
    const page = await get(a, `/chats/${id}`);
    expect(page.status).toBe(403);
    expect(textOf(page.html)).toContain("You're blocked by Bea. You do not have access to this page.");
    const refused = await send(a, `/chats/${id}`, { body: "Why?" });
    expect(refused.status).toBe(403);
    expect(textOf(refused.html)).toContain("You're blocked by Bea.");
    expect((await get(a, `/members/${b.profile.id}/chat`)).status).toBe(403);
    expect((await get(a, "/chats")).html).not.toContain(`data-conversation-id="${id}"`);
    // the blocker cannot write either, and is told why
    const own = await get(b, `/chats/${id}`);
    expect(textOf(own.html)).toContain("You blocked Alex.");
    expect((await send(b, `/chats/${id}`, { body: "Bye" })).status).toBe(403);
    expect(await credits(a)).toBe(90);
    expect(await credits(b)).toBe(100);
  });

  it("an unconfirmed member's partner cannot reply until they confirm", async () => {
    const target = await member({ credits: 100 });
    // a visitor signs up to write to the target (message or create)
    const visitor = new CookieJar();
    const email = `chat-signup-${Date.now()}@example.test`;
    const signup = visitor.take(
      await postForm(
        server,
        `/members/${target.profile.id}/signup`,
        {
          name: "Newbie",
          email,
          password: "a long enough secret",
          date_of_birth: "1990-02-03",
          gender: "male",
          seeking: "female",
          signup_message: "Hi, I just joined to write to you!",
        },
        { host: "lovely.localhost", headers: EN },
      ),
    );
    expect(signup.status).toBe(302);
    const newbie = await getDb().user.findFirstOrThrow({ where: { email, siteKey: "lovely" }, include: { profile: true } });
    expect(newbie.status).toBe("not_confirmed");
    const conversation = await getDb().conversation.findFirstOrThrow({ where: { startedById: newbie.profile!.id }, include: { messages: true } });
    expect(conversation.messages.map((m) => m.body)).toEqual(["Hi, I just joined to write to you!"]);

    const list = await get(target, "/chats");
    expect(list.html).toContain("Hi, I just joined to write to you!");
    const thread = await get(target, `/chats/${conversation.id}`);
    expect(textOf(thread.html)).toContain("Newbie has not confirmed their e-mail address yet.");
    const reply = await send(target, `/chats/${conversation.id}`, { body: "Welcome!" });
    expect(reply.status).toBe(403);
    expect(textOf(reply.html)).toContain("Newbie has not confirmed their e-mail address yet. You can reply once they have.");
    expect(await credits(target)).toBe(100);

    await activateAccount(newbie.id);
    expect((await send(target, `/chats/${conversation.id}`, { body: "Welcome!" })).status).toBe(200);
    expect(await credits(target)).toBe(90);
  });

  it("offers icebreakers in the member's language for an empty conversation; without JavaScript one sends its line", async () => {
    const a = await member({ site: "lovely", credits: 30 });
    const b = await member({ site: "lovely", name: "Carla" });
    const page = await get(a, `/members/${b.profile.id}/chat`, DE);
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-testid="icebreaker-modal"');
    const line = de.chat.icebreakers["1"].replace("{{name}}", "Carla");
    expect(textOf(page.html)).toContain(line);
    const res = await send(a, `/members/${b.profile.id}/chat`, { icebreaker: line, body: "" }, DE);
    expect(res.status).toBe(302);
    expect((await messagesOf(a))[0]!.body).toBe(line);
    expect((await get(a, res.headers.location!, DE)).html).not.toContain('data-testid="icebreaker-modal"');
  });
});

describe("the chat list", () => {
  it("DELETE /api/chat.php removes a chat at once; it comes back when the partner writes", async () => {
    const a = await member({ credits: 100 });
    const b = await member({ credits: 100 });
    const id = await start(b, a);
    expect(await unreadTotal(site("lovely"), a.profile.id)).toBe(1);
    const del = (who: Member | null, body: string, method = "DELETE", type = "application/json") =>
      // a DELETE body needs its length (Node's client sends DELETE without chunked encoding)
      request(server, "/api/chat.php", {
        host: "lovely.localhost",
        method,
        headers: { ...EN, "content-type": type, "content-length": String(Buffer.byteLength(body)), ...(who ? { cookie: who.jar.header } : {}) },
        body,
      });
    const removed = await del(a, JSON.stringify({ conversation: id }));
    expect(removed.status).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await get(a, "/chats")).html).not.toContain(`data-conversation-id="${id}"`);
    expect(await unreadTotal(site("lovely"), a.profile.id)).toBe(0);
    // the partner still has it
    expect((await get(b, "/chats")).html).toContain(`data-conversation-id="${id}"`);
    expect((await send(b, `/chats/${id}`, { body: "Still there?" })).status).toBe(200);
    expect((await get(a, "/chats")).html).toContain(`data-conversation-id="${id}"`);
    expect(await unreadTotal(site("lovely"), a.profile.id)).toBe(1);

    const stranger = await member();
    expect((await del(stranger, JSON.stringify({ conversation: id }))).status).toBe(404);
    expect((await del(a, JSON.stringify({ conversation: "99999999999" }))).json().error).toBe(en.chat.errors.notFound);
    expect((await del(a, JSON.stringify({ conversation: null }))).status).toBe(404);
    expect((await del(a, "null")).status).toBe(400);
    expect((await del(null, JSON.stringify({ conversation: id }))).json()).toEqual({ authentication_required: true });
    expect((await del(a, JSON.stringify({ conversation: id }), "POST")).status).toBe(405);
    expect((await request(server, "/api/chat.php", { host: "lovely.localhost", headers: { cookie: a.jar.header } })).status).toBe(405);
    // without JavaScript: a form post to /chats
    const form = await postForm(
      server,
      "/chats",
      { intent: "remove", conversation: String(id) },
      { host: "lovely.localhost", headers: { cookie: a.jar.header } },
    );
    expect(form.status).toBe(302);
    expect((await get(a, "/chats")).html).not.toContain(`data-conversation-id="${id}"`);
  });

  it("shows an empty state to a member without conversations", async () => {
    const a = await member();
    const page = await get(a, "/chats");
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-testid="chat-list-empty"');
    expect(page.html).toContain(en.chat.emptyTitle);
    expect((await request(server, "/chats", { host: "lovely.localhost" })).headers.location).toBe("/login?redirectTo=%2Fchats");
  });
});

describe("thread history", () => {
  it("shows the latest messages and loads older ones page by page, without gaps or repeats", async () => {
    const a = await member({ credits: 30 });
    const b = await member();
    const id = await start(a, b, "first");
    const base = Date.now() - 86_400_000;
    // 75 more, several sharing a timestamp: the id breaks the tie
    await getDb().message.createMany({
      data: Array.from({ length: 75 }, (_, i) => ({
        conversationId: id,
        senderId: i % 2 ? a.profile.id : b.profile.id,
        body: `history ${i}`,
        clientKey: `hist-${id}-${i}`,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    });
    const bodies = (html: string) => [...html.matchAll(/<p class="whitespace-pre-wrap[^"]*">([^<]*)<\/p>/g)].map((m) => m[1]!);
    const older = (html: string) => /href="\/chats\/\d+\?before=([\d.]+)"/.exec(html)?.[1];
    const pages: string[][] = [];
    let path = `/chats/${id}`;
    for (;;) {
      const page = await get(a, path);
      pages.push(bodies(page.html));
      const cursor = older(page.html);
      if (!cursor) break;
      path = `/chats/${id}?before=${cursor}`;
    }
    expect(pages.map((p) => p.length)).toEqual([THREAD_PAGE_SIZE, THREAD_PAGE_SIZE, 76 - 2 * THREAD_PAGE_SIZE]);
    const all = pages.reverse().flat();
    expect(all).toEqual([...Array.from({ length: 75 }, (_, i) => `history ${i}`), "first"]);
    // a cursor that is not one shows the latest page
    expect(bodies((await get(a, `/chats/${id}?before=abc`)).html)).toEqual(pages[pages.length - 1]);
  });
});

describe("the demo seed", () => {
  it("gives each demo member a lived-in inbox, once", async () => {
    for (const key of ["lovely", "mature", "pride"]) {
      const me = await getDb().profile.findFirstOrThrow({ where: { user: { email: `member@${key}.localhost`, siteKey: key } } });
      const chats = await chatList(site(key), me.id);
      expect(chats.length, key).toBeGreaterThanOrEqual(5);
      expect(chats.every((c) => c.profile.id !== me.id && c.last_message)).toBe(true);
      expect(await unreadTotal(site(key), me.id), key).toBeGreaterThanOrEqual(3);
      expect(chats.some((c) => c.num_unread_messages > 0 && c.last_message?.mine === false)).toBe(true);
    }
    const before = await getDb().conversation.count();
    await seedDemoChats(getDb());
    expect(await getDb().conversation.count()).toBe(before);
    expect(await getDb().gift.count({ where: { active: true } })).toBe(8);
  });
});
