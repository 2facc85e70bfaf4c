// The schema of one tenants/*.json file: a brand, its domains and every site setting of the
// product spec (section 3). Keys are snake_case as in the spec's settings object.
import { z } from "zod";
import { LOCALES } from "#app/i18n/locales.ts";

export const NICHES = ["none", "she", "bdsm", "bbw", "gilf", "milf", "gay"] as const;
export const PROFILE_FIELDS = [
  "age", "gender", "sexuality", "relationship", "hair_color", "eye_color", "body_type",
  "tattoos", "interests", "city", "region", "country", "about_me",
] as const;
export const SEARCH_FIELDS = ["gender", "country", "countryregion", "min_age", "max_age"] as const;

const country = z.string().regex(/^[A-Z]{2}$/, "must be a two-letter ISO country code in capitals");
const locale = z.enum(LOCALES);
const hostName = z
  .string()
  .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, "must be a lower-case host name without port, like lovely.example");
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #9b1c1c");
/** A text a marketer may word per locale; when absent the translation catalogue's default is used. */
const localized = z.partialRecord(locale, z.string().min(1));

export const siteSchema = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9_]*$/, "must be lower-case letters, digits or _"),
    network: z.string().min(1),
    domains: z.array(hostName).min(1),
    name: z.string().min(1),
    index_title: localized.default({}),
    description: localized.default({}),
    niche: z.number().int().min(1).max(7),
    countries: z.array(country).min(1),
    locales: z.array(locale).min(1),
    domain_language: locale.nullable().default(null),
    company_id: z.number().int().positive(),
    branding: z.object({
      logo: z.string().startsWith("/"),
      colors: z
        .object({ primary: colour, secondary: colour, dark: colour, light: colour, accent: colour })
        .partial()
        .default({}),
      tagline: localized.default({}),
    }),
    cdn_prefix: z.string().default(""),
    visible_profile_fields: z.array(z.enum(PROFILE_FIELDS)).default([...PROFILE_FIELDS]),
    visible_profile_notes: z.boolean().default(true),
    search_fields: z.array(z.enum(SEARCH_FIELDS)).default([...SEARCH_FIELDS]),
    message_credits: z.number().int().min(0),
    photo_credits: z.number().int().min(0),
    gift_credits: z.number().int().min(0),
    signup_credits: z.number().int().min(0),
    message_length: z.number().int().min(1).max(5000),
    minimum_message_costs: z.record(country, z.object({ costs: z.number().min(0), currency: z.string().regex(/^[A-Z]{3}$/) })),
    support_email: z.email(),
    support_phone: z.string().min(3),
    push_public_key: z.string().nullable().default(null),
    enable_site_entry_popup: z.enum(["all", "country", "off"]).default("all"),
    entry_popup_countries: z.array(country).default(["NL", "DE"]),
    fictional_icon: z.string().min(1).default("🎭"),
    fictional_warning: localized.default({}),
    fictional_singular: localized.default({}),
    fictional_plural: localized.default({}),
    refund_days: z.number().int().min(0),
    signups: z.string().default("all"), // all, with_trafficsource; anything else: invite only
    invite_codes: z.array(z.string().min(4)).default([]),
    logged_out_search: z.enum(["none", "all"]).default("all"),
    logged_out_search_trafficsource: z.enum(["none", "all"]).default("none"),
    member_resell: z.boolean().default(false),
    mail_name: z.string().min(1),
    us_footer: z.boolean().default(false),
  })
  .strict()
  .superRefine((site, ctx) => {
    if (site.domain_language && !site.locales.includes(site.domain_language)) {
      ctx.addIssue({ code: "custom", path: ["domain_language"], message: "must be one of the site's locales" });
    }
  });

export type Site = z.infer<typeof siteSchema>;
export const nichePrefix = (site: Pick<Site, "niche">) => NICHES[site.niche - 1]!;
