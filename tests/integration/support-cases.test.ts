// Complaints and abuse reports end to end over HTTP against the real app, PostgreSQL and SMTP: a
// visitor's complaint is stored once and confirmed by mail in their language; members report only
// profiles and conversations their site shows them; the IP limit holds under parallel requests;
// support takes, annotates and closes a case, the reporter is mailed the outcome once, and every
// step is in the audit log.
import { readFileSync } from "node:fs";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { LIMITS } from "#app/limits/rate-limits.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember, type MemberOptions } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { waitForMail } from "#tests/support/mailbox.ts";
import { loggedInMember, textOf, type LoggedInMember } from "#tests/support/logged-in.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";
import { loggedInStaff } from "#tests/support/logged-in.ts";

const locale = (l: string, ns = "common") => JSON.parse(readFileSync(`app/locales/${l}/${ns}.json`, "utf8"));
const en = locale("en");
const de = locale("de");
const deMail = locale("de", "mail");
const EN = { "accept-language": "en" };
const DE = { "accept-language": "de" };
const db = () => getDb();

const { server, smtp } = useServerWithMail();

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const key = () => `k${unique()}${"x".repeat(16)}`.slice(0, 40);
const casesBy = (where: object) => db().supportCase.findMany({ where, orderBy: { id: "asc" } });

const member = (o: MemberOptions = {}) => loggedInMember(server, o);
type Member = LoggedInMember;
const post = (m: Member, path: string, fields: Record<string, string>, headers = EN) =>
  postForm(server, path, fields, { host: m.host, headers: { ...headers, cookie: m.jar.header } });

async function conversation(a: Member, b: Member) {
  return db().conversation.create({
    data: {
      lowProfileId: Math.min(a.profile.id, b.profile.id),
      highProfileId: Math.max(a.profile.id, b.profile.id),
      startedById: a.profile.id,
      participants: { create: [{ profileId: a.profile.id }, { profileId: b.profile.id }] },
    },
  });
}

const staffSession = () => loggedInStaff(server, "support");

describe("complaints", () => {
  it("a visitor's complaint is stored once and confirmed by mail in their language, also when the form is sent twice", async () => {
    const email = `visitor-${unique()}@example.test`;
    const fields = { category: "billing", email, text: "Ich wurde zweimal für dasselbe Paket belastet, am 3. November.", key: key() };
    const [first, second] = await Promise.all([
      postForm(server, "/complaints", fields, { host: "mature.localhost", headers: DE }),
      postForm(server, "/complaints", fields, { host: "mature.localhost", headers: DE }),
    ]);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    const cases = await casesBy({ email });
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ siteKey: "mature", kind: "complaint", category: "billing", locale: "de", status: "new", reporterUserId: null });
    const mail = await simpleParser((await waitForMail(smtp.received, email)).raw);
    expect(mail.subject).toContain(`Nr. ${cases[0]!.id}`);
    expect(mail.text).toContain(deMail.cases.received.body.split("{{")[0]);
    // the toast on the next page names the case number
    const page = await request(server, "/complaints", {
      host: "mature.localhost",
      headers: { ...DE, cookie: String(first.headers["set-cookie"]).split(";")[0]! },
    });
    expect(textOf(page.html)).toContain(de.support.complaint.sentToast.replace("{{id}}", String(cases[0]!.id)));
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("refuses a short text, an unknown category and a bad address in the member's language, and stores nothing", async () => {
    const email = `short-${unique()}@example.test`;
    const short = await postForm(
      server,
      "/complaints",
      { category: "billing", email, text: "too short", key: key() },
      { host: "mature.localhost", headers: DE },
    );
    expect(short.status).toBe(400);
    expect(textOf(short.html)).toContain(de.support.errors.complaintText);
    const junk = await postForm(
      server,
      "/complaints",
      { category: "<script>", email: "not an address", text: "x".repeat(40), key: key() },
      { host: "lovely.localhost", headers: EN },
    );
    expect(junk.status).toBe(400);
    expect(textOf(junk.html)).toContain(en.support.errors.category);
    expect(await casesBy({ email })).toHaveLength(0);
  });

  it("a member's complaint is answered at their account's address, whatever the form says", async () => {
    const m = await member({ site: "lovely" });
    const res = await post(m, "/complaints", {
      category: "account",
      email: "someone-else@example.test",
      text: "My profile photo disappeared after an update.",
      key: key(),
    });
    expect(res.status).toBe(302);
    const [c] = await casesBy({ reporterUserId: m.user.id });
    expect(c).toMatchObject({ email: m.email, siteKey: "lovely" });
  });

  it(`takes at most ${LIMITS.supportCases.perIp} complaints and reports an hour from one address, also in parallel`, async () => {
    const email = `flood-${unique()}@example.test`;
    const answers = await Promise.all(
      Array.from({ length: LIMITS.supportCases.perIp + 5 }, (_, i) =>
        postForm(
          server,
          "/complaints",
          { category: "other", email, text: `Complaint number ${i} with enough words in it.`, key: key() },
          { host: "lovely.localhost", headers: EN },
        ),
      ),
    );
    expect(answers.filter((r) => r.status === 302)).toHaveLength(LIMITS.supportCases.perIp);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await casesBy({ email })).toHaveLength(LIMITS.supportCases.perIp);
  });
});

