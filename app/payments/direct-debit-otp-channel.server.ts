// How a direct-debit one-time code reaches the member: always by e-mail through the mail queue
// (localized, in the site's brand), and by SMS once an SMS provider is configured.
//
// SMS: `SmsProvider` is the interface a provider adapter implements (MessageBird, Twilio, a
// bulk-SMS gateway: send one text to one E.164 number, throw when the provider refuses). No
// provider exists yet, so `smsProvider()` answers null and codes go by e-mail only; adding one
// means implementing the interface and returning it here (from configuration), nothing else.
import type { TFunction } from "i18next";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { enqueueMail } from "#app/mail/mail-queue.server.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export interface SmsProvider {
  readonly key: string;
  /** sends one text message; `to` is the member's phone number as entered (digits, +, spaces) */
  send(message: { siteKey: string; to: string; text: string }): Promise<void>;
}

let configured: SmsProvider | null = null;
/** The SMS provider in use: none yet (see the comment above). */
export const smsProvider = (): SmsProvider | null => configured;
/** For a future adapter (and tests): installs the provider the codes also go through. */
export const setSmsProvider = (provider: SmsProvider | null) => { configured = provider; };

export interface CodeMessage {
  site: Site;
  locale: Locale;
  email: string;
  phone: string;
  name: string;
  code: string;
  minutes: number;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function renderCodeMail({ site, locale, name, code, minutes }: CodeMessage) {
  const t: TFunction = getFixedT(locale, ["common", "mail"]);
  const company = await getCompanyInfo(site.company_id);
  const vars = { siteName: site.name, name, code, minutes };
  const subject = t("directdebit.mail.subject", vars);
  const paragraphs = [t("mail:greeting", vars), t("directdebit.mail.body", vars)];
  const ignore = t("directdebit.mail.ignore", vars);
  const footer = t("mail:footer", {
    siteName: site.name,
    companyName: company?.name ?? site.name,
    address: company ? `${company.address}, ${company.city}, ${company.country}` : "",
    supportEmail: site.support_email,
  });
  const colour = site.branding.colors.primary ?? "#9b1c1c";
  const text = [...paragraphs, code, ignore, "--", footer].join("\n\n");
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;background:${colour};border-radius:8px 8px 0 0;color:#ffffff;font-size:22px;font-weight:bold">${escape(site.mail_name)}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join("\n")}
<p style="margin:24px 0;font-size:32px;font-weight:bold;letter-spacing:8px;color:${colour}" data-otp>${escape(code)}</p>
<p style="margin:0;font-size:13px;color:#6b7280">${escape(ignore)}</p>
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#9ca3af;border-top:1px solid #e5e7eb">${escape(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** Sends the code by e-mail (queued) and, when a provider is configured, by SMS. */
export async function sendCode(message: CodeMessage) {
  const { subject, text, html } = await renderCodeMail(message);
  await enqueueMail({
    siteKey: message.site.key,
    message: {
      from: { name: message.site.mail_name, address: `noreply@${message.site.domains[0]}` },
      replyTo: message.site.support_email,
      to: message.email,
      subject,
      text,
      html,
    },
  });
  const sms = smsProvider();
  if (sms) {
    const t = getFixedT(message.locale);
    await sms.send({ siteKey: message.site.key, to: message.phone, text: t("directdebit.sms", { siteName: message.site.name, code: message.code, minutes: message.minutes }) });
  }
}
