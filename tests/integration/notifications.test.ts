// E-mail notifications through the real queue and a real SMTP server: who gets which mail in
// which language and brand, the switches, the daily cap under parallel events, never to a
// pending-deletion account, the unread-message reminder (once), and the one-click unsubscribe
// link (RFC 8058) and e-mail source variant of /notifications without login, refused when forged
// or on another site's host.
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { sendMessage } from "#app/chat/send.server.ts";
import { like } from "#app/likes/likes.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { DAILY_CAP, deliverNotification } from "#app/notifications/delivery.server.ts";
import { dueUnreadReminders, runNotificationJob, UNREAD_REMINDER_AFTER_MS } from "#app/notifications/jobs.server.ts";
import { unsubscribeQuery } from "#app/notifications/unsubscribe-link.server.ts";
import { ACTIVATION_REMINDER_AFTER_MS, dueActivationReminders, dueWeeklyUpdates, isoWeek } from "#app/notifications/reminders.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { waitForMail } from "#tests/support/mailbox.ts";
import { createMember, type MemberOptions } from "#tests/support/factories.ts";
import { useEnv } from "#tests/support/fixtures.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";

useEnv({ NOTIFICATION_QUIET_HOURS: "0-0" }); // the tests run at any hour; quiet hours have their own test
const { server, smtp } = useServerWithMail({ workers: "all" });
// the links in mails sent outside a request lead to this server
useEnv(() => ({ PUBLIC_PORT: String(server.port) }));
let n = 0;

const site = (key: string) => getSiteRegistry().byKey.get(key)!;

async function member(o: MemberOptions & { language?: string; credits?: number } = {}) {
  const m = await createMember({ name: `Notify${n++}`, ...o });
  const email = `notify${Date.now()}-${n}@example.test`;
  await getDb().user.update({ where: { id: m.user.id }, data: { email, language: o.language ?? null } });
  if (o.credits) await changeCredits(getDb(), { userId: m.user.id, delta: o.credits, reason: "adjustment", idempotencyKey: `notify-credits-${m.user.id}` });
  return { ...m, email };
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "mi").exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim() ?? null;
const decodeMime = (s: string) =>
  s.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );

