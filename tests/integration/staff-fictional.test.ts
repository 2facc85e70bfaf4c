// The fictional inbox over HTTP against the real app and PostgreSQL: a member's paid message to
// a fictional profile waits in the site's inbox; support answers as the profile, free, live to
// the member's open page, with an audit entry (once, however often the form is sent); a real
// member's conversation and another site's fictional one are never listed nor open; a role
// without the permission is refused.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { openStream } from "#tests/support/event-stream.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, textOf, type LoggedInMember } from "#tests/support/logged-in.ts";
import { loggedInStaff } from "#tests/support/logged-in.ts";

const en = JSON.parse(readFileSync("app/locales/en/common.json", "utf8"));
const EN = { "accept-language": "en" };
const db = () => getDb();
const plain = (html: string) => textOf(html).replace(/<[^>]+>/g, " ");

const server = useTestServer();

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const key = () => `k${unique()}abcdefgh`;

const staffSession = (role: "support" | "admin" | "marketing") => loggedInStaff(server, role);

type Staff = Awaited<ReturnType<typeof staffSession>>;

const staffGet = (s: Staff, path: string) => request(server, path, { host: "lovely.localhost", headers: { ...EN, cookie: s.jar.header } });
const staffPost = (s: Staff, path: string, fields: Record<string, string>) =>
  postForm(server, path, fields, { host: "lovely.localhost", headers: { ...EN, cookie: s.jar.header } });
const memberGet = (m: LoggedInMember, path: string) => request(server, path, { host: m.host, headers: { ...EN, cookie: m.jar.header } });

/** The member writes to a profile over HTTP (paid like any message); the conversation's id. */
async function write(m: LoggedInMember, profileId: number, body: string) {
  const res = await postForm(
    server,
    `/members/${profileId}/chat`,
    { clientKey: key(), intent: "text", body },
    { host: m.host, headers: { ...EN, cookie: m.jar.header } },
  );
  expect(res.status).toBeLessThan(400);
  const c = await db().conversation.findFirstOrThrow({
    where: { participants: { some: { profileId } }, AND: { participants: { some: { profileId: m.profile.id } } } },
  });
  return c.id;
}

const credits = async (userId: number) => (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { credits: true } })).credits;

