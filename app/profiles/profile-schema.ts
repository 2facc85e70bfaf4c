// The profile form rules (spec sections 3 and 5), one schema for the browser and the server:
// /profile validates the whole, the signup steps pick their fields, settings the location.
// Parsed with conform's parseWithZod on both sides, which turns empty inputs into undefined
// (hence optional() meaning "left empty"). Messages are catalogue keys under "validation.",
// translated by the component that shows them.
import { z } from "zod";
import { usernameField, usernameIsEmail } from "#app/auth/validation.ts";
import { REGION_LABEL, REGIONS, type RegionLabel } from "./geo-data.ts";
import { BODY, EYES, HAIR, INTERESTS, RELATIONSHIP, type SignupStep } from "./profile-fields.ts";

const CITY_MAX = 100;
export const ABOUT_MAX = 2000;
const INTERESTS_MAX = 20;

/** A choice that may be left empty: null then (the member cleared it). */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values, { message: "validation.required" })
    .optional()
    .transform((v) => v ?? null);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: "validation.tooLong" })
    .optional()
    .transform((v) => v || null);

const memberFields = z.object({
  name: usernameField,
  gender: z.enum(["male", "female"], { message: "validation.required" }),
  seeking: z.enum(["male", "female"], { message: "validation.required" }),
  sexuality: z.enum(["hetero", "gay", "lesbian", "bi"], { message: "validation.required" }),
  relationship: choice(RELATIONSHIP),
  hairColor: choice(HAIR),
  eyeColor: choice(EYES),
  bodyType: choice(BODY),
  tattoos: z
    .enum(["yes", "no"], { message: "validation.required" })
    .optional()
    .transform((v) => (v === undefined ? null : v === "yes")),
  aboutMe: text(ABOUT_MAX),
  interests: z
    .array(z.enum(INTERESTS, { message: "validation.required" }))
    .max(INTERESTS_MAX, { message: "validation.tooMany" })
    .default([]),
});

/** The official first-level regions of a country (empty for a country we have no list of). */
export function regionsOf(country: string | undefined): readonly string[] {
  return (country && REGIONS[country as keyof typeof REGIONS]) || [];
}

/** What the country calls its regions (province, state, canton, ...). */
export function regionLabelOf(country: string | undefined): RegionLabel {
  return (country && REGION_LABEL[country as keyof typeof REGION_LABEL]) || "region";
}

/** Country of the site, a region from that country's official list, a free-text city. */
const locationFields = (countries: readonly string[]) => ({
  country: z.enum(countries as [string, ...string[]], { message: "validation.required" }),
  region: z
    .string()
    .trim()
    .max(100, { message: "validation.region" })
    .optional()
    .transform((v) => v || null),
  city: text(CITY_MAX),
});

type Location = { country?: unknown; region?: unknown };

// Runs even while other fields are invalid (the browser shows the errors of the fields the
// member has left, and this one must not wait for the rest of the form).
const regionRule = [
  (v: Location, ctx: z.RefinementCtx) => {
    if (typeof v.region === "string" && v.region && !regionsOf(String(v.country)).includes(v.region)) {
      ctx.addIssue({ code: "custom", path: ["region"], message: "validation.region" });
    }
  },
  { when: (p: z.core.ParsePayload) => !p.issues.some((i) => i.path?.[0] === "region") },
] as const;

export function locationSchema(countries: readonly string[]) {
  return z.object(locationFields(countries)).superRefine(...regionRule);
}

/**
 * The one form of /profile/settings: invisible mode, the location and, where the site speaks more
 * than one, the language. A checkbox left empty is absent from the form: visible. Notifications
 * have their one place, /notifications.
 */
export function settingsSchema({ countries, locales }: { countries: readonly string[]; locales: readonly string[] }) {
  return z
    .object({
      invisible: z
        .boolean()
        .optional()
        .transform((v) => v === true),
      language: z.enum(locales as [string, ...string[]], { message: "validation.required" }).optional(),
      ...locationFields(countries),
    })
    .superRefine(...regionRule);
}

/** The whole /profile form of the member whose e-mail address is `email` (the username may not be it). */
export function profileSchema({ countries, email }: { countries: readonly string[]; email: string }) {
  return memberFields
    .extend(locationFields(countries))
    .superRefine(...regionRule)
    .superRefine(
      (v, ctx) => {
        if (typeof v.name === "string" && usernameIsEmail(v.name, email))
          ctx.addIssue({ code: "custom", path: ["name"], message: "validation.usernameIsEmail" });
      },
      { when: (p) => !p.issues.some((i) => i.path?.[0] === "name") },
    );
}

export const personalSchema = memberFields.pick({ relationship: true, hairColor: true, eyeColor: true, bodyType: true, tattoos: true });
export const aboutSchema = memberFields.pick({ aboutMe: true, interests: true });

/** The fields a signup step asks for; null for a step without profile fields. */
export function signupStepSchema(step: SignupStep, countries: readonly string[]) {
  if (step === "personal") return personalSchema;
  if (step === "about") return aboutSchema;
  if (step === "location") return locationSchema(countries);
  return null;
}
