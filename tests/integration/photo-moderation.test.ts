// Photo moderation over HTTP against the real app, PostgreSQL and SMTP: on a
// pre-moderation site (mature) an upload stays pending, labelled for its owner and absent from
// every page another member sees (profile, search, likes, chats) until staff approve it; a
// rejection mails the member in their language and the main photo falls back; on a
// post-moderation site (lovely) the photo shows at once and waits in the queue. Parallel staff
// decisions give one decision and one mail; members cannot reach the queue; junk gives 4xx.
import { readFileSync } from "node:fs";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { type MemberOptions } from "#tests/support/factories.ts";
import { postForm, request } from "#tests/support/http.ts";
import { waitForMail } from "#tests/support/mailbox.ts";
import { loggedInMember, textOf, type LoggedInMember } from "#tests/support/logged-in.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";
import { loggedInStaff } from "#tests/support/logged-in.ts";

const locale = (l: string, ns = "common") => JSON.parse(readFileSync(`app/locales/${l}/${ns}.json`, "utf8"));
const de = locale("de");
const en = locale("en");
const frMail = locale("fr", "mail");
const EN = { "accept-language": "en" };
const db = () => getDb();

const { server, smtp } = useServerWithMail();
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 160, height: 200, channels: 3, background: "#a35" } })
    .jpeg()
    .toBuffer();
});

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

const member = (o: MemberOptions = {}) => loggedInMember(server, o);
type Member = LoggedInMember;
const page = (m: Member, path: string) => request(server, path, { host: m.host, headers: { cookie: m.jar.header } });

async function upload(m: Member) {
  const form = new FormData();
  form.append("intent", "photo-upload");
  form.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "me.jpg");
  const body = new Response(form);
  const res = await request(server, "/profile", {
    host: m.host,
    method: "POST",
    headers: { cookie: m.jar.header, "content-type": body.headers.get("content-type")! },
    body: Buffer.from(await body.arrayBuffer()),
  });
  expect(res.status).toBe(200);
  const photo = await db().photo.findFirstOrThrow({ where: { profileId: m.profile.id }, orderBy: { id: "desc" } });
  return { ...photo, res };
}

const staffSession = (host = "lovely.localhost") => loggedInStaff(server, "support", { host });

type Staff = Awaited<ReturnType<typeof staffSession>>;
const staffGet = (s: Staff, path: string) => request(server, path, { host: s.host, headers: { ...EN, cookie: s.jar.header } });
const decide = (s: Staff, fields: Record<string, string>) =>
  postForm(server, "/staff/photos", fields, { host: s.host, headers: { ...EN, cookie: s.jar.header } });

/** Every page where another member could meet `owner`: profile view, search, likes received, chats. */
async function pagesSeenBy(viewer: Member, owner: Member) {
  const pages = await Promise.all([`/members/${owner.profile.id}`, "/members", "/likes/received", "/chats"].map((p) => page(viewer, p)));
  for (const p of pages) expect(p.status).toBe(200);
  return pages.map((p) => p.html).join("\n");
}

