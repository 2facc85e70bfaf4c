// The schema of one tenants/*.json file: a brand, its domains and every site setting of the
// product spec (section 3). Keys are snake_case as in the spec's settings object.
import { z } from "zod";
import { LOCALES } from "#app/i18n/locales.ts";
import { countryCurrency, methodArea, methodExists, PAYMENT_METHODS, PROVIDER_KEYS, unavailableReason, type Method } from "#app/payments/methods.ts";

export const NICHES = ["none", "she", "bdsm", "bbw", "gilf", "milf", "gay"] as const;
const PROFILE_FIELDS = [
  "age",
  "gender",
  "sexuality",
  "relationship",
  "hair_color",
  "eye_color",
  "body_type",
  "tattoos",
  "interests",
  "city",
  "region",
  "country",
  "about_me",
] as const;
const SEARCH_FIELDS = ["gender", "country", "countryregion", "min_age", "max_age"] as const;

const country = z.string().regex(/^[A-Z]{2}$/, "must be a two-letter ISO country code in capitals");
const locale = z.enum(LOCALES);
const hostName = z.string().regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, "must be a lower-case host name without port, like lovely.example");
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #9b1c1c");
/** A text a marketer may word per locale; when absent the translation catalogue's default is used. */
const localized = z.partialRecord(locale, z.string().min(1));

const PARTNER_OFFER_TYPES = ["cam", "resell"] as const;
const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: "must be an https:// address" });
/**
 * A partner's offer shown as a card among the profiles (spec: cam profile cards, types cam and
 * resell): a cam site, or another dating site that takes our visitors. Always marked as an advert.
 */
export const partnerOfferSchema = z
  .object({
    type: z.enum(PARTNER_OFFER_TYPES),
    /** the card's title per locale; absent: the catalogue's title for the type */
    label: localized.default({}),
    url: httpsUrl,
    /** a file the app serves (/partners/…) or an https:// image */
    image: z
      .union([
        z.string().regex(/^\/partners\/[a-z0-9][a-z0-9._-]*\.(svg|png|jpg|jpeg|webp)$/, "must be a file under /partners/ or an https:// address"),
        httpsUrl,
      ])
      .optional(),
  })
  .strict();

/** The feature highlights a home page may show; each has a title and a body in every catalogue (home.features.<key>). */
const HOME_FEATURES = ["profiles", "chat", "privacy", "nearby", "swipe", "discretion", "experience", "community", "safety", "verified"] as const;
export const HOME_ICONS = ["heart", "chat", "shield", "lock", "pin", "spark", "star", "people", "cards", "check"] as const;
/** The hero's look: warm (a diagonal gradient), elegant (dark, serif headline, a thin gold rule), bold (the brand colour, large type). */
const HOME_STYLES = ["warm", "elegant", "bold"] as const;

const homeFeatureSchema = z
  .object({
    key: z.enum(HOME_FEATURES),
    icon: z.enum(HOME_ICONS),
    /** the card's title and body per locale; a locale absent here reads the catalogue's text for the key */
    title: localized.default({}),
    body: localized.default({}),
  })
  .strict();

/**
 * The visitor's home page (docs/sites.md, "Home page"): the hero's look, headline and sub-line in
 * every language the site offers, and which feature highlights show in which order. Absent: the
 * warm hero with index_title and description, and the three general cards.
 */
const homeSchema = z
  .object({
    style: z.enum(HOME_STYLES).default("warm"),
    /** a drawn picture set under public/home/ (general, milf, gay) for a hero with no member faces; absent: the niche's */
    illustrations: z.enum(["general", "milf", "gay"]).optional(),
    headline: localized.optional(),
    copy: localized.optional(),
    features: z.array(homeFeatureSchema).min(1).max(6).optional(),
  })
  .strict();

export const DEFAULT_HOME_FEATURES = [
  { key: "profiles", icon: "people" },
  { key: "chat", icon: "chat" },
  { key: "privacy", icon: "shield" },
] as const;

