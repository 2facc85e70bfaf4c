// Privacy requests over HTTP against the real app, PostgreSQL and SMTP: a member asks
// for their data in settings, the privacy worker builds the zip and the mail brings the link;
// only the owner, logged in on their own site, downloads it before it expires; parallel requests
// make one export and the daily limit holds under parallel requests; staff export (support) and
// erasure (admins only) land in the audit log; junk never answers 5xx.
import { readFileSync } from "node:fs";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { LIMITS } from "#app/limits/rate-limits.server.ts";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { buildExport, cleanupExports, requestExport } from "#app/privacy/exports.server.ts";
import { exportKey } from "#app/privacy/export-files.server.ts";
import { createWorker, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { privacyJob, type PrivacyJob } from "#workers/privacy.ts";
import { createMember } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { loggedInMember, loggedInStaff, textOf, type LoggedInMember } from "#tests/support/logged-in.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";
import { waitForMail } from "#tests/support/mailbox.ts";
import { CookieJar } from "#tests/support/session.ts";

const { server, smtp } = useServerWithMail();
const db = () => getDb();
const common = (l: string) => JSON.parse(readFileSync(`app/locales/${l}/common.json`, "utf8"));
const mailTexts = (l: string) => JSON.parse(readFileSync(`app/locales/${l}/mail.json`, "utf8"));
const EN = { "accept-language": "en" };

let worker: ReturnType<typeof createWorker<PrivacyJob>>;
beforeAll(async () => {
  worker = createWorker<PrivacyJob>(QUEUE_NAMES.privacy, privacyJob, { concurrency: 1 });
  await worker.waitUntilReady();
});
afterAll(async () => {
  await worker.close();
});

const get = (m: { jar: CookieJar; host: string }, path: string, host = m.host) => request(server, path, { host, headers: { ...EN, cookie: m.jar.header } });
const askForExport = (m: LoggedInMember) =>
  postForm(server, "/profile/settings", { intent: "export" }, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
/** the path and query of a mailed link, asked of the test server */
const pathOf = (link: string) => {
  const u = new URL(link);
  return u.pathname + u.search;
};

/** A member with a photo file, a conversation both ways, a like each way, a block and ledger entries. */
async function memberWithHistory() {
  const m = await loggedInMember(server, { photos: 1 });
  const other = await createMember({ name: "Othername" });
  const photo = await db().photo.findFirstOrThrow({ where: { profileId: m.profile.id } });
  await getMediaStorage().put(photo.filename, Buffer.from("\xff\xd8 fake jpeg bytes of the member", "latin1"), "image/jpeg");
  const [low, high] = [m.profile.id, other.profile.id].sort((a, b) => a - b);
  const conversation = await db().conversation.create({
    data: {
      lowProfileId: low!,
      highProfileId: high!,
      startedById: m.profile.id,
      participants: { create: [{ profileId: m.profile.id }, { profileId: other.profile.id }] },
    },
  });
  await db().message.create({
    data: { conversationId: conversation.id, senderId: m.profile.id, body: "hello from the exporting member", clientKey: `k-${conversation.id}-1` },
  });
  await db().message.create({
    data: { conversationId: conversation.id, senderId: other.profile.id, body: "an answer to the exporting member", clientKey: `k-${conversation.id}-2` },
  });
  await db().like.create({ data: { likerId: m.profile.id, likedId: other.profile.id } });
  await db().like.create({ data: { likerId: other.profile.id, likedId: m.profile.id } });
  await db().block.create({ data: { blockerId: m.profile.id, blockedId: other.profile.id } });
  await changeCredits(db(), { userId: m.user.id, delta: 77, reason: "purchase", idempotencyKey: `privacy-test-${m.user.id}` });
  await db().userToken.create({
    data: { userId: m.user.id, kind: "password_reset", tokenHash: `secret-token-hash-${m.user.id}`, expiresAt: new Date(Date.now() + 3600_000) },
  });
  return { m, other, conversation };
}

async function exportLink(m: LoggedInMember, count = 1) {
  const mail = await waitForMail(smtp.received, m.email, count);
  expect(mail.link).toBeTruthy();
  return { mail, path: pathOf(mail.link!) };
}

describe("a member downloads their data", () => {
  it("asks in settings, gets the mail with a link, downloads a zip of their data without secrets", async () => {
    const { m, other, conversation } = await memberWithHistory();
    const settings = await get(m, "/profile/settings");
    expect(settings.status).toBe(200);
    expect(textOf(settings.html)).toContain(common("en").privacy.request);

    const asked = await askForExport(m);
    expect(asked.status).toBe(200);
    expect(textOf(asked.html)).toContain(common("en").privacy.queued);

    const { mail, path } = await exportLink(m);
    expect(mail.decoded).toContain(mailTexts("en").dataExport.button);
    expect(mail.decoded).toContain(m.site.mail_name);
    expect(path).toMatch(/^\/account\/data-export\?token=[\w-]+$/);

    const page = await get(m, path);
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain(common("en").privacy.readyTitle);
    const fileHref = /href="(\/account\/data-export\/file\?token=[^"]+)"/.exec(page.html)?.[1]?.replace(/&amp;/g, "&");
    expect(fileHref).toBeTruthy();

    const zip = await get(m, fileHref!);
    expect(zip.status).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["cache-control"]).toMatch(/no-store/);
    const entries = unzipSync(new Uint8Array(zip.bytes));
    const names = Object.keys(entries);
    for (const name of [
      "account.json",
      "profile.json",
      "photos.json",
      "messages.json",
      "likes.json",
      "blocks.json",
      "payments.json",
      "credit-ledger.json",
      "tracking.json",
      "settings.json",
    ]) {
      expect(names, name).toContain(name);
    }
    const json = (name: string) => JSON.parse(strFromU8(entries[name]!));
    const messages = json("messages.json");
    const thread = messages.conversations.find((c: { conversationId: number }) => c.conversationId === conversation.id);
    expect(thread.with).toEqual({ profileId: other.profile.id, name: "Othername" });
    expect(thread.messages.map((x: { text: string; sentByMe: boolean }) => [x.text, x.sentByMe])).toEqual([
      ["hello from the exporting member", true],
      ["an answer to the exporting member", false],
    ]);
    expect(json("credit-ledger.json")).toContainEqual(expect.objectContaining({ delta: 77, reason: "purchase" }));
    expect(json("likes.json").given[0].to.profileId).toBe(other.profile.id);
    expect(json("likes.json").received[0].from.profileId).toBe(other.profile.id);
    expect(json("blocks.json").given[0].profile.profileId).toBe(other.profile.id);
    expect(json("account.json").email).toBe(m.email);
    const photoEntry = names.find((n) => n.startsWith("photos/") && n.endsWith(".jpg"));
    expect(photoEntry).toBeTruthy();
    expect(Buffer.from(entries[photoEntry!]!).toString("latin1")).toContain("fake jpeg bytes of the member");

    // no secrets and nothing private of the other member
    const all = names
      .filter((n) => n.endsWith(".json"))
      .map((n) => strFromU8(entries[n]!))
      .join("\n");
    const user = await db().user.findUniqueOrThrow({ where: { id: m.user.id }, select: { passwordHash: true } });
    expect(all).not.toContain(user.passwordHash!);
    expect(all).not.toMatch(/passwordHash|password_hash|tokenHash|idempotencyKey|"p256dh"|"auth"/);
    expect(all).not.toContain(`secret-token-hash-${m.user.id}`);
    expect(all).not.toContain(other.email);
    const sessionIds = await db().session.findMany({ where: { userId: m.user.id }, select: { id: true } });
    for (const s of sessionIds) expect(all).not.toContain(s.id);

    // the settings page tells until when the export can be downloaded
    const after = await get(m, "/profile/settings");
    expect(after.html).toContain('data-testid="settings-export"');
  });

  it("refuses the link to another member, on another site's host, after it expired, and unknown tokens; never a 5xx", async () => {
    const { m } = await memberWithHistory();
    expect((await askForExport(m)).status).toBe(200);
    const { path } = await exportLink(m);
    const filePath = path.replace("/account/data-export?", "/account/data-export/file?");
    expect((await get(m, filePath)).status).toBe(200);

    // another member of the same site: 404
    const stranger = await loggedInMember(server);
    for (const p of [path, filePath]) {
      const res = await get(stranger, p);
      expect(res.status, p).toBe(404);
      expect(res.headers["content-type"]).not.toBe("application/zip");
    }
    // another site's member with the owner's link on their host: 404
    const elsewhere = await loggedInMember(server, { site: "mature" });
    expect((await get(elsewhere, path)).status).toBe(404);
    expect((await get(elsewhere, filePath)).status).toBe(404);
    // the owner's cookie on another site's host is no session there: sent to log in, no file
    const otherHost = await get(m, filePath, elsewhere.host);
    expect(otherHost.status).toBe(302);
    expect(otherHost.headers.location).toMatch(/^\/login\?redirectTo=/);
    // nobody logged in: to the login page, and back afterwards
    const visitor = await request(server, path, { host: m.host, headers: EN });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);

    // junk tokens: 404, never a 5xx
    for (const junk of ["", "x", "%00", "a".repeat(5000), "..%2F..%2Fetc%2Fpasswd", "%E0%A4%A", "'%20OR%201=1%20--", "a".repeat(43)]) {
      for (const p of [`/account/data-export?token=${junk}`, `/account/data-export/file?token=${junk}`]) {
        const res = await get(m, p);
        expect(res.status, p).toBeLessThan(500);
        expect([400, 404]).toContain(res.status);
      }
    }

    // expired: 410 with the message on a page, and the cleanup removes the file and the row
    const row = await db().dataExport.findFirstOrThrow({ where: { userId: m.user.id, status: "ready" } });
    await db().dataExport.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await get(m, path);
    expect(expired.status).toBe(410);
    expect(textOf(expired.html)).toContain(common("en").privacy.expired);
    expect((await get(m, filePath)).status).toBe(410);
    expect(await getMediaStorage().read(exportKey(row.file!))).not.toBeNull();
    const counts = await cleanupExports();
    expect(counts.dataExports).toBeGreaterThanOrEqual(1);
    expect(await db().dataExport.count({ where: { id: row.id } })).toBe(0);
    expect(await getMediaStorage().read(exportKey(row.file!))).toBeNull();
    expect((await get(m, filePath)).status).toBe(404);
  });

  it("parallel requests make one export, one job and one mail", async () => {
    const m = await loggedInMember(server);
    // the worker waits until every request is answered: none of them can find the export built already
    await worker.pause(true);
    const answers = await Promise.all(Array.from({ length: 6 }, () => askForExport(m)));
    worker.resume();
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    await exportLink(m);
    expect(await db().dataExport.count({ where: { userId: m.user.id } })).toBe(1);
    // a little later, still one mail
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((x) => x.to.includes(m.email))).toHaveLength(1);
  });

  it(`allows ${LIMITS.dataExports.perMember} exports a day, also when asked for in parallel`, async () => {
    const m = await createMember();
    const user = { id: m.user.id, siteKey: m.site.key };
    // three clients each asking again and again until refused; an export they start is finished at once
    const chain = async () => {
      const outcomes: string[] = [];
      for (let i = 0; i < 400 && outcomes.at(-1) !== "limit"; i++) {
        const r = await requestExport(user);
        if (!r.ok) outcomes.push("limit");
        else if (r.created) {
          outcomes.push("created");
          await db().dataExport.updateMany({ where: { id: r.exportId }, data: { status: "failed", pendingFor: null } });
        } else {
          outcomes.push("pending");
          await new Promise((r) => setTimeout(r, 25));
        }
      }
      return outcomes;
    };
    const all = (await Promise.all([chain(), chain(), chain()])).flat();
    expect(all.filter((o) => o === "created")).toHaveLength(LIMITS.dataExports.perMember);
    expect(all.filter((o) => o === "limit")).toHaveLength(3);
    expect(await db().dataExport.count({ where: { userId: m.user.id } })).toBe(LIMITS.dataExports.perMember);
    const member = await loggedInMember(server);
    // the settings form says so in the member's language
    await db().rateLimit.upsert({
      where: { key: `dataExport:${member.user.id}` },
      create: { key: `dataExport:${member.user.id}`, points: 3, expire: new Date(Date.now() + 3600_000) },
      update: { points: 3 },
    });
    const refused = await askForExport(member);
    expect(refused.status).toBe(429);
    expect(textOf(refused.html)).toContain(common("en").privacy.limit.split("{{")[0]!.trim());
  });

  it("mails the link in the member's language and brand", async () => {
    const m = await loggedInMember(server);
    await db().user.update({ where: { id: m.user.id }, data: { language: "de" } });
    await requestExport({ id: m.user.id, siteKey: m.site.key });
    const { mail } = await exportLink(m);
    expect(mail.decoded).toContain(mailTexts("de").dataExport.button);
    expect(mail.decoded).toContain(m.site.mail_name);
  });
});