describe("abuse reports", () => {
  it("a member reports a profile their site shows them; never their own, a hidden one or one outside the pool", async () => {
    const sam = await member({ site: "lovely", gender: "male", seeking: "female" });
    const eva = await createMember({ site: "lovely", name: "Eva" });
    const hidden = await createMember({ site: "lovely", invisible: true });
    const elsewhere = await createMember({ site: "pride" });
    const res = await post(sam, `/members/${eva.profile.id}`, { intent: "report", reason: "scam", text: "Asked me for money for a plane ticket.", key: key() });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/members/${eva.profile.id}`);
    const [c] = await casesBy({ reporterUserId: sam.user.id });
    expect(c).toMatchObject({ kind: "profile_report", category: "scam", profileId: eva.profile.id, siteKey: "lovely", email: sam.email });
    for (const id of [sam.profile.id, hidden.profile.id, elsewhere.profile.id, 2_147_483_647]) {
      const refused = await post(sam, `/members/${id}`, { intent: "report", reason: "fake", key: key() });
      expect(refused.status).toBe(404);
    }
    expect(await casesBy({ reporterUserId: sam.user.id })).toHaveLength(1);
    // no reason: the spec's message, nothing stored
    const noReason = await post(sam, `/members/${eva.profile.id}`, { intent: "report", reason: "", key: key() });
    expect(noReason.status).toBe(400);
    expect(textOf(noReason.html)).toContain(en.support.errors.reason);
    // a visitor cannot report
    const visitor = await postForm(server, `/members/${eva.profile.id}`, { intent: "report", reason: "fake", key: key() }, { host: "lovely.localhost" });
    expect(visitor.status).not.toBe(200);
    expect(await casesBy({ profileId: eva.profile.id })).toHaveLength(1);
  });

  it("a member reports a conversation they take part in; a third member gets 404", async () => {
    const a = await member({ site: "lovely", gender: "male" });
    const b = await member({ site: "lovely", gender: "female", name: "Bea" });
    const c = await member({ site: "lovely" });
    const conv = await conversation(a, b);
    const page = await request(server, `/chats/${conv.id}/report`, { host: a.host, headers: { ...EN, cookie: a.jar.header } });
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain(en.support.report.title.replace("{{name}}", "Bea"));
    const res = await post(a, `/chats/${conv.id}/report`, { intent: "report", reason: "harassment", text: "Insults after I said no.", key: key() });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/chats/${conv.id}`);
    const [report] = await casesBy({ reporterUserId: a.user.id });
    expect(report).toMatchObject({ kind: "chat_report", conversationId: conv.id, profileId: b.profile.id });
    expect((await request(server, `/chats/${conv.id}/report`, { host: c.host, headers: { cookie: c.jar.header } })).status).toBe(404);
    expect((await post(c, `/chats/${conv.id}/report`, { intent: "report", reason: "spam", key: key() })).status).toBe(404);
    // a member of another site with a session there cannot reach it through this site either
    const other = await member({ site: "pride" });
    expect((await post(other, `/chats/${conv.id}/report`, { intent: "report", reason: "spam", key: key() })).status).toBe(404);
    expect(await casesBy({ conversationId: conv.id })).toHaveLength(1);
  });
});

