// Likes for each ready demo member (member@<site>.localhost), so a newcomer opens a lived-in
// likes page: a few matches, likes received (some still new) and likes given, all with the
// most recently active demo profiles of the member's own site that they seek. Once: a member
// who has any like already is left alone (one query on later starts).
import type { Prisma } from "#app/generated/prisma/client.ts";
import { ageFrom, birthRange } from "#app/profiles/age.ts";
import type { Db } from "#app/utils/db.server.ts";
import { DEMO_SITES, memberEmail } from "./demo-profiles.ts";

const HOUR = 3_600_000;
/** How many profiles each kind of like takes, in this order from the most recently active. */
const DEMO_LIKES = { matches: 3, received: 5, receivedNew: 3, given: 4 } as const;

export async function seedDemoLikes(db: Db, now = new Date()): Promise<number> {
  const members = await db.profile.findMany({
    where: { OR: DEMO_SITES.map((s) => ({ siteKey: s.key, user: { email: memberEmail(s.key) } })), likesGiven: { none: {} }, likesReceived: { none: {} } },
    select: { id: true, siteKey: true, gender: true, seeking: true, dateOfBirth: true },
  });
  let created = 0;
  for (const member of members) {
    // ages around the member's, as match-finder would suggest them
    const age = ageFrom(member.dateOfBirth, now);
    const { latest, earliest } = birthRange(Math.max(18, age - 12), age + 12, now);
    const others = await db.profile.findMany({
      where: {
        siteKey: member.siteKey,
        status: "active",
        invisible: false,
        id: { not: member.id },
        gender: member.seeking ?? (member.gender === "male" ? "female" : "male"),
        dateOfBirth: { lte: latest, gt: earliest },
      },
      orderBy: [{ lastActiveAt: "desc" }, { id: "asc" }],
      take: DEMO_LIKES.matches + DEMO_LIKES.received + DEMO_LIKES.given,
      select: { id: true },
    });
    const ids = others.map((o) => o.id);
    const matches = ids.slice(0, DEMO_LIKES.matches);
    const received = ids.slice(DEMO_LIKES.matches, DEMO_LIKES.matches + DEMO_LIKES.received);
    const given = ids.slice(DEMO_LIKES.matches + DEMO_LIKES.received);
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    const rows: Prisma.LikeCreateManyInput[] = [
      ...matches.flatMap((id, i) => [
        { likerId: id, likedId: member.id, source: "profile" as const, createdAt: at(50 + i * 20), seenAt: at(45 + i * 20) },
        { likerId: member.id, likedId: id, source: "profile" as const, createdAt: at(40 + i * 20), seenAt: at(30 + i * 20) },
      ]),
      ...received.map((id, i) => ({
        likerId: id,
        likedId: member.id,
        source: "profile" as const,
        createdAt: at(2 + i * 7),
        seenAt: i < DEMO_LIKES.receivedNew ? null : at(1 + i * 7),
      })),
      ...given.map((id, i) => ({ likerId: member.id, likedId: id, source: i % 2 ? ("search" as const) : ("swipe" as const), createdAt: at(26 + i * 12) })),
    ];
    created += (await db.like.createMany({ data: rows, skipDuplicates: true })).count;
  }
  return created;
}
