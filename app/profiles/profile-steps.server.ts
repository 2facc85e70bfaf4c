// Saving the profile parts asked during signup (personal info, about me, location).
import { z } from "zod";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { fieldErrors } from "#app/auth/validation.ts";
import { locationSchema } from "./profile-edit.server.ts";
import { BODY, EYES, HAIR, INTERESTS, RELATIONSHIP, type SignupStep } from "./profile-fields.ts";


const optional = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: "validation.required" }).optional().or(z.literal("").transform(() => undefined));

const personal = z.object({
  relationship: optional(RELATIONSHIP),
  hairColor: optional(HAIR),
  eyeColor: optional(EYES),
  bodyType: optional(BODY),
  tattoos: z.enum(["yes", "no", ""]).optional().transform((v) => (v === "yes" ? true : v === "no" ? false : undefined)),
});

const about = z.object({
  aboutMe: z.string().trim().max(2000, { message: "validation.tooLong" }).optional(),
  interests: z.array(z.enum(INTERESTS)).max(20),
});

export async function saveProfileStep(profileId: number, step: SignupStep, form: FormData, site: Site) {
  const raw = Object.fromEntries(form);
  let parsed;
  if (step === "personal") parsed = personal.safeParse(raw);
  else if (step === "about") parsed = about.safeParse({ aboutMe: raw.aboutMe, interests: form.getAll("interests") });
  else if (step === "location") parsed = locationSchema(site).safeParse(raw);
  else return { ok: false as const, errors: {} };
  if (!parsed.success) return { ok: false as const, errors: fieldErrors(parsed.error) };
  await getDb().profile.update({ where: { id: profileId }, data: parsed.data });
  return { ok: true as const };
}

/**
 * Where a member who left the signup steps continues (/complete-signup): the first step whose
 * data is still missing, then the e-mail confirmation; null once nothing is left.
 */
export async function unfinishedSignupStep(user: { id: number; status: string }): Promise<SignupStep | null> {
  const p = await getDb().profile.findUnique({
    where: { userId: user.id },
    select: {
      relationship: true, hairColor: true, eyeColor: true, bodyType: true, tattoos: true, aboutMe: true, interests: true, region: true, city: true,
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