/** A premium viewer (sees all photos) who meets the owner everywhere: the owner liked them and they have a conversation. */
async function viewerOf(owner: Member) {
  const viewer = await member({ site: owner.site.key, gender: "male", seeking: "female", paidUser: true });
  await db().like.create({ data: { likerId: owner.profile.id, likedId: viewer.profile.id } });
  await db().conversation.create({
    data: {
      lowProfileId: Math.min(owner.profile.id, viewer.profile.id),
      highProfileId: Math.max(owner.profile.id, viewer.profile.id),
      startedById: owner.profile.id,
      participants: { create: [{ profileId: owner.profile.id }, { profileId: viewer.profile.id }] },
    },
  });
  return viewer;
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const photoEntries = (photoId: number) =>
  db().staffAuditEntry.findMany({ where: { action: { startsWith: "photo." }, after: { path: ["photo"], equals: photoId } } });

describe("pre-moderation (mature)", () => {
  it("keeps an upload pending, labelled for its owner and hidden from others until staff approve it", async () => {
    const owner = await member({ site: "mature", name: `Owner${unique()}` });
    const viewer = await viewerOf(owner);
    const photo = await upload(owner);
    expect(photo).toMatchObject({ status: "pending", reviewedAt: null });
    expect(textOf(photo.res.html)).toContain(de.profileEdit.photoPendingNotice);
    expect((await db().profile.findUniqueOrThrow({ where: { id: owner.profile.id } })).mainPhotoId).toBeNull();

    // the owner sees it, labelled, on /profile (mature speaks German)
    const own = await page(owner, "/profile");
    expect(own.html).toContain(photo.thumbFilename);
    expect(own.html).toContain('data-testid="photo-pending"');
    expect(textOf(own.html)).toContain(de.profileEdit.photoPending);

    // nobody else does: profile view, search card, likes list, chat partner card
    const before = await pagesSeenBy(viewer, owner);
    expect(before).toContain(`data-profile-id="${owner.profile.id}"`); // the owner is on those pages…
    expect(before).not.toContain(photo.thumbFilename); // …without the photo
    expect(before).not.toContain(photo.filename);

    // staff see it in the queue with a thumbnail they can load, and approve it
    const staff = await staffSession("mature.localhost");
    const queue = await staffGet(staff, `/staff/photos?member=${owner.user.id}`);
    expect(queue.status).toBe(200);
    expect(queue.html).toContain(`data-photo-id="${photo.id}"`);
    expect(queue.html).toContain(`/staff/members/${owner.user.id}`);
    const thumb = new RegExp(`src="([^"]+${photo.thumbFilename.replace(/[/.]/g, "\\$&")})"`).exec(queue.html)![1]!;
    const image = await request(server, thumb.replace(/&amp;/g, "&"), { host: staff.host, headers: { cookie: staff.jar.header } });
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");

    const approved = await decide(staff, { photo: String(photo.id), intent: "approve" });
    expect(approved.status).toBe(200);
    expect(textOf(approved.html)).toContain(de.staff.done.photoApproved); // the console speaks the host's language
    expect(await db().photo.findUniqueOrThrow({ where: { id: photo.id } })).toMatchObject({ status: "active", reviewedById: staff.id });
    expect((await db().profile.findUniqueOrThrow({ where: { id: owner.profile.id } })).mainPhotoId).toBe(photo.id);
    const after = await pagesSeenBy(viewer, owner);
    expect(after).toContain(photo.thumbFilename); // cards
    expect(after).toContain(photo.filename); // profile view
    expect((await page(owner, "/profile")).html).not.toContain('data-testid="photo-pending"');
    expect((await staffGet(staff, `/staff/photos?member=${owner.user.id}`)).html).not.toContain(`data-photo-id="${photo.id}"`);
    const [entry] = await photoEntries(photo.id);
    expect(entry).toMatchObject({
      action: "photo.approve",
      siteKey: "mature",
      userId: owner.user.id,
      staffId: staff.id,
      before: { photo: photo.id, status: "pending" },
      after: { photo: photo.id, status: "active" },
    });
  });

  it("a rejected main photo falls back to the next active one (never a pending one), is hidden, and the member is mailed in their language", async () => {
    // two photos from before the site moderated in advance: active, never reviewed, the first one main
    const owner = await member({ site: "mature", name: `Ren${unique()}`, photos: 2 });
    const [first, second] = await db().photo.findMany({ where: { profileId: owner.profile.id }, orderBy: { position: "asc" } });
    await db().user.update({ where: { id: owner.user.id }, data: { language: "fr" } });
    const viewer = await viewerOf(owner);
    const pending = await upload(owner);
    expect(pending.status).toBe("pending");
    const staff = await staffSession();
    expect((await db().profile.findUniqueOrThrow({ where: { id: owner.profile.id } })).mainPhotoId).toBe(first!.id);
    expect(await pagesSeenBy(viewer, owner)).toContain(first!.thumbFilename);

    // a rejection needs a reason from the list
    expect((await decide(staff, { photo: String(first!.id), intent: "reject" })).status).toBe(400);
    expect((await decide(staff, { photo: String(first!.id), intent: "reject", reason: "because" })).status).toBe(400);
    const rejected = await decide(staff, { photo: String(first!.id), intent: "reject", reason: "not_you" });
    expect(rejected.status).toBe(200);
    expect(textOf(rejected.html)).toContain(en.staff.done.photoRejected);
    expect(await db().photo.findUniqueOrThrow({ where: { id: first!.id } })).toMatchObject({
      status: "rejected",
      rejectReason: "not_you",
      reviewedById: staff.id,
    });
    expect((await db().profile.findUniqueOrThrow({ where: { id: owner.profile.id } })).mainPhotoId).toBe(second!.id);
    const seen = await pagesSeenBy(viewer, owner);
    expect(seen).not.toContain(first!.thumbFilename);
    expect(seen).not.toContain(first!.filename);
    expect(seen).toContain(second!.thumbFilename);
    expect(seen).not.toContain(pending.thumbFilename);
    expect((await page(owner, "/profile")).html).not.toContain(first!.thumbFilename);

    const mail = await simpleParser((await waitForMail(smtp.received, owner.email)).raw);
    expect(mail.subject).toBe(frMail.photos.rejected.subject.replace("{{siteName}}", "Mature Moments"));
    expect(mail.text).toContain(frMail.photos.reasons.not_you);
    expect(mail.text).toContain(frMail.photos.rejected.greeting.replace("{{name}}", owner.profile.name));
    expect(mail.from?.value[0]?.address).toBe("noreply@mature.localhost");
    const [entry] = await photoEntries(first!.id);
    expect(entry).toMatchObject({
      action: "photo.reject",
      siteKey: "mature",
      userId: owner.user.id,
      reason: "not_you",
      before: { status: "active", mainPhoto: first!.id },
      after: { status: "rejected", mainPhoto: second!.id },
    });

    // rejecting the last active photo leaves no main photo: the pending one does not take its place
    expect((await decide(staff, { photo: String(second!.id), intent: "reject", reason: "low_quality" })).status).toBe(200);
    expect((await db().profile.findUniqueOrThrow({ where: { id: owner.profile.id } })).mainPhotoId).toBeNull();
    const none = await pagesSeenBy(viewer, owner);
    expect(none).not.toContain(second!.thumbFilename);
    expect(none).not.toContain(pending.thumbFilename);
  });
});

describe("the add-a-photo warning on a pre-moderation site", () => {
  it("gives way while the only photo waits for review, and comes back when it is rejected", async () => {
    const owner = await member({ site: "mature", name: `Waiting${unique()}` });
    // outside the members area: there a new member's time bonus takes the one bar before the photo reminder
    const warning = async () => (await page(owner, "/transactions")).html.includes('data-testid="photo-warning"');
    expect(await warning()).toBe(true);
    const photo = await upload(owner);
    expect(photo.status).toBe("pending");
    expect(await warning()).toBe(false);
    const staff = await staffSession();
    expect((await decide(staff, { photo: String(photo.id), intent: "reject", reason: "low_quality" })).status).toBe(200);
    expect(await warning()).toBe(true);
  });
});

describe("post-moderation (lovely)", () => {
  it("shows an upload at once and lists it for review", async () => {
    const owner = await member({ site: "lovely" });
    const viewer = await viewerOf(owner);
    const photo = await upload(owner);
    expect(photo).toMatchObject({ status: "active", reviewedAt: null });
    expect((await db().profile.findUniqueOrThrow({ where: { id: owner.profile.id } })).mainPhotoId).toBe(photo.id);
    expect((await page(owner, "/profile")).html).not.toContain('data-testid="photo-pending"');
    expect(await pagesSeenBy(viewer, owner)).toContain(photo.thumbFilename);

    const staff = await staffSession();
    expect((await staffGet(staff, `/staff/photos?site=lovely&member=${owner.user.id}`)).html).toContain(`data-photo-id="${photo.id}"`);
    expect((await staffGet(staff, `/staff/photos?site=mature&member=${owner.user.id}`)).html).not.toContain(`data-photo-id="${photo.id}"`);
    expect((await decide(staff, { photo: String(photo.id), intent: "approve" })).status).toBe(200);
    expect(await db().photo.findUniqueOrThrow({ where: { id: photo.id } })).toMatchObject({ status: "active", reviewedById: staff.id });
    expect((await staffGet(staff, `/staff/photos?member=${owner.user.id}`)).html).not.toContain(`data-photo-id="${photo.id}"`);
    // a second decision on a reviewed photo changes nothing
    expect((await decide(staff, { photo: String(photo.id), intent: "reject", reason: "other" })).status).toBe(409);
    expect((await db().photo.findUniqueOrThrow({ where: { id: photo.id } })).status).toBe("active");
  });
});

describe("parallel decisions", () => {
  it("two staff deciding at once give one decision, one audit entry and at most one mail", async () => {
    const owner = await member({ site: "mature" });
    const photo = await upload(owner);
    const [a, b] = await Promise.all([staffSession("mature.localhost"), staffSession("mature.localhost")]);
    const answers = await Promise.all([
      decide(a, { photo: String(photo.id), intent: "approve" }),
      decide(b, { photo: String(photo.id), intent: "reject", reason: "nudity" }),
      decide(a, { photo: String(photo.id), intent: "reject", reason: "other" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const row = await db().photo.findUniqueOrThrow({ where: { id: photo.id } });
    expect(await photoEntries(photo.id)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(owner.email)).toHaveLength(row.status === "rejected" ? 1 : 0);
  });

  it("a double click on reject mails once", async () => {
    const owner = await member({ site: "mature" });
    const photo = await upload(owner);
    const staff = await staffSession("mature.localhost");
    const fields = { photo: String(photo.id), intent: "reject", reason: "not_a_person" };
    const answers = await Promise.all([decide(staff, fields), decide(staff, fields)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    await waitForMail(smtp.received, owner.email);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(await photoEntries(photo.id)).toHaveLength(1);
  });
});

describe("access and junk", () => {
  it("a member session cannot open the queue nor decide", async () => {
    const owner = await member({ site: "mature" });
    const photo = await upload(owner);
    const res = await page(owner, "/staff/photos");
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/staff\/login\?redirectTo=/);
    const post = await postForm(
      server,
      "/staff/photos",
      { photo: String(photo.id), intent: "approve" },
      { host: owner.host, headers: { cookie: owner.jar.header } },
    );
    expect(post.status).toBe(403);
    expect((await db().photo.findUniqueOrThrow({ where: { id: photo.id } })).status).toBe("pending");
  });

  it("answers junk ids and input with 4xx, never 5xx", async () => {
    const staff = await staffSession();
    const JUNK = ["\0", "a\0b", "99999999999", "-1", "0", "abc", "1e400", "\r\nSet-Cookie: x=1", "x".repeat(5000), ""];
    const failures: string[] = [];
    for (const value of JUNK) {
      const v = encodeURIComponent(value);
      const list = await staffGet(staff, `/staff/photos?after=${v}&site=${v}&member=${v}`);
      if (list.status >= 500) failures.push(`${list.status} GET ${value.slice(0, 20)}`);
      for (const intent of ["approve", "reject", value]) {
        const res = await decide(staff, { photo: value, intent, reason: value });
        if (res.status >= 500 || res.status < 400) failures.push(`${res.status} POST ${intent.slice(0, 20)}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await decide(staff, { photo: "2147483000", intent: "approve" })).status).toBe(404);
    const json = await request(server, "/staff/photos", {
      method: "POST",
      host: staff.host,
      headers: { cookie: staff.jar.header, "content-type": "application/json" },
      body: "null",
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
  });
});
