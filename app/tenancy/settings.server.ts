// The settings object of spec section 3 for one site, as GET /api/settings.php returns it.
import type { TFunction } from "i18next";
import type { Locale } from "#app/i18n/locales.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { stripPhone } from "./company.server.ts";
import type { Site } from "./site-schema.ts";

export function localizedText(text: Partial<Record<Locale, string>>, locale: Locale, fallback: string) {
  return text[locale] ?? fallback;
}

/** Spec section 7: the first two characters of domain_language, when the site offers that locale. */
export function domainLocale(site: Pick<Site, "domain_language" | "locales">): Locale | null {
  const code = site.domain_language?.slice(0, 2).toLowerCase();
  return code && (site.locales as string[]).includes(code) ? (code as Locale) : null;
}

/** What one message costs per country, in the currency's major unit (spec: minimum_message_costs). */
export type MessageCosts = Record<string, { costs: number; currency: string }>;

/** The settings of a site in a language are the same for every request: made once per pair. */
const settingsBySite = new WeakMap<Site, Map<Locale, ReturnType<typeof localeSettings>>>();

export function siteSettings(
  site: Site,
  opts: {
    locale: Locale;
    t: TFunction;
    /** what a message costs where the site sells credits: the packages' price (messagePrices), which the chat charges */
    messageCosts: MessageCosts;
    geoCountry: string | null;
    selectedCountry?: string | null;
  },
) {
  let perLocale = settingsBySite.get(site);
  if (!perLocale) settingsBySite.set(site, (perLocale = new Map()));
  let base = perLocale.get(opts.locale);
  if (!base) perLocale.set(opts.locale, (base = localeSettings(site, opts)));
  // only the prices and the visitor's country differ (the keys keep their places in the JSON)
  return {
    ...base,
    minimum_message_costs: opts.messageCosts,
    geoip_country: opts.geoCountry,
    geoip_selected_country: opts.selectedCountry ?? (opts.geoCountry && site.countries.includes(opts.geoCountry) ? opts.geoCountry : site.countries[0]),
  };
}

function localeSettings(site: Site, opts: { locale: Locale; t: TFunction }) {
  const { locale, t } = opts;
  return {
    name: site.name,
    domain: site.domains[0],
    domain_language: site.domain_language,
    index_title: localizedText(site.index_title, locale, site.name),
    description: localizedText(site.description, locale, t("site.defaultDescription", { siteName: site.name })),
    cdn_prefix: site.cdn_prefix,
    niche: site.niche,
    countries: site.countries,
    visible_profile_fields: site.visible_profile_fields,
    visible_profile_notes: site.visible_profile_notes,
    search_fields: site.search_fields,
    message_credits: site.message_credits,
    photo_credits: site.photo_credits,
    gift_credits: site.gift_credits,
    signup_credits: site.signup_credits,
    message_length: site.message_length,
    minimum_message_costs: {} as MessageCosts,
    support_email: site.support_email,
    support_phone: stripPhone(site.support_phone),
    // the deployment's VAPID key (push is sent with its private half); a site's own key only where
    // the deployment has none, which then stays unusable for sending (kept for older tenant files)
    push_public_key: getEnv().vapid?.publicKey ?? site.push_public_key,
    enable_site_entry_popup: site.enable_site_entry_popup,
    geoip_country: null as string | null,
    geoip_selected_country: site.countries[0] as string | undefined,
    fictional_icon: site.fictional_icon,
    fictional_warning: localizedText(site.fictional_warning, locale, t("fictional.warning")),
    fictional_singular: localizedText(site.fictional_singular, locale, t("fictional.singular")),
    fictional_plural: localizedText(site.fictional_plural, locale, t("fictional.plural")),
    refund_days: site.refund_days,
    signups: site.signups,
    logged_out_search: site.logged_out_search,
    logged_out_search_trafficsource: site.logged_out_search_trafficsource,
    member_resell: site.member_resell,
    company_id: site.company_id,
    mail_name: site.mail_name,
  };
}
