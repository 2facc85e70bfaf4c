// The account mails (activation, password reset, e-mail change, reactivation), rendered per
// site (brand, mail_name, support address, company footer) and per language, HTML and text,
// then handed to the mail queue.
import type { TFunction } from "i18next";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { enqueueMail } from "./mail-queue.server.ts";

export type AccountMail = "activation" | "passwordReset" | "emailChange" | "reactivation";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface AccountMailInput {
  kind: AccountMail;
  site: Site;
  locale: Locale;
  to: string;
  name: string;
  link: string;
}

export async function renderAccountMail({ kind, site, locale, name, link }: AccountMailInput) {
  const t: TFunction = getFixedT(locale, "mail");
  const company = await getCompanyInfo(site.company_id);
  const vars = { siteName: site.name, name };
  const subject = t(`${kind}.subject`, vars);
  const paragraphs = [t("greeting", vars), t(`${kind}.body`, vars)];
  const footer = t("footer", {
    siteName: site.name,
    companyName: company?.name ?? site.name,
    address: company ? `${company.address}, ${company.city}, ${company.country}` : "",
    supportEmail: site.support_email,
  });
  const colour = site.branding.colors.primary ?? "#9b1c1c";
  const text = [...paragraphs, `${t(`${kind}.button`)}: ${link}`, t(`${kind}.ignore`), "--", footer].join("\n\n");
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;background:${colour};border-radius:8px 8px 0 0;color:#ffffff;font-size:22px;font-weight:bold">${escape(site.mail_name)}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join("\n")}
<p style="margin:24px 0"><a href="${escape(link)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:24px;font-weight:bold">${escape(t(`${kind}.button`))}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escape(t("linkFallback"))}<br><a href="${escape(link)}" style="color:${colour};word-break:break-all">${escape(link)}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280">${escape(t(`${kind}.ignore`))}</p>
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#9ca3af;border-top:1px solid #e5e7eb">${escape(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}

export async function sendAccountMail(input: AccountMailInput) {
  const { subject, text, html } = await renderAccountMail(input);
  await enqueueMail({
    siteKey: input.site.key,
    message: {
      from: { name: input.site.mail_name, address: `noreply@${input.site.domains[0]}` },
      replyTo: input.site.support_email,
      to: input.to,
      subject,
      text,
      html,
    },
  });
}
