// Demo chats: the gift catalogue, and for each ready demo member (member@<site>.localhost) a
// lived-in inbox of their site's own: five conversations with members of their pool, started by
// the others, some with unread messages, one with a gift, about what that site's members talk
// about (Sam's cycling and coffee dates on Lovely, Andrea's wine and theatre on Mature, Lukas's
// Pride week and fika on Pride Match). Idempotent and cheap on later starts (one insert that
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

type Script = { lines: Line[]; unread: number };

/** Per site, per conversation: its lines (oldest first) and how many of the partner's last lines are unread. */
const SCRIPTS: Record<"lovely" | "mature" | "pride", Script[]> = {
  lovely: [
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
  mature: [
    {
      unread: 1,
      lines: [
        {
          from: "them",
          text: "Guten Abend, Andrea. Ein Mann, der gern für Freunde kocht, das liest man selten. Was steht diese Woche auf dem Herd?",
          minutesAgo: 2 * DAY,
        },
        { from: "me", text: "Ein Risotto mit Steinpilzen, dazu ein Grauburgunder. Und bei dir?", minutesAgo: 2 * DAY - 40 },
        { from: "them", text: "Ich wäre ehrlich gesagt lieber Gast 😉 Besprechen wir das bei einem Glas Wein? Ganz unverbindlich.", minutesAgo: 12 * MINUTE },
      ],
    },
    {
      unread: 2,
      lines: [
        { from: "them", gift: "rose", minutesAgo: 3 * HOUR },
        { from: "them", text: "Für den Mann mit dem guten Weingeschmack. Einen schönen Abend wünsche ich dir!", minutesAgo: 3 * HOUR - 1 },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Warst du schon in der neuen Inszenierung an der Schaubühne?", minutesAgo: 2 * DAY },
        { from: "me", text: "Noch nicht, aber sie steht auf meiner Liste. Du?", minutesAgo: 2 * DAY - 90 },
        { from: "them", text: "Letzten Freitag, großartig. Ich ginge glatt ein zweites Mal, in netter Begleitung.", minutesAgo: DAY + 5 * HOUR },
        { from: "me", text: "Dann lass uns einen Abend finden, der uns beiden passt.", minutesAgo: DAY + 4 * HOUR },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Hallo! Ich schätze Diskretion, du sicher auch. Schön, dass man hier in Ruhe schreiben kann.", minutesAgo: 4 * DAY },
        { from: "me", text: "Absolut. Erzähl mir doch ein wenig von dir, ganz ohne Eile.", minutesAgo: 3 * DAY },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Du wanderst auch gern? Ich war letzten Sommer in den Dolomiten.", minutesAgo: 9 * DAY },
        { from: "me", text: "Traumhaft! Ich war im Allgäu, aber die Dolomiten reizen mich seit Jahren.", minutesAgo: 9 * DAY - 30 },
        { from: "them", text: "Dann weißt du ja, wen du nach Tipps fragen kannst 😊", minutesAgo: 9 * DAY - 20 },
      ],
    },
  ],
  pride: [
    {
      unread: 1,
      lines: [
        { from: "them", text: "Hey Lukas! You're in Stockholm too. Are you going to Pride in August?", minutesAgo: 2 * DAY },
        { from: "me", text: "Wouldn't miss it! I'm walking with my running club this year.", minutesAgo: 2 * DAY - 40 },
        { from: "them", text: "Love that 😄 Fika before the parade then?", minutesAgo: 12 * MINUTE },
      ],
    },
    {
      unread: 2,
      lines: [
        { from: "them", gift: "rose", minutesAgo: 3 * HOUR },
        { from: "them", text: "For the guy with the best taste in music on here. Have a great night!", minutesAgo: 3 * HOUR - 1 },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "How was leg day? 😅", minutesAgo: 2 * DAY },
        { from: "me", text: "Brutal, but worth it. Do you train too?", minutesAgo: 2 * DAY - 90 },
        { from: "them", text: "Mostly climbing. You should try it, I'll show you the ropes.", minutesAgo: DAY + 5 * HOUR },
        { from: "me", text: "Deal! Saturday morning?", minutesAgo: DAY + 4 * HOUR },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Hi! Nice to meet someone into photography. What do you shoot?", minutesAgo: 4 * DAY },
        { from: "me", text: "Mostly the archipelago at sunset, and friends when they let me. You?", minutesAgo: 3 * DAY },
      ],
    },
    {
      unread: 0,
      lines: [
        { from: "them", text: "Are you going to the queer film night at Bio Rio on Friday?", minutesAgo: 9 * DAY },
        { from: "me", text: "Maybe! What's on?", minutesAgo: 9 * DAY - 30 },
        { from: "them", text: "A Swedish classic and a new Danish one. Come say hi if you're there!", minutesAgo: 9 * DAY - 20 },
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
    const scripts = SCRIPTS[demo.key as keyof typeof SCRIPTS];
    if (!site || !scripts) continue;
    const member = await db.user.findUnique({
      where: { siteKey_email: { siteKey: demo.key, email: memberEmail(demo.key) } },
      select: { profile: { select: { id: true, seeking: true, _count: { select: { participations: true } } } } },
    });
    const me = member?.profile;
    if (!me || me._count.participations > 0) continue;
    const partners = await db.profile.findMany({
      // members of the demo member's own site: each site's inbox is its own
      where: { ...visibleWhere(site, me.id), siteKey: demo.key, ...(me.seeking ? { gender: me.seeking } : {}), fictional: false, user: { passwordHash: null } },
      orderBy: [{ lastActiveAt: "desc" }, { id: "asc" }],
      take: scripts.length,
      select: { id: true },
    });
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
