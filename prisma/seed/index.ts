// Seed data the server writes on start when demo data is wanted: the operating companies the
// tenants refer to, then (once) the demo members of every site with their portrait photos.
// Both steps are idempotent; on later starts they cost a couple of cheap queries.
import { hashPassword } from "#app/auth/password.server.ts";
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { Db } from "#app/utils/db.server.ts";
import type { MediaStorage } from "#app/media/media-store.server.ts";
import { buildDemoMembers, buildDemoProfiles, DEMO_PASSWORD, DEMO_SITES, demoEmail, memberEmail, type DemoProfileSpec } from "./demo-profiles.ts";
import { PHOTO_HEIGHT, PHOTO_WIDTH, photoFilenames } from "./photos.ts";
import { drawPendingPortraits, writePendingPortraits } from "./portrait-files.ts";
import { seedDemoLikes } from "./demo-likes.ts";

const DEMO_COMPANIES = [
  {
    id: 1,
    name: "Lovely Media B.V.",
    address: "Herengracht 101",
    city: "Amsterdam",
    country: "NL",
    kvk: "81234567",
    tradenames: ["Lovely Dates"],
    vatNumbers: ["NL862345678B01"],
    supportPhone: "+31 20-123 4567",
    deleteDiscount: 30,
    added: new Date("2022-05-01T00:00:00Z"),
  },
  {
    id: 2,
    name: "Nordlys Dating AB",
    address: "Sveavägen 44",
    city: "Stockholm",
    country: "SE",
    kvk: "559123-4567",
    tradenames: ["Mature Moments", "Pride Match"],
    vatNumbers: ["SE559123456701", "DE329876543"],
    supportPhone: "+46 8-555 123 45",
    deleteDiscount: 25,
    added: new Date("2024-03-15T10:00:00Z"),
  },
] as const satisfies readonly Prisma.CompanyCreateInput[];

/** Creates or updates the demo companies (ids 1 and 2, referenced by tenants' company_id). */
export async function seedCompanies(db: Db): Promise<void> {
  await db.$transaction(
    DEMO_COMPANIES.map(({ id, ...fields }) => {
      const data = { ...fields, tradenames: [...fields.tradenames], vatNumbers: [...fields.vatNumbers] };
      return db.company.upsert({ where: { id }, create: { id, ...data }, update: data });
    }),
  );
}

/** Credits each ready demo member starts with, booked through the credit ledger. */
const DEMO_MEMBER_CREDITS = 30;

export interface SeedDemoOptions {
  /** Where photos go: keys `<profileId>/<n>.jpg` and `<n>_thumb.jpg` (the disk folder or the bucket). */
  media: MediaStorage;
  /** The moment the dates are spread back from; the current time unless given. */
  now?: Date;
  /** Generated profiles per site (the ready demo member not included); 110 unless given. */
  perSite?: number;
  /** Return before the portraits are drawn: the caller draws them (drawPendingPortraits), or they are drawn when first asked for. */
  drawLater?: boolean;
}

