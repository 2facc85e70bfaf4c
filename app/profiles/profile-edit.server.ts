// Editing one's own profile: every field of spec section 3, validated; photos managed.
import { z } from "zod";
import { Prisma } from "#app/generated/prisma/client.ts";
import { fieldErrors, usernameField, usernameIsEmail } from "#app/auth/validation.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { REGIONS } from "./geo-data.ts";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { BODY, EYES, HAIR, INTERESTS, RELATIONSHIP } from "./profile-fields.ts";

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal("").transform(() => null)]).nullable().default(null);

/** Country of the site, a region of that country's official list, a free-text city. */
export function locationSchema(site: Pick<Site, "countries">) {
  return z
    .object({
      country: z.enum(site.countries as [string, ...string[]], { message: "validation.required" }),
      region: z.string().trim().max(100).default("").transform((v) => v || null),
      city: z.string().trim().max(100).default("").transform((v) => v || null),
    })
    .superRefine((v, ctx) => {
      const known = REGIONS[v.country as keyof typeof REGIONS] as readonly string[] | undefined;
      if (v.region && known && !known.includes(v.region)) ctx.addIssue({ code: "custom", path: ["region"], message: "validation.region" });
    });
}

const profileFields = z.object({
      name: usernameField,
      gender: z.enum(["male", "female"], { message: "validation.required" }),
      seeking: z.enum(["male", "female"], { message: "validation.required" }),
      sexuality: z.enum(["hetero", "gay", "lesbian", "bi"], { message: "validation.required" }),
      relationship: optionalEnum(RELATIONSHIP),
      hairColor: optionalEnum(HAIR),
      eyeColor: optionalEnum(EYES),
      bodyType: optionalEnum(BODY),
      tattoos: z.enum(["yes", "no", ""]).default("").transform((v) => (v === "yes" ? true : v === "no" ? false : null)),
      interests: z.array(z.enum(INTERESTS)).max(20, { message: "validation.tooMany" }),
      aboutMe: z.string().trim().max(2000, { message: "validation.tooLong" }).transform((v) => v || null),
});

/** The profile form of the member whose e-mail address is `email` (the username may not be it). */
export const profileSchema = (site: Site, email: string) =>
  z.intersection(profileFields, locationSchema(site)).superRefine((v, ctx) => {
    if (usernameIsEmail(v.name, email)) ctx.addIssue({ code: "custom", path: ["name"], message: "validation.usernameIsEmail" });
  });

export async function updateProfile(site: Site, profileId: number, form: FormData, email: string) {
  const parsed = profileSchema(site, email).safeParse({ ...Object.fromEntries(form), interests: form.getAll("interests") });
  if (!parsed.success) return { ok: false as const, errors: fieldErrors(parsed.error) };
  await getDb().profile.update({ where: { id: profileId }, data: parsed.data });
  return { ok: true as const };
}

// Photo actions take the member's own profile id from the session: another member's photo id
// matches nothing and is "not found". Each is one statement or transaction, so a photo deleted
// meanwhile is "not found" too, never a foreign-key error.
export async function setMainPhoto(profileId: number, photoId: number) {
  const { count } = await getDb().profile.updateMany({
    where: { id: profileId, photos: { some: { id: photoId, status: "active" } } },
    data: { mainPhotoId: photoId },
  }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") return { count: 0 };
    throw error;
  });
  return count > 0;
}

export async function deletePhoto(profileId: number, photoId: number) {
  const photo = await getDb().$transaction(async (tx) => {
    const found = await tx.photo.findFirst({ where: { id: photoId, profileId } });
    if (!found || (await tx.photo.deleteMany({ where: { id: found.id } })).count === 0) return null;
    const next = await tx.photo.findFirst({ where: { profileId, status: "active" }, orderBy: { position: "asc" } });
    await tx.profile.updateMany({ where: { id: profileId, OR: [{ mainPhotoId: null }, { mainPhotoId: found.id }] }, data: { mainPhotoId: next?.id ?? null } });
    return found;
  });
  if (!photo) return false;
  await getMediaStorage().remove([photo.filename, photo.thumbFilename]);
  return true;
}

export async function setInvisible(profileId: number, invisible: boolean) {
  await getDb().profile.update({ where: { id: profileId }, data: { invisible } });
}

/** The location options of the settings page (also prefilled by geolocation). */
export async function saveLocation(site: Site, profileId: number, raw: Record<string, FormDataEntryValue>) {
  const parsed = locationSchema(site).safeParse(raw);
  if (!parsed.success) return { ok: false as const, errors: fieldErrors(parsed.error) };
  await getDb().profile.update({ where: { id: profileId }, data: parsed.data });
  return { ok: true as const };
}

/** The member's own profile with every photo that is not rejected, for the edit page. */
export function loadOwnProfile(userId: number) {
  return getDb().profile.findUniqueOrThrow({
    where: { userId },
    include: { photos: { where: { status: { not: "rejected" } }, orderBy: { position: "asc" } } },
  });
}

/** Invisible mode and location, for the settings page. */
export function loadProfileSettings(userId: number) {
  return getDb().profile.findUniqueOrThrow({ where: { userId }, select: { invisible: true, country: true, region: true, city: true } });
}