describe("the support queue", () => {
  it("support takes a report, writes a note and closes it; the reporter is mailed the outcome once, in their language", async () => {
    const reporter = await member({ site: "mature", country: "DE", gender: "male" });
    const reported = await createMember({ site: "mature", country: "DE", name: "Reported" });
    await post(reporter, `/members/${reported.profile.id}`, { intent: "report", reason: "fake", text: "Dieselben Fotos wie ein Model.", key: key() }, DE);
    await db().user.update({ where: { id: reporter.user.id }, data: { language: "de" } });
    const [c] = await casesBy({ reporterUserId: reporter.user.id });
    expect(c).toMatchObject({ status: "new", locale: "de" });
    const staff = await staffSession();
    const s = (path: string, fields?: Record<string, string>) =>
      fields
        ? postForm(server, path, fields, { headers: { ...EN, cookie: staff.jar.header } })
        : request(server, path, { headers: { ...EN, cookie: staff.jar.header } });

    const list = await s("/staff/cases");
    expect(list.status).toBe(200);
    expect(list.html).toContain(`/staff/cases/${c!.id}`);
    const detail = await s(`/staff/cases/${c!.id}`);
    expect(textOf(detail.html)).toContain("Dieselben Fotos wie ein Model.");
    expect((await s(`/staff/cases/${c!.id}`, { intent: "take" })).status).toBe(200);
    expect(await db().supportCase.findUniqueOrThrow({ where: { id: c!.id } })).toMatchObject({ status: "in_progress", assignedStaffId: staff.id });
    expect((await s(`/staff/cases/${c!.id}`, { intent: "note", text: "Reverse image search: stock photos." })).status).toBe(200);

    const outcome = "Wir haben das Profil geprüft und entfernt. Danke für deinen Hinweis!";
    const closes = await Promise.all([s(`/staff/cases/${c!.id}`, { intent: "close", outcome }), s(`/staff/cases/${c!.id}`, { intent: "close", outcome })]);
    expect(closes.map((r) => r.status).sort()).toEqual([200, 409]);
    const mail = await simpleParser((await waitForMail(smtp.received, reporter.email)).raw);
    expect(mail.subject).toContain(`Nr. ${c!.id}`);
    expect(mail.text).toContain(outcome);
    expect(mail.html).toContain("Mature Moments");
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((m) => m.to.includes(reporter.email))).toHaveLength(1);
    expect(await db().supportCase.findUniqueOrThrow({ where: { id: c!.id } })).toMatchObject({ status: "closed", outcome });
    const actions = (await db().staffAuditEntry.findMany({ where: { staffId: staff.id }, orderBy: { id: "asc" } })).map((e) => e.action);
    expect(actions.filter((a) => a.startsWith("case."))).toEqual(["case.take", "case.note", "case.close"]);
    // closed: taking it again is refused
    expect((await s(`/staff/cases/${c!.id}`, { intent: "take" })).status).toBe(409);
  });

  it("refuses a member's session, junk ids and junk input without a server error", async () => {
    const m = await member({ site: "lovely" });
    for (const path of ["/staff/cases", "/staff/cases/1"]) {
      const res = await request(server, path, { host: m.host, headers: { cookie: m.jar.header } });
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(/^\/staff\/login/);
    }
    const staff = await staffSession();
    const cookie = { ...EN, cookie: staff.jar.header };
    expect((await request(server, "/staff/cases/abc", { headers: cookie })).status).toBe(404);
    expect((await request(server, "/staff/cases/99999999999999", { headers: cookie })).status).toBe(404);
    expect((await request(server, "/staff/cases?status=junk&after=-1", { headers: cookie })).status).toBe(200);
    expect((await request(server, "/staff/cases?status=%00", { headers: cookie })).status).toBe(400);
    expect((await postForm(server, "/staff/cases/2147483647", { intent: "close", outcome: "x".repeat(20) }, { headers: cookie })).status).toBe(404);
    expect((await postForm(server, "/staff/cases/1", { intent: "nonsense" }, { headers: cookie })).status).toBe(400);
  });
});