describe("new like and match mails", () => {
  it("mails the liked member in their language and site brand, with a one-click unsubscribe", async () => {
    const liker = await member({ gender: "male", seeking: "female" });
    const liked = await member({ gender: "female", seeking: "male", language: "nl" });
    expect((await like(site("lovely"), liker.profile.id, liked.profile.id, "profile")).kind).toBe("ok");
    const mail = await waitForMail(smtp.received, liked.email);
    expect(decodeMime(mail.subject)).toBe(`${liker.profile.name} vindt je leuk op Lovely Dates`);
    expect(mail.decoded).toContain("Bekijk wie je leuk vindt");
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const unsubscribe = headerOf(mail.raw, "List-Unsubscribe");
    expect(unsubscribe).toMatch(
      new RegExp(`^<http://lovely\\.localhost:${server.port}/notifications\\?source=email&u=${liked.user.id}&type=like&sig=[\\w-]{32}>$`),
    );
    expect(headerOf(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(mailsTo(liker.email)).toHaveLength(0);

    // liking back is a match: the first liker hears of it
    expect((await like(site("lovely"), liked.profile.id, liker.profile.id, "profile")).kind).toBe("ok");
    const match = await waitForMail(smtp.received, liker.email);
    expect(decodeMime(match.subject)).toBe(`It's a match with ${liked.profile.name} on Lovely Dates`);
    expect(match.decoded).toContain(`/members/${liked.profile.id}/chat`);
  });

  it("writes in the recipient's site brand and language when a member of another site of the pool likes them", async () => {
    const liker = await member({ site: "lovely", gender: "male", seeking: "female" });
    const liked = await member({ site: "mature", gender: "female", seeking: "male", language: "de" });
    const result = await like(site("lovely"), liker.profile.id, liked.profile.id, "profile");
    expect(result.kind).toBe("ok"); // both sites resell their members in one network
    const mail = await waitForMail(smtp.received, liked.email);
    expect(decodeMime(mail.subject)).toBe(`${liker.profile.name} mag dich auf Mature Moments`);
    expect(headerOf(mail.raw, "List-Unsubscribe")).toContain(`http://mature.localhost:${server.port}/notifications?`);
  });

  it("sends nothing to a member who switched likes off, nor to an account pending deletion", async () => {
    const liker = await member({ gender: "male", seeking: "female" });
    const off = await member({ gender: "female", seeking: "male" });
    await getDb().user.update({ where: { id: off.user.id }, data: { notificationsOff: ["like"] } });
    expect(await runNotificationJob({ kind: "like", likerId: liker.profile.id, likedId: off.profile.id, match: false })).toEqual({ outcome: "nothing" }); // no like stored yet: nothing to tell
    await getDb().like.create({ data: { likerId: liker.profile.id, likedId: off.profile.id, source: "profile" } });
    expect(await runNotificationJob({ kind: "like", likerId: liker.profile.id, likedId: off.profile.id, match: false })).toEqual({
      outcome: { sent: false, reason: "switched_off" },
    });

    const leaving = await member({ gender: "female", seeking: "male" });
    await getDb().user.update({ where: { id: leaving.user.id }, data: { status: "pending_deletion", deletionRequestedAt: new Date() } });
    await getDb().like.create({ data: { likerId: liker.profile.id, likedId: leaving.profile.id, source: "profile" } });
    expect(await runNotificationJob({ kind: "like", likerId: liker.profile.id, likedId: leaving.profile.id, match: false })).toEqual({
      outcome: { sent: false, reason: "not_eligible" },
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(off.email)).toHaveLength(0);
    expect(mailsTo(leaving.email)).toHaveLength(0);
  });
});

describe("quiet hours", () => {
  it("holds a notification back until the morning in the member's country, through the queue", async () => {
    const liker = await member({ gender: "male", seeking: "female" });
    const liked = await member({ gender: "female", seeking: "male", country: "NL" });
    await getDb().like.create({ data: { likerId: liker.profile.id, likedId: liked.profile.id, source: "profile" } });
    process.env.NOTIFICATION_QUIET_HOURS = "22-8";
    resetSingleton("env");
    try {
      // 23:30 in Amsterdam: 8 h 30 min until 08:00
      const result = await runNotificationJob(
        { kind: "like", likerId: liker.profile.id, likedId: liked.profile.id, match: false },
        new Date("2026-11-23T22:30:00Z"),
      );
      expect(result).toEqual({ outcome: { sent: false, reason: "quiet", delayMs: 8.5 * 3600_000 }, requeued: 8.5 * 3600_000 });
    } finally {
      process.env.NOTIFICATION_QUIET_HOURS = "0-0";
      resetSingleton("env");
    }
    const morning = await getQueue(QUEUE_NAMES.notifications).getJob(`like-${liker.profile.id}-${liked.profile.id}-like-morning`);
    expect(await morning?.getState()).toBe("delayed");
    expect(morning?.data).toMatchObject({ kind: "like", afterQuiet: true });
    expect(await getDb().notificationSend.count({ where: { userId: liked.user.id } })).toBe(0);
  });
});

describe("new message mails", () => {
  it("tells the recipient of a new conversation, then of each new message, in their language", async () => {
    const sender = await member({ gender: "male", seeking: "female", paidUser: true, credits: 500 });
    const recipient = await member({ gender: "female", seeking: "male", language: "fr" });
    const first = await sendMessage(
      site("lovely"),
      { userId: sender.user.id, profileId: sender.profile.id, paidUser: true },
      { profileId: recipient.profile.id },
      { kind: "text", body: "Bonjour !" },
      `notify-${Date.now()}-a`,
    );
    expect(first.ok).toBe(true);
    const mail = await waitForMail(smtp.received, recipient.email);
    expect(decodeMime(mail.subject)).toBe(`${sender.profile.name} a commencé une conversation avec vous sur Lovely Dates`);
    expect(mail.decoded).toContain(`/chats/${first.ok ? first.conversationId : 0}`);
    expect(headerOf(mail.raw, "List-Unsubscribe")).toContain("type=new_conversations");

    await sendMessage(
      site("lovely"),
      { userId: sender.user.id, profileId: sender.profile.id, paidUser: true },
      { profileId: recipient.profile.id },
      { kind: "text", body: "Ça va ?" },
      `notify-${Date.now()}-b`,
    );
    const second = await waitForMail(smtp.received, recipient.email, 2);
    expect(decodeMime(second.subject)).toBe(`${sender.profile.name} vous a envoyé un message sur Lovely Dates`);
    expect(headerOf(second.raw, "List-Unsubscribe")).toContain("type=new_messages");
    expect(mailsTo(sender.email)).toHaveLength(0);
  });
});

describe("daily cap", () => {
  it(`mails a member at most ${DAILY_CAP} notifications a day, also when events arrive in parallel`, async () => {
    const recipient = await member({ gender: "female", seeking: "male" });
    const outcomes = await Promise.all(
      Array.from({ length: DAILY_CAP + 4 }, (_, i) =>
        deliverNotification({
          key: `cap-test:${recipient.user.id}:${i}`,
          userId: recipient.user.id,
          type: "like",
          kind: "like",
          name: `Liker${i}`,
          path: "/likes",
        }),
      ),
    );
    expect(outcomes.filter((o) => o.sent)).toHaveLength(DAILY_CAP);
    expect(outcomes.filter((o) => !o.sent && o.reason === "capped")).toHaveLength(4);
    await waitForMail(smtp.received, recipient.email, DAILY_CAP);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(recipient.email)).toHaveLength(DAILY_CAP);
  });

  it("sends one notification once, however often its job runs", async () => {
    const recipient = await member({ gender: "female", seeking: "male" });
    const n1 = { key: `once:${recipient.user.id}`, userId: recipient.user.id, type: "like" as const, kind: "like" as const, name: "Once", path: "/likes" };
    await Promise.all([deliverNotification(n1), deliverNotification(n1), deliverNotification(n1)]);
    await waitForMail(smtp.received, recipient.email);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(recipient.email)).toHaveLength(1);
  });
});

describe("unread-message reminders", () => {
  async function unreadConversation(recipientOptions: MemberOptions & { language?: string } = {}) {
    const sender = await member({ gender: "male", seeking: "female", paidUser: true, credits: 500 });
    const recipient = await member({ gender: "female", seeking: "male", ...recipientOptions });
    await getDb().user.update({ where: { id: recipient.user.id }, data: { notificationsOff: ["new_conversations", "new_messages"] } });
    const sent = await sendMessage(
      site("lovely"),
      { userId: sender.user.id, profileId: sender.profile.id, paidUser: true },
      { profileId: recipient.profile.id },
      { kind: "text", body: "Hello there" },
      `notify-${Date.now()}-r${n}`,
    );
    if (!sent.ok) throw new Error(sent.error);
    const then = new Date(Date.now() - UNREAD_REMINDER_AFTER_MS - 60_000);
    await getDb().message.updateMany({ where: { conversationId: sent.conversationId }, data: { createdAt: then } });
    await getDb().conversation.update({ where: { id: sent.conversationId }, data: { lastMessageAt: then } });
    await getDb().profile.update({ where: { id: recipient.profile.id }, data: { lastActiveAt: new Date(then.getTime() - 3600_000) } });
    return { sender, recipient, sent };
  }

  it("reminds a member who stayed away, once, in their language", async () => {
    const { recipient } = await unreadConversation({ language: "de" });
    const due = await dueUnreadReminders();
    expect(due.map((d) => d.userId)).toContain(recipient.user.id);
    await runNotificationJob({ kind: "unread-scan" });
    const mail = await waitForMail(smtp.received, recipient.email);
    expect(decodeMime(mail.subject)).toBe("Ungelesene Nachrichten warten auf dich auf Lovely Dates");
    expect(headerOf(mail.raw, "List-Unsubscribe")).toContain("type=unread_message_reminders");
    // the next scans find nothing more to remind this member of
    await expect.poll(async () => (await dueUnreadReminders()).map((d) => d.userId), { timeout: 10_000 }).not.toContain(recipient.user.id);
    await runNotificationJob({ kind: "unread-scan" });
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(recipient.email)).toHaveLength(1);
  });

  it("leaves out members who switched reminders off, came back or read their messages", async () => {
    const off = await unreadConversation();
    await getDb().user.update({ where: { id: off.recipient.user.id }, data: { notificationsOff: ["unread_message_reminders"] } });
    const back = await unreadConversation();
    await getDb().profile.update({ where: { id: back.recipient.profile.id }, data: { lastActiveAt: new Date() } });
    const read = await unreadConversation();
    await getDb().conversationParticipant.updateMany({ where: { profileId: read.recipient.profile.id }, data: { unreadCount: 0 } });
    const control = await unreadConversation();
    const due = (await dueUnreadReminders()).map((d) => d.userId);
    expect(due).toContain(control.recipient.user.id);
    expect(due).not.toContain(off.recipient.user.id);
    expect(due).not.toContain(back.recipient.user.id);
    expect(due).not.toContain(read.recipient.user.id);
  });
});

