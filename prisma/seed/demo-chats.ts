// Demo chats: the gift catalogue, and for each ready demo member (member@<site>.localhost) a
// lived-in inbox: five conversations with members of their pool, started by the others, some
// with unread messages, one with a gift. Idempotent and cheap on later starts (one insert that
// skips existing gifts, one count per member). Seeded messages are history: they cost nothing
// and leave the members' credits as they are.
import { GIFT_CATALOGUE } from "#app/chat/gifts.server.ts";
import { pairOf } from "#app/chat/chat-rules.ts";
import { visibleWhere } from "#app/profiles/access.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import type { Db } from "#app/utils/db.server.ts";
import { DEMO_SITES, memberEmail } from "./demo-profiles.ts";

type Line = { from: "them" | "me"; text?: string; gift?: string; minutesAgo: number };

const MINUTE = 1;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Per conversation: its lines (oldest first) and how many of the partner's last lines are unread. */
const SCRIPTS: Record<"en" | "de", { lines: Line[]; unread: number }[]> = {
  en: [
    {
      unread: 1,
      lines: [
        { from: "them", text: "Hi! Your profile made me smile. Do you really cycle everywhere?", minutesAgo: 2 * DAY },
        { from: "me", text: "Haha, yes, rain or shine. And you?", minutesAgo: 2 * DAY - 40 },
        { from: "them", text: "Only when the sun is out 😄 Coffee this weekend?", minutesAgo: 12 * MINUTE },
      ],
    },
    {
      unread: 2,
      lines: [
        { from: "them", gift: "rose", minutesAgo: 3 * HOUR },
        { from: "them", text: "Just wanted to make you smile. Have a lovely evening!", minutesAgo: 3 * HOUR - 1 },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Hey, how was your week?", minutesAgo: 2 * DAY },
        { from: "me", text: "Busy but good! I just got back from a hike.", minutesAgo: 2 * DAY - 90 },
        { from: "them", text: "Nice, where did you go?", minutesAgo: DAY + 5 * HOUR },
        { from: "me", text: "Up in the hills, amazing views. You should come along next time!", minutesAgo: DAY + 4 * HOUR },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Hello! We have quite a few interests in common 😊", minutesAgo: 4 * DAY },
        { from: "me", text: "That's a good start! Which one is your favourite?", minutesAgo: 3 * DAY },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Are you going to the concert on Saturday?", minutesAgo: 9 * DAY },
        { from: "me", text: "I might! Are you?", minutesAgo: 9 * DAY - 30 },
        { from: "them", text: "Yes, with two friends. Let me know if you're there!", minutesAgo: 9 * DAY - 20 },
      ],
    },
  ],
  de: [
    {
      unread: 1,
      lines: [
        { from: "them", text: "Hallo! Dein Profil hat mich zum Lächeln gebracht. Kochst du wirklich so gern?", minutesAgo: 2 * DAY },
        { from: "me", text: "Ja, am liebsten für Freunde. Und du?", minutesAgo: 2 * DAY - 40 },
        { from: "them", text: "Ich esse lieber 😄 Hast du am Wochenende Zeit für einen Kaffee?", minutesAgo: 12 * MINUTE },
      ],
    },
    {
      unread: 2,
      lines: [
        { from: "them", gift: "rose", minutesAgo: 3 * HOUR },
        { from: "them", text: "Einfach so, um dir ein Lächeln zu schenken. Einen schönen Abend!", minutesAgo: 3 * HOUR - 1 },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Hey, wie war deine Woche?", minutesAgo: 2 * DAY },
        { from: "me", text: "Viel zu tun, aber gut! Ich war gerade wandern.", minutesAgo: 2 * DAY - 90 },
        { from: "them", text: "Schön, wo warst du denn?", minutesAgo: DAY + 5 * HOUR },
        { from: "me", text: "In den Bergen, tolle Aussicht. Komm doch nächstes Mal mit!", minutesAgo: DAY + 4 * HOUR },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Hallo! Wir haben einige Interessen gemeinsam 😊", minutesAgo: 4 * DAY },
        { from: "me", text: "Das ist ein guter Anfang! Was machst du am liebsten?", minutesAgo: 3 * DAY },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Gehst du am Samstag ins Theater?", minutesAgo: 9 * DAY },
        { from: "me", text: "Vielleicht! Und du?", minutesAgo: 9 * DAY - 30 },
        { from: "them", text: "Ja, mit zwei Freundinnen. Sag Bescheid, wenn du da bist!", minutesAgo: 9 * DAY - 20 },
      ],
    },
  ],
};

export async function seedDemoChats(db: Db, now = new Date()): Promise<void> {
  await db.gift.createMany({ data: GIFT_CATALOGUE.map((g, position) => ({ key: g.key, credits: g.credits, position })), skipDuplicates: true });
  const gifts = new Map((await db.gift.findMany({ select: { id: true, key: true } })).map((g) => [g.key, g.id]));
  const registry = getSiteRegistry();
  for (const demo of DEMO_SITES) {
    const site = registry.byKey.get(demo.key);
    if (!site) continue;
    const member = await db.user.findUnique({
      where: { siteKey_email: { siteKey: demo.key, email: memberEmail(demo.key) } },
      select: { language: true, profile: { select: { id: true, seeking: true, _count: { select: { participations: true } } } } },
    });
    const me = member?.profile;
    if (!me || me._count.participations > 0) continue;
    const partners = await db.profile.findMany({
      // members of the demo member's own site: each site's inbox is its own
      where: { ...visibleWhere(site, me.id), siteKey: demo.key, ...(me.seeking ? { gender: me.seeking } : {}), fictional: false, user: { passwordHash: null } },
      orderBy: [{ lastActiveAt: "desc" }, { id: "asc" }],
      take: SCRIPTS.en.length,
      select: { id: true },
    });
    const scripts = SCRIPTS[member.language === "de" ? "de" : "en"];
    await db.$transaction(async (tx) => {
      for (const [i, partner] of partners.entries()) {
        const { lines, unread } = scripts[i]!;
        const at = (l: Line) => new Date(now.getTime() - l.minutesAgo * 60_000);
        const conversation = await tx.conversation.create({
          data: {
            ...pairOf(me.id, partner.id),
            startedById: partner.id,
            createdAt: at(lines[0]!),
            participants: { create: [{ profileId: me.id, unreadCount: unread }, { profileId: partner.id }] },
          },
          select: { id: true },
        });
        const messages = await tx.message.createManyAndReturn({
          data: lines.map((l, n) => ({
            conversationId: conversation.id,
            senderId: l.from === "me" ? me.id : partner.id,
            body: l.text ?? null,
            giftId: l.gift ? (gifts.get(l.gift) ?? null) : null,
            clientKey: `demo-${conversation.id}-${n}`,
            createdAt: at(l),
          })),
          select: { id: true, createdAt: true },
        });
        const last = messages.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
        await tx.conversation.update({ where: { id: conversation.id }, data: { lastMessageId: last.id, lastMessageAt: last.createdAt } });
      }
    });
  }
}
