// Partner offers (spec: cam profile cards, types cam and resell): cards among the profiles that
// send the visitor to a partner's site. Only what the site's config lists (partner_offers); the
// card is always marked as an advert. The title is the marketer's wording in the visitor's
// language, else the catalogue's title for the type (null here, picked by the component).
import type { Locale } from "#app/i18n/locales.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export function partnerOffers(site: Pick<Site, "partner_offers">, locale: Locale) {
  return site.partner_offers.map((o) => ({ type: o.type, label: o.label[locale] ?? null, url: o.url, image: o.image ?? null }));
}

export type PartnerOfferCard = ReturnType<typeof partnerOffers>[number];