/**
 * Creates the demo members of every demo site present in the `sites` table, once: about 110
 * generated profiles per site with 1 to 3 portrait photos each, plus one ready member per site
 * who can log in (member@<site>.localhost / DEMO_PASSWORD). Returns how many profiles it
 * created (0 when the demo data is already there). Every photo row is written at once; the
 * files are drawn from a list in the media store (portrait-files.ts): here unless `drawLater`,
 * else by the caller in the background, and any file asked for before that is drawn then.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<{ created: number }> {
  const created = await seedDemoMembers(db, options);
  await seedDemoLikes(db, options.now);
  if (!options.drawLater) await drawPendingPortraits(options.media);
  return { created };
}

async function seedDemoMembers(db: Db, { media, now = new Date(), perSite }: SeedDemoOptions): Promise<number> {
  // one index lookup: the ready member or the first generated profile of any demo site
  const existing = await db.user.findFirst({
    where: {
      OR: DEMO_SITES.flatMap((s) => [
        { siteKey: s.key, email: memberEmail(s.key) },
        { siteKey: s.key, email: demoEmail(s.key, 1) },
      ]),
    },
    select: { id: true },
  });
  if (existing) return 0;

  const siteRows = await db.site.findMany({
    where: { key: { in: DEMO_SITES.map((s) => s.key) } },
    select: { key: true, network: true },
  });
  const networkOf = new Map(siteRows.map((s) => [s.key, s.network]));
  const sites = DEMO_SITES.filter((s) => networkOf.has(s.key));
  if (!sites.length) return 0;

  const hash = await hashPassword(DEMO_PASSWORD);
  const specs: DemoProfileSpec[] = [...buildDemoMembers({ now, sites }), ...buildDemoProfiles({ now, sites, ...(perSite === undefined ? {} : { perSite }) })];
  // the main photos first: the list of files to draw keeps this order
  const jobs = specs.flatMap((spec, s) => spec.photos.map((portrait, index) => ({ s, index, portrait }))).sort((a, b) => a.index - b.index);

  // Everything in one transaction, the list of portraits to draw written before it commits: a
  // failed seed leaves no rows behind and is simply done again on the next start.
  await db.$transaction(
    async (tx) => {
      const users = await tx.user.createManyAndReturn({
        data: specs.map((s) => ({
          siteKey: s.siteKey,
          network: networkOf.get(s.siteKey) ?? "rendezvous",
          email: s.email,
          passwordHash: s.member ? hash : null,
          status: "active",
          credits: s.member ? DEMO_MEMBER_CREDITS : 0,
          signupDate: s.signupDate,
          confirmedAt: s.confirmedAt,
          language: s.language,
          lastSeenAt: s.lastSeenAt,
          createdAt: s.signupDate,
        })),
        select: { id: true, siteKey: true, email: true, network: true },
      });
      const userByEmail = new Map(users.map((u) => [`${u.siteKey} ${u.email}`, u]));
      const userOf = (s: DemoProfileSpec) => {
        const user = userByEmail.get(`${s.siteKey} ${s.email}`);
        if (!user) throw new Error(`demo seed: user ${s.email} was not created`);
        return user;
      };

      const profiles = await tx.profile.createManyAndReturn({
        data: specs.map((s) => {
          const user = userOf(s);
          return {
            userId: user.id,
            siteKey: user.siteKey,
            network: user.network,
            name: s.name,
            status: "active",
            fictional: s.fictional,
            country: s.country,
            region: s.region,
            city: s.city,
            dateOfBirth: s.dateOfBirth,
            gender: s.gender,
            sexuality: s.sexuality,
            seeking: s.seeking,
            relationship: s.relationship,
            hairColor: s.hairColor,
            eyeColor: s.eyeColor,
            bodyType: s.bodyType,
            tattoos: s.tattoos,
            interests: s.interests,
            aboutMe: s.aboutMe,
            lastActiveAt: s.lastActiveAt,
            createdAt: s.signupDate,
          } satisfies Prisma.ProfileCreateManyInput;
        }),
        select: { id: true, userId: true },
      });
      const profileIdOfUser = new Map(profiles.map((p) => [p.userId, p.id]));
      const profileIds = specs.map((s) => {
        const id = profileIdOfUser.get(userOf(s).id);
        if (id === undefined) throw new Error(`demo seed: profile of ${s.email} was not created`);
        return id;
      });

      const files = jobs.map((job) => ({ ...job, ...photoFilenames(profileIds[job.s] as number) }));
      await tx.photo.createMany({
        data: files.map((file) => demoPhotoRow({ profileId: profileIds[file.s] as number, position: file.index, at: photoTime(file) }, file)),
      });
      // every demo profile's first photo becomes its main photo, in one statement
      await tx.$executeRaw`
        UPDATE profiles AS p SET main_photo_id = ph.id
        FROM photos AS ph
        WHERE ph.profile_id = p.id AND ph.position = 0 AND p.id = ANY(${profileIds}::int[])`;

      const members = specs.filter((s) => s.member);
      if (members.length) {
        await tx.creditLedgerEntry.createMany({
          data: members.map((s) => ({
            userId: userOf(s).id,
            delta: DEMO_MEMBER_CREDITS,
            balanceAfter: DEMO_MEMBER_CREDITS,
            reason: "signup_bonus",
            idempotencyKey: `demo-signup-${s.siteKey}`,
            createdAt: s.confirmedAt,
          })),
        });
      }

      await writePendingPortraits(
        media,
        files.map((f) => ({ filename: f.filename, thumbFilename: f.thumbFilename, portrait: f.portrait })),
      );
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
  return specs.length;

  function photoTime(job: { s: number; index: number }) {
    return new Date((specs[job.s]?.signupDate.getTime() ?? now.getTime()) + job.index * 60_000);
  }
}

function demoPhotoRow(photo: { profileId: number; position: number; at: Date }, file: { filename: string; thumbFilename: string }) {
  return {
    profileId: photo.profileId,
    filename: file.filename,
    thumbFilename: file.thumbFilename,
    width: PHOTO_WIDTH,
    height: PHOTO_HEIGHT,
    status: "active" as const,
    position: photo.position,
    createdAt: photo.at,
    // the operator's own demo pictures: reviewed when they were made, not work for the photo queue
    reviewedAt: photo.at,
  };
}
