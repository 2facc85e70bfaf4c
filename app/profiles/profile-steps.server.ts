// The signup steps' progress (their fields and rules: profile-schema.ts).
import { getDb } from "#app/utils/db.server.ts";
import type { SignupStep } from "./profile-fields.ts";

/**
 * Where a member who left the signup steps continues (/complete-signup): the first step whose
 * data is still missing, then the e-mail confirmation; null once nothing is left.
 */
export async function unfinishedSignupStep(user: { id: number; status: string }): Promise<SignupStep | null> {
  const p = await getDb().profile.findUnique({
    where: { userId: user.id },
    select: {
      relationship: true,
      hairColor: true,
      eyeColor: true,
      bodyType: true,
      tattoos: true,
      aboutMe: true,
      interests: true,
      region: true,
      city: true,
      _count: { select: { photos: { where: { status: { not: "rejected" } } } } },
    },
  });
  if (!p) return null;
  if (!p._count.photos) return "photo";
  if ([p.relationship, p.hairColor, p.eyeColor, p.bodyType, p.tattoos].every((v) => v === null)) return "personal";
  if (!p.aboutMe && !p.interests.length) return "about";
  if (!p.region && !p.city) return "location";
  if (user.status === "not_confirmed") return "confirm";
  return null;
}