describe("activation reminder", () => {
  async function unconfirmed(o: MemberOptions & { language?: string; signedUpAgoMs?: number } = {}) {
    const m = await member(o);
    await getDb().user.update({
      where: { id: m.user.id },
      data: { status: "not_confirmed", confirmedAt: null, signupDate: new Date(Date.now() - (o.signedUpAgoMs ?? ACTIVATION_REMINDER_AFTER_MS + 3600_000)) },
    });
    await getDb().profile.update({ where: { id: m.profile.id }, data: { status: "disabled" } });
    return m;
  }

  it("reminds an unconfirmed member a day after signup, once, in their language, with a link that activates the account", async () => {
    const m = await unconfirmed({ language: "fr" });
    expect((await dueActivationReminders()).map((d) => d.userId)).toContain(m.user.id);
    await runNotificationJob({ kind: "activation-scan" });
    const mail = await waitForMail(smtp.received, m.email);
    expect(decodeMime(mail.subject)).toBe("Votre profil sur Lovely Dates vous attend");
    expect(headerOf(mail.raw, "List-Unsubscribe")).toContain("type=reminders");
    const activate = await request(server, new URL(mail.link!).pathname + new URL(mail.link!).search, { host: "lovely.localhost" });
    expect(activate.headers.location).toBe("/activate/done");
    expect((await getDb().user.findUniqueOrThrow({ where: { id: m.user.id } })).status).toBe("active");
    await runNotificationJob({ kind: "activation-scan" });
    await runNotificationJob({ kind: "activation-reminder", userId: m.user.id });
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(m.email)).toHaveLength(1);
  });

  it("leaves out fresh and week-old signups, members who switched reminders off and disabled addresses", async () => {
    const fresh = await unconfirmed({ signedUpAgoMs: 3600_000 });
    const old = await unconfirmed({ signedUpAgoMs: 8 * 24 * 3600_000 });
    const off = await unconfirmed();
    await getDb().user.update({ where: { id: off.user.id }, data: { notificationsOff: ["reminders"] } });
    const bounced = await unconfirmed();
    await getDb().user.update({ where: { id: bounced.user.id }, data: { notificationsDisabled: ["bounce"] } });
    const control = await unconfirmed();
    const due = (await dueActivationReminders()).map((d) => d.userId);
    expect(due).toContain(control.user.id);
    for (const m of [fresh, old, off, bounced]) expect(due).not.toContain(m.user.id);
    // the member's job refuses a bounced address on its own too
    expect(await runNotificationJob({ kind: "activation-reminder", userId: bounced.user.id })).toMatchObject({
      outcome: { sent: false, reason: "not_eligible" },
    });
  });
});

