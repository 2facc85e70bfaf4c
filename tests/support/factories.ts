// Members made directly in the database for tests that are not about signup.
import { hashPassword } from "#app/auth/password.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { loadSiteRegistry } from "#app/tenancy/site-registry.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";

const registry = loadSiteRegistry("tenants");
let passwordHash: Promise<string> | undefined;
let n = 0;
export const PASSWORD = "test member password";

export interface MemberOptions {
  site?: string;
  gender?: "male" | "female";
  seeking?: "male" | "female";
  country?: string;
  region?: string | null;
  age?: number;
  name?: string;
  paidUser?: boolean;
  status?: "active" | "disabled";
  invisible?: boolean;
  fictional?: boolean;
  photos?: number;
  lastActiveAt?: Date;
}

export async function createMember(o: MemberOptions = {}) {
  // a fixture site a test file serves (tests/support/*-site.ts) is in the live registry only
  const site = registry.byKey.get(o.site ?? "lovely") ?? getSiteRegistry().byKey.get(o.site!)!;
  passwordHash ??= hashPassword(PASSWORD);
  const email = `fixture${Date.now()}-${n++}@example.test`;
  const age = o.age ?? 30;
  const now = new Date();
  const db = getDb();
  const user = await db.user.create({
    data: {
      siteKey: site.key,
      network: site.network,
      email,
      passwordHash: await passwordHash,
      status: o.status === "disabled" ? "not_confirmed" : "active",
      paidUser: o.paidUser ?? false,
      confirmedAt: now,
      profile: {
        create: {
          siteKey: site.key,
          network: site.network,
          name: o.name ?? `Fixture${n}`,
          status: o.status ?? "active",
          invisible: o.invisible ?? false,
          fictional: o.fictional ?? false,
          country: o.country ?? site.countries[0]!,
          region: o.region ?? null,
          gender: o.gender ?? "female",
          seeking: o.seeking ?? "male",
          dateOfBirth: new Date(Date.UTC(now.getUTCFullYear() - age, 0, 1)),
          lastActiveAt: o.lastActiveAt ?? now,
        },
      },
    },
    include: { profile: true },
  });
  const profile = user.profile!;
  const photoIds: number[] = [];
  for (let i = 0; i < (o.photos ?? 0); i++) {
    const photo = await db.photo.create({
      data: {
        profileId: profile.id,
        filename: `fixture/${profile.id}-${i}.jpg`,
        thumbFilename: `fixture/${profile.id}-${i}_thumb.jpg`,
        status: "active",
        position: i,
      },
    });
    photoIds.push(photo.id);
  }
  if (photoIds.length) await db.profile.update({ where: { id: profile.id }, data: { mainPhotoId: photoIds[0]! } });
  return { user, profile, email, photoIds, site };
}
