// The profile's descriptive fields of spec section 3, read alike by the profile page, the API's
// user object and the data export.
import type { Prisma } from "#app/generated/prisma/client.ts";

export const descriptionSelect = {
  dateOfBirth: true,
  gender: true,
  sexuality: true,
  relationship: true,
  hairColor: true,
  eyeColor: true,
  bodyType: true,
  tattoos: true,
  interests: true,
} satisfies Prisma.ProfileSelect;