describe("weekly update", () => {
  it("lists this week's new members of the member's pool with a photo, in their language, once per week", async () => {
    const reader = await member({ gender: "female", seeking: "male", language: "nl" });
    const tag = `Week${Date.now().toString(36)}`;
    const fresh = await createMember({ gender: "male", seeking: "female", photos: 1, name: `${tag}New` });
    const noPhoto = await createMember({ gender: "male", seeking: "female", name: `${tag}NoPhoto` });
    const woman = await createMember({ gender: "female", seeking: "male", photos: 1, name: `${tag}Woman` });
    const otherSite = await createMember({ site: "pride", gender: "male", seeking: "male", photos: 1, name: `${tag}Pride` });
    const lastMonth = await createMember({ gender: "male", seeking: "female", photos: 1, name: `${tag}Old` });
    await getDb().profile.update({ where: { id: lastMonth.profile.id }, data: { createdAt: new Date(Date.now() - 30 * 24 * 3600_000) } });
    const blocked = await createMember({ gender: "male", seeking: "female", photos: 1, name: `${tag}Blocked` });
    await getDb().block.create({ data: { blockerId: reader.profile.id, blockedId: blocked.profile.id } });

    const week = isoWeek(new Date());
    expect((await dueWeeklyUpdates(new Date(), reader.user.id - 1)).due).toContain(reader.user.id);
    await runNotificationJob({ kind: "weekly-update", userId: reader.user.id, week });
    const mail = await waitForMail(smtp.received, reader.email);
    expect(decodeMime(mail.subject)).toBe("Nieuwe leden op Lovely Dates deze week");
    expect(mail.decoded).toContain(`${tag}New, 30`);
    expect(mail.decoded).toContain(`/members/${fresh.profile.id}`);
    for (const left of [noPhoto, woman, otherSite, lastMonth, blocked]) expect(mail.decoded).not.toContain(left.profile.name);
    expect(headerOf(mail.raw, "List-Unsubscribe")).toContain("type=weekly_updates");
    // once this week: the scan skips the member and a second job sends nothing
    expect((await dueWeeklyUpdates(new Date(), reader.user.id - 1)).due).not.toContain(reader.user.id);
    await runNotificationJob({ kind: "weekly-update", userId: reader.user.id, week });
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(reader.email)).toHaveLength(1);
  });

  it("walks all members in batches by id and leaves out members who switched it off", async () => {
    const off = await member();
    await getDb().user.update({ where: { id: off.user.id }, data: { notificationsOff: ["weekly_updates"] } });
    const on = await member();
    const { due, next } = await dueWeeklyUpdates(new Date(), off.user.id - 1);
    expect(due).toContain(on.user.id);
    expect(due).not.toContain(off.user.id);
    expect(due).toEqual([...due].sort((a, b) => a - b));
    expect(next).toBeNull();
    expect(isoWeek(new Date(Date.UTC(2026, 10, 23)))).toBe("2026-W48");
    expect(isoWeek(new Date(Date.UTC(2027, 0, 1)))).toBe("2026-W53");
  });
});

