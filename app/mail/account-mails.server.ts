// The account mails (activation, password reset, e-mail change, reactivation, data export ready), rendered per
// site (brand, mail_name, support address, company footer) and per language, HTML and text,
// then handed to the mail queue.
import type { TFunction } from "i18next";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { brandedMailHtml, buttonHtml, escapeHtml, mailColour, paragraphsHtml, siteFooter, siteSender, smallPrintHtml } from "./branded-mail.server.ts";
import { enqueueMail } from "./mail-queue.server.ts";

export type AccountMail = "activation" | "passwordReset" | "emailChange" | "reactivation" | "dataExport";

export interface AccountMailInput {
  kind: AccountMail;
  site: Site;
  locale: Locale;
  to: string;
  name: string;
  link: string;
  /** more placeholders of the mail's texts (the data export's {{days}}) */
  params?: Record<string, string | number>;
}

export async function renderAccountMail({ kind, site, locale, name, link, params }: AccountMailInput) {
  const t: TFunction = getFixedT(locale, "mail");
  const vars = { ...params, siteName: site.name, name };
  const subject = t(`${kind}.subject`, vars);
  const paragraphs = [t("greeting", vars), t(`${kind}.body`, vars)];
  const footer = await siteFooter(site, locale);
  const colour = mailColour(site);
  const text = [...paragraphs, `${t(`${kind}.button`)}: ${link}`, t(`${kind}.ignore`), "--", footer].join("\n\n");
  const html = brandedMailHtml({
    site,
    locale,
    bodyHtml: `${paragraphsHtml(paragraphs)}
${buttonHtml(link, t(`${kind}.button`), colour)}
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(t("linkFallback"))}<br><a href="${escapeHtml(link)}" style="color:${colour};word-break:break-all">${escapeHtml(link)}</a></p>
${smallPrintHtml(t(`${kind}.ignore`))}`,
    footerHtml: escapeHtml(footer),
  });
  return { subject, text, html };
}

export async function sendAccountMail(input: AccountMailInput) {
  const { subject, text, html } = await renderAccountMail(input);
  await enqueueMail({
    siteKey: input.site.key,
    message: {
      ...siteSender(input.site),
      to: input.to,
      subject,
      text,
      html,
    },
  });
}