/**
 * The company that runs the site (its imprint, the seller on receipts, the footer of its mails):
 * written into the companies table under company_id at every start and reload (docs/sites.md,
 * "Company"), so a fresh database needs no SQL. Absent: the row must exist already (the demo seed
 * writes ids 1 and 2). Sites sharing a company_id must give the same block, or only one of them.
 */
const companySchema = z
  .object({
    name: z.string().min(1),
    address: z.string().min(1),
    city: z.string().min(1),
    country: country,
    /** the chamber of commerce (trade register) number */
    kvk: z.string().min(1),
    tradenames: z.array(z.string().min(1)).default([]),
    vat_numbers: z.array(z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, "must be a VAT number like NL862345678B01")).default([]),
    /** absent: the site's support_phone */
    support_phone: z.string().min(3).optional(),
    /** percent offered in the delete-account flow */
    delete_discount: z.number().int().min(0).max(100).default(0),
    /** when the company joined: terms dated later than 2023-12-01 date from it; absent: the row's, or today for a new one */
    added: z.iso.date().optional(),
  })
  .strict();

export const siteSchema = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9_]*$/, "must be lower-case letters, digits or _"),
    network: z.string().min(1),
    domains: z.array(hostName).min(1),
    /** the domain every mail links to and is sent from (docs/sites.md, "Canonical domain"); one of
     * `domains`. Absent: the first domain, which site:check accepts only for the embedded default */
    canonical_domain: hostName.optional(),
    name: z.string().min(1),
    index_title: localized.default({}),
    description: localized.default({}),
    niche: z.number().int().min(1).max(7),
    countries: z.array(country).min(1),
    locales: z.array(locale).min(1),
    domain_language: locale.nullable().default(null),
    company_id: z.number().int().positive(),
    company: companySchema.optional(),
    branding: z.object({
      logo: z.string().startsWith("/"),
      colors: z.object({ primary: colour, secondary: colour, dark: colour, light: colour, accent: colour }).partial().default({}),
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
    // what /api/settings.php reports (spec section 3); the chat and /pricing show the price the
    // packages give, and site:check refuses a figure here below it
    minimum_message_costs: z.record(country, z.object({ costs: z.number().min(0), currency: z.string().regex(/^[A-Z]{3}$/) })).default({}),
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
    /** photo moderation: "pre" keeps a new photo pending, seen by its owner only, until
     * staff approve it; "post" shows it at once and lists it for review afterwards */
    photo_moderation: z.enum(["pre", "post"]).default("post"),
    // direct debit (ADR 013): what a member may order by SEPA direct debit within the window
    direct_debit: z
      .object({
        window_days: z.number().int().min(1).max(365).default(30),
        max_payments: z.number().int().min(0).max(1000).default(3),
        /** per currency, in cents; a currency not listed has no amount limit beyond max_payments */
        max_amount_cents: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().int().min(0)).default({ EUR: 15_000 }),
      })
      .strict()
      .default({ window_days: 30, max_payments: 3, max_amount_cents: { EUR: 15_000 } }),
    signups: z.string().default("all"), // all, with_trafficsource; anything else: invite only
    invite_codes: z.array(z.string().min(4)).default([]),
    logged_out_search: z.enum(["none", "all"]).default("all"),
    logged_out_search_trafficsource: z.enum(["none", "all"]).default("none"),
    member_resell: z.boolean().default(false),
    /** partner offers (cam, resell) among the profile cards of the search and the landers; none by default */
    partner_offers: z.array(partnerOfferSchema).max(6).default([]),
    mail_name: z.string().min(1),
    us_footer: z.boolean().default(false),
    /** Which payment provider serves which method. A method goes to the provider named
     * in `methods`, else to the first of `providers` that offers it; a method that no configured
     * provider offers is not shown. */
    home: homeSchema.default({ style: "warm" }),
    payments: z
      .object({
        providers: z.array(z.enum(PROVIDER_KEYS)).min(1),
        methods: z.partialRecord(z.enum(PAYMENT_METHODS), z.enum(PROVIDER_KEYS)).default({}),
        /** methods this site never offers, whatever the providers can take */
        disabled_methods: z.array(z.enum(PAYMENT_METHODS)).default([]),
        /** the methods of a payment country, in the order shown (instead of the country's defaults) */
        countries: z.partialRecord(z.string().regex(/^[A-Z]{2}$/), z.array(z.enum(PAYMENT_METHODS)).min(1).max(PAYMENT_METHODS.length)).default({}),
      })
      .strict()
      .default({ providers: ["test"], methods: {}, disabled_methods: [], countries: {} }),
  })
  .strict()
  .superRefine((site, ctx) => {
    checkHome(site, ctx);
    if (site.canonical_domain && !site.domains.includes(site.canonical_domain)) {
      ctx.addIssue({ code: "custom", path: ["canonical_domain"], message: `"${site.canonical_domain}" is not one of the site's domains` });
    }
    if (site.domain_language && !site.locales.includes(site.domain_language)) {
      ctx.addIssue({ code: "custom", path: ["domain_language"], message: "must be one of the site's locales" });
    }
    for (const [method, provider] of Object.entries(site.payments.methods)) {
      if (!site.payments.providers.includes(provider)) {
        ctx.addIssue({ code: "custom", path: ["payments", "methods", method], message: `provider "${provider}" is not in payments.providers` });
      }
      const why = unavailableReason(method as Method);
      if (why) ctx.addIssue({ code: "custom", path: ["payments", "methods", method], message: `"${method}" cannot be offered: ${why}` });
    }
    for (const [country, methods = []] of Object.entries(site.payments.countries)) {
      if (!site.countries.includes(country)) {
        ctx.addIssue({ code: "custom", path: ["payments", "countries", country], message: `${country} is not one of the site's countries` });
        continue;
      }
      methods.forEach((method, i) => {
        const why = unavailableReason(method);
        if (why) ctx.addIssue({ code: "custom", path: ["payments", "countries", country, i], message: `"${method}" cannot be offered: ${why}` });
        else if (!methodExists(method, country, countryCurrency(country)))
          ctx.addIssue({
            code: "custom",
            path: ["payments", "countries", country, i],
            message: `"${method}" does not exist for payments from ${country} in ${countryCurrency(country)} (only ${methodArea(method)})`,
          });
        if (methods.indexOf(method) !== i) ctx.addIssue({ code: "custom", path: ["payments", "countries", country, i], message: `"${method}" is named twice` });
      });
    }
  });

