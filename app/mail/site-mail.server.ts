// What every mail a site sends shares besides its layout (app/mail/templates): the sender and
// reply address, and the footer line naming the company behind the site.
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import { canonicalDomain, type Site } from "#app/tenancy/site-schema.ts";

/** Sender and reply address of a site's mails: noreply@ its canonical domain. */
export const siteSender = (site: Pick<Site, "mail_name" | "domains" | "canonical_domain" | "support_email">) => ({
  from: { name: site.mail_name, address: `noreply@${canonicalDomain(site)}` },
  replyTo: site.support_email,
});

/** The footer line of every mail: who runs the site, where, and the support address. */
export async function siteFooter(site: Pick<Site, "name" | "company_id" | "support_email">, locale: Locale) {
  const company = await getCompanyInfo(site.company_id);
  return getFixedT(locale, "mail")("footer", {
    siteName: site.name,
    companyName: company?.name ?? site.name,
    address: company ? `${company.address}, ${company.city}, ${company.country}` : "",
    supportEmail: site.support_email,
  });
}