describe("the fictional inbox", () => {
  it("lists a member's paid message to a fictional profile as waiting; support's reply reaches the member live, free, once, in the audit log", async () => {
    const fictional = await createMember({ site: "lovely", fictional: true, gender: "female", seeking: "male", name: `Fina${unique()}` });
    const member = await loggedInMember(server, { site: "lovely", gender: "male", seeking: "female", credits: 50 });
    const id = await write(member, fictional.profile.id, "Hello, are you real?");
    expect(await credits(member.user.id)).toBe(40); // lovely's message_credits: the member's message is paid

    const support = await staffSession("support");
    const list = await staffGet(support, "/staff/fictional?site=lovely");
    expect(list.status).toBe(200);
    const listText = plain(list.html);
    expect(list.html).toContain(`/staff/fictional/${id}?site=lovely`);
    // the row of this conversation says it waits for an answer
    const row = listText.slice(listText.indexOf(`#${id}`), listText.indexOf(`#${id}`) + 200);
    expect(row).toContain(en.staff.fictional.waiting);
    expect(row).toContain(fictional.profile.name);

    const thread = await staffGet(support, `/staff/fictional/${id}?site=lovely`);
    expect(thread.status).toBe(200);
    expect(textOf(thread.html)).toContain("Hello, are you real?");

    const stream = openStream(server.port, member.jar.header);
    await stream.opened;
    const clientKey = key();
    try {
      const answers = await Promise.all(
        [1, 2].map(() => staffPost(support, `/staff/fictional/${id}?site=lovely`, { body: "Hi! Yes, write me more.", clientKey })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await expect.poll(() => stream.events.filter((e) => e.type === "message"), { timeout: 3000 }).toHaveLength(1);
      expect(stream.events.find((e) => e.type === "message")!.data).toEqual({ type: "message", conversationId: id });
    } finally {
      stream.close();
    }
    // once, from the fictional profile, costing nothing; nobody's credits moved
    const replies = await db().message.findMany({ where: { conversationId: id, senderId: fictional.profile.id } });
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ body: "Hi! Yes, write me more.", creditsCost: 0 });
    expect(await credits(member.user.id)).toBe(40);
    expect(await credits(fictional.user.id)).toBe(0);
    expect(await db().creditLedgerEntry.count({ where: { userId: fictional.user.id } })).toBe(0);
    // the member reads it in their own thread
    expect(textOf((await memberGet(member, `/chats/${id}`)).html)).toContain("Hi! Yes, write me more.");
    // one audit entry, by the staff member, for the member, in the site
    const entries = await db().staffAuditEntry.findMany({ where: { staffId: support.id, action: "fictional.reply" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ siteKey: "lovely", userId: member.user.id, staffEmail: support.email });
    expect(entries[0]!.after).toMatchObject({ conversationId: id, messageId: replies[0]!.id, fictionalProfileId: fictional.profile.id });
    // answered now: the list says so
    const after = plain((await staffGet(support, "/staff/fictional?site=lovely")).html);
    expect(after.slice(after.indexOf(`#${id}`), after.indexOf(`#${id}`) + 200)).toContain(en.staff.fictional.answered);
    // an empty or oversized reply is refused, and stores nothing
    expect((await staffPost(support, `/staff/fictional/${id}?site=lovely`, { body: "", clientKey: key() })).status).toBe(400);
    expect((await staffPost(support, `/staff/fictional/${id}?site=lovely`, { body: "x".repeat(5000), clientKey: key() })).status).toBe(400);
    expect(await db().message.count({ where: { conversationId: id, senderId: fictional.profile.id } })).toBe(1);
  });

  it("never lists or opens a conversation between real members, nor another site's fictional conversation", async () => {
    const [a, b] = await Promise.all([
      loggedInMember(server, { site: "lovely", gender: "male", seeking: "female", credits: 50 }),
      createMember({ site: "lovely", gender: "female", seeking: "male" }),
    ]);
    const real = await write(a, b.profile.id, "Just between us");
    const matureFictional = await createMember({ site: "mature", fictional: true, gender: "female", seeking: "male" });
    const matureMember = await loggedInMember(server, { site: "mature", gender: "male", seeking: "female", credits: 50 });
    const other = await write(matureMember, matureFictional.profile.id, "Hello from mature");

    const support = await staffSession("support");
    const list = await staffGet(support, "/staff/fictional?site=lovely");
    expect(list.html).not.toContain(`/staff/fictional/${real}?`);
    expect(list.html).not.toContain(`/staff/fictional/${other}?`);
    for (const id of [real, other]) {
      expect((await staffGet(support, `/staff/fictional/${id}?site=lovely`)).status).toBe(404);
      expect((await staffPost(support, `/staff/fictional/${id}?site=lovely`, { body: "Sneaky", clientKey: key() })).status).toBe(404);
    }
    // the real conversation is not in any site's inbox; mature's is in mature's
    expect((await staffGet(support, `/staff/fictional/${real}?site=mature`)).status).toBe(404);
    expect((await staffGet(support, "/staff/fictional?site=mature")).html).toContain(`/staff/fictional/${other}?site=mature`);
    expect(await db().message.count({ where: { body: "Sneaky" } })).toBe(0);
    expect(await db().staffAuditEntry.count({ where: { staffId: support.id, action: "fictional.reply" } })).toBe(0);
  });

  it("refuses marketing staff and members, and lets admins in", async () => {
    const fictional = await createMember({ site: "lovely", fictional: true, gender: "female", seeking: "male" });
    const member = await loggedInMember(server, { site: "lovely", gender: "male", seeking: "female", credits: 50 });
    const id = await write(member, fictional.profile.id, "Anyone?");
    const marketing = await staffSession("marketing");
    expect((await staffGet(marketing, "/staff/fictional?site=lovely")).status).toBe(403);
    expect((await staffGet(marketing, `/staff/fictional/${id}?site=lovely`)).status).toBe(403);
    expect((await staffPost(marketing, `/staff/fictional/${id}?site=lovely`, { body: "Marketing says hi", clientKey: key() })).status).toBe(403);
    // a member session opens no staff page
    expect((await memberGet(member, "/staff/fictional")).status).toBe(302);
    expect(await db().message.count({ where: { conversationId: id, senderId: fictional.profile.id } })).toBe(0);

    const admin = await staffSession("admin");
    expect((await staffGet(admin, `/staff/fictional/${id}?site=lovely`)).status).toBe(200);
  });
});