export type Site = z.infer<typeof siteSchema>;

/** The domain a site's mails link to and are sent from, whichever domain a member came through. */
export const canonicalDomain = (site: Pick<Site, "canonical_domain" | "domains">) => site.canonical_domain ?? site.domains[0]!;

/** A home page's words exist in every language the site offers (a missing one would show another language's or none), and no card twice. */
function checkHome(site: Pick<Site, "home" | "locales">, ctx: z.RefinementCtx) {
  const texts = [
    ["headline", site.home.headline],
    ["copy", site.home.copy],
  ] as const;
  for (const [field, text] of texts) {
    if (!text) continue;
    for (const locale of site.locales)
      if (!text[locale]) ctx.addIssue({ code: "custom", path: ["home", field, locale], message: `missing: the site offers ${locale}` });
    for (const locale of Object.keys(text))
      if (!(site.locales as string[]).includes(locale))
        ctx.addIssue({ code: "custom", path: ["home", field, locale], message: "not one of the site's locales" });
  }
  const seen = new Set<string>();
  site.home.features?.forEach((f, i) => {
    if (seen.has(f.key)) ctx.addIssue({ code: "custom", path: ["home", "features", i, "key"], message: `"${f.key}" is already shown` });
    seen.add(f.key);
  });
}
export const nichePrefix = (site: Pick<Site, "niche">) => NICHES[site.niche - 1]!;
