// The one HTML layout of every mail a site sends (account, direct-debit code, notifications): the
// site's mail name on its primary colour, the body, a footer; tables and inline styles, as mail
// clients need. Callers build the body from the helpers here and keep their own plain-text part.
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const mailColour = (site: Pick<Site, "branding">) => site.branding.colors.primary ?? "#9b1c1c";

export const paragraphsHtml = (paragraphs: string[]) => paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n");

export const buttonHtml = (link: string, label: string, colour: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:24px;font-weight:bold">${escapeHtml(label)}</a></p>`;

export const smallPrintHtml = (text: string) => `<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(text)}</p>`;

/** The whole document: `bodyHtml` and `footerHtml` are already escaped markup. */
export function brandedMailHtml({ site, locale, bodyHtml, footerHtml }: { site: Pick<Site, "branding" | "mail_name">; locale: string; bodyHtml: string; footerHtml: string }) {
  return `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;background:${mailColour(site)};border-radius:8px 8px 0 0;color:#ffffff;font-size:22px;font-weight:bold">${escapeHtml(site.mail_name)}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#9ca3af;border-top:1px solid #e5e7eb">${footerHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

/** Sender and reply address of a site's mails. */
export const siteSender = (site: Pick<Site, "mail_name" | "domains" | "support_email">) => ({
  from: { name: site.mail_name, address: `noreply@${site.domains[0]}` },
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