describe("unsubscribe without login", () => {
  async function linkedMember() {
    const m = await member({ gender: "female", seeking: "male" });
    return { ...m, query: unsubscribeQuery({ siteKey: "lovely", userId: m.user.id, type: "like" }) };
  }
  const offOf = async (userId: number) => (await getDb().user.findUniqueOrThrow({ where: { id: userId } })).notificationsOff;

  it("switches the type off with the RFC 8058 one-click POST of a mail client", async () => {
    const m = await linkedMember();
    const res = await postForm(server, `/notifications?${m.query}`, { "List-Unsubscribe": "One-Click" }, { host: "lovely.localhost" });
    expect(res.status).toBe(200);
    expect(await offOf(m.user.id)).toEqual(["like"]);
  });

  it("opens the e-mail source variant of /notifications and switches from there", async () => {
    const m = await linkedMember();
    const page = await request(server, `/notifications?${m.query}`, { host: "lovely.localhost", headers: { "accept-language": "en" } });
    expect(page.status).toBe(200);
    expect(page.html).toContain(`E-mails about Likes are switched on for ${m.email}.`);
    const off = await postForm(server, `/notifications?${m.query}`, { on: "0" }, { host: "lovely.localhost", headers: { "accept-language": "en" } });
    expect(off.html).toContain("You no longer receive e-mails about: Likes.");
    expect(await offOf(m.user.id)).toEqual(["like"]);
    await postForm(server, `/notifications?${m.query}`, { on: "1" }, { host: "lovely.localhost", headers: { "accept-language": "en" } });
    expect(await offOf(m.user.id)).toEqual([]);
  });

  it("refuses a forged signature, another member's or type's signature, and another site's host", async () => {
    const m = await linkedMember();
    const forged = m.query.replace(/sig=[\w-]{4}/, "sig=AAAA");
    const otherType = m.query.replace("type=like", "type=news");
    for (const [host, query] of [
      ["lovely.localhost", forged],
      ["lovely.localhost", otherType],
      ["mature.localhost", m.query],
      ["pride.localhost", m.query],
    ] as const) {
      const post = await postForm(server, `/notifications?${query}`, { "List-Unsubscribe": "One-Click" }, { host, headers: { "accept-language": "en" } });
      expect(post.status, `${host} ${query}`).toBe(400);
      const page = await request(server, `/notifications?${query}`, { host, headers: { "accept-language": "en" } });
      expect(page.status).toBe(400);
      expect(page.html).toContain('role="alert"'); // "Link expired or invalid", in the site's language
      expect(page.html).not.toContain('data-testid="notification-email-source"');
      expect(page.html).not.toContain(m.email);
    }
    expect(await offOf(m.user.id)).toEqual([]);
  });

  it("asks a visitor without a link to log in", async () => {
    const res = await request(server, "/notifications", { host: "lovely.localhost" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/login?redirectTo=%2Fnotifications");
  });
});