describe("the export job and its cleanup", () => {
  it("a retry after the zip was built mails a new link and the old one stops working", async () => {
    const m = await loggedInMember(server);
    await requestExport({ id: m.user.id, siteKey: m.site.key });
    const first = await exportLink(m);
    const row = await db().dataExport.findFirstOrThrow({ where: { userId: m.user.id } });
    expect(await buildExport(row.id)).toEqual({ built: true });
    const second = await exportLink(m, 2);
    expect(second.path).not.toBe(first.path);
    expect((await get(m, first.path)).status).toBe(404);
    expect((await get(m, second.path)).status).toBe(200);
    expect(await db().dataExport.count({ where: { userId: m.user.id } })).toBe(1);
  });

  it("gives up an export pending for over a day, so the member can ask again", async () => {
    const m = await createMember();
    await worker.pause(true);
    try {
      const first = await requestExport({ id: m.user.id, siteKey: m.site.key });
      expect(first).toMatchObject({ ok: true, created: true });
      await db().dataExport.updateMany({ where: { userId: m.user.id }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
      expect((await cleanupExports()).dataExportsGivenUp).toBeGreaterThanOrEqual(1);
      expect(await db().dataExport.findFirst({ where: { userId: m.user.id }, select: { status: true, pendingFor: true } })).toEqual({
        status: "failed",
        pendingFor: null,
      });
      const again = await requestExport({ id: m.user.id, siteKey: m.site.key });
      expect(again).toMatchObject({ ok: true, created: true });
    } finally {
      worker.resume();
    }
  });
});

describe("staff privacy requests", () => {
  const staffSession = (role: "support" | "admin") => loggedInStaff(server, role);
  const post = (s: { jar: CookieJar; host: string }, path: string, fields: Record<string, string>) =>
    postForm(server, path, fields, { host: s.host, headers: { ...EN, cookie: s.jar.header } });

  it("support exports a member's data: mailed to the member, in the audit log, once while pending", async () => {
    const support = await staffSession("support");
    const m = await loggedInMember(server);
    const page = await get(support, `/staff/members/${m.user.id}`);
    expect(textOf(page.html)).toContain(common("en").staff.actions.exportData);
    expect(textOf(page.html)).not.toContain(common("en").staff.actions.erase);
    await worker.pause(true);
    const answers = await Promise.all([1, 2, 3].map(() => post(support, `/staff/members/${m.user.id}`, { intent: "export-data" })));
    worker.resume();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const { path } = await exportLink(m);
    // the member downloads it; the staff member's page shows no link
    expect((await get(m, path)).status).toBe(200);
    const after = await get(support, `/staff/members/${m.user.id}`);
    expect(after.html).not.toContain("/account/data-export");
    const entries = await db().staffAuditEntry.findMany({ where: { userId: m.user.id, action: "member.export_data" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.staffId).toBe(support.id);
    expect(await db().dataExport.count({ where: { userId: m.user.id, staffId: support.id } })).toBe(1);
  });

  it("admins erase a member with a reason: personal data gone, sessions ended, audit entry; support cannot", async () => {
    const support = await staffSession("support");
    const admin = await staffSession("admin");
    const { m } = await memberWithHistory();
    expect((await get(m, "/profile/settings")).status).toBe(200);
    expect((await post(support, `/staff/members/${m.user.id}`, { intent: "erase", reason: "request by mail", confirm: "erase" })).status).toBe(403);
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).status).toBe("active");
    // reason and confirmation are required
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "erase", reason: "", confirm: "erase" })).status).toBe(400);
    expect((await post(admin, `/staff/members/${m.user.id}`, { intent: "erase", reason: "request by mail" })).status).toBe(400);

    const answers = await Promise.all(
      [1, 2].map(() => post(admin, `/staff/members/${m.user.id}`, { intent: "erase", reason: "erasure request by mail, ticket 42", confirm: "erase" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const user = await db().user.findUniqueOrThrow({ where: { id: m.user.id }, include: { profile: true } });
    expect(user.status).toBe("deleted");
    expect(user.email).not.toBe(m.email);
    expect(user.passwordHash).toBeNull();
    expect(user.profile!.name).toBe("—");
    expect(await db().photo.count({ where: { profileId: m.profile.id } })).toBe(0);
    expect(await db().session.count({ where: { userId: m.user.id } })).toBe(0);
    expect(await db().userToken.count({ where: { userId: m.user.id } })).toBe(0);
    // the old session opens nothing
    expect((await get(m, "/profile/settings")).status).toBe(302);
    const entries = await db().staffAuditEntry.findMany({ where: { userId: m.user.id, action: "member.erase" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.reason).toBe("erasure request by mail, ticket 42");
    expect(entries[0]!.staffId).toBe(admin.id);
    // an erased member cannot be exported
    expect((await post(support, `/staff/members/${m.user.id}`, { intent: "export-data" })).status).toBe(409);
  });

  it("junk on the new intents never answers 5xx", async () => {
    const admin = await staffSession("admin");
    const m = await createMember();
    for (const value of ["", "\u0000", "x".repeat(10_000), "<script>", "-1", "erase"]) {
      for (const intent of ["export-data", "erase"]) {
        const res = await post(admin, `/staff/members/${m.user.id}`, { intent, reason: value, confirm: value });
        expect(res.status, `${intent} ${JSON.stringify(value.slice(0, 10))}`).toBeLessThan(500);
      }
    }
    for (const id of ["0", "-1", "99999999999", "abc"]) {
      const res = await post(admin, `/staff/members/${id}`, { intent: "erase", reason: "valid reason", confirm: "erase" });
      expect(res.status, id).toBeLessThan(500);
    }
    const member = await loggedInMember(server);
    for (const body of [{ intent: "export", extra: "\u0000" }, { intent: "export".repeat(1000) }] as Record<string, string>[]) {
      const res = await postForm(server, "/profile/settings", body, { host: member.host, headers: { ...EN, cookie: member.jar.header } });
      expect(res.status).toBeLessThan(500);
    }
  });
});
