// The campaign form: one zod schema for the browser (conform) and the action, built for the site
// the campaign is for (its countries, and a subject and body for each language it offers). The
// messages are catalogue keys (staff.campaigns.errors.*). Times are typed as UTC, as the console
// shows every time.
import { z } from "zod";

const E = "staff.campaigns.errors";

export const CAMPAIGN_KINDS = ["news", "promotions"] as const;
export const AUDIENCE_GENDERS = ["female", "male"] as const;
/** Which members by what they paid: everyone, members who bought credits, members who never did. */
export const AUDIENCE_PAID = ["all", "paid", "free"] as const;

export const NAME_MAX = 100;
export const SUBJECT_MAX = 150;
export const BODY_MAX = 10_000;

export const subjectField = (locale: string) => `subject_${locale}`;
export const bodyField = (locale: string) => `body_${locale}`;

/** A time typed as UTC (the datetime-local field: 2026-12-01T10:00); empty: none yet. */
const utcTime = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? new Date(`${v}:00Z`) : new Date(NaN);
    if (Number.isNaN(at.getTime()) || at.getUTCFullYear() > 2100) {
      ctx.addIssue({ code: "custom", message: `${E}.time` });
      return z.NEVER;
    }
    return at;
  });

const text = (max: number, message: string) => z.string({ message }).trim().min(1, { message }).max(max, { message });

/** The form's schema for a site with these countries and languages. */
export function campaignSchema(site: { countries: readonly string[]; locales: readonly string[] }) {
  const versions: Record<string, z.ZodType<string>> = {};
  for (const locale of site.locales) {
    versions[subjectField(locale)] = text(SUBJECT_MAX, `${E}.subject`);
    versions[bodyField(locale)] = text(BODY_MAX, `${E}.body`);
  }
  return z.object({
    name: text(NAME_MAX, `${E}.name`),
    kind: z.enum(CAMPAIGN_KINDS, { message: `${E}.kind` }),
    // checked as a whole, so the error belongs to the group of boxes
    countries: z
      .array(z.string(), { message: `${E}.country` })
      .max(site.countries.length, { message: `${E}.country` })
      .refine((v) => v.every((c) => site.countries.includes(c)), { message: `${E}.country` })
      .optional()
      .transform((v) => [...new Set(v ?? [])]),
    genders: z
      .array(z.string(), { message: `${E}.gender` })
      .max(AUDIENCE_GENDERS.length, { message: `${E}.gender` })
      .refine((v) => v.every((g) => (AUDIENCE_GENDERS as readonly string[]).includes(g)), { message: `${E}.gender` })
      .optional()
      .transform((v) => [...new Set(v ?? [])] as (typeof AUDIENCE_GENDERS)[number][]),
    paid: z.enum(AUDIENCE_PAID, { message: `${E}.paid` }),
    scheduledAt: utcTime,
    ...versions,
  });
}

export type CampaignInput = z.output<ReturnType<typeof campaignSchema>> & Record<string, unknown>;

/** The language versions of a parsed form: { locale: { subject, body } }. */
export function versionsOf(input: Record<string, unknown>, locales: readonly string[]) {
  return Object.fromEntries(locales.map((l) => [l, { subject: String(input[subjectField(l)]), body: String(input[bodyField(l)]) }]));
}
