// How a direct-debit one-time code reaches the member: always by e-mail (localized, in the
// site's brand), written to the mail outbox in the transaction that stores the challenge (the
// relay queues it), and by SMS once an SMS provider is configured, after that transaction.
//
// SMS: `SmsProvider` is the interface a provider adapter implements (MessageBird, Twilio, a
// bulk-SMS gateway: send one text to one E.164 number, throw when the provider refuses). No
// provider exists yet, so `smsProvider()` answers null and codes go by e-mail only; adding one
// means implementing the interface and returning it here (from configuration), nothing else.
import type { TFunction } from "i18next";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { randomUUID } from "node:crypto";
import type { OutboxMail } from "#app/mail/outbox-store.server.ts";
import { renderMail } from "#app/mail/render-mail.server.ts";
import { siteFooter, siteSender } from "#app/mail/site-mail.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export interface SmsProvider {
  readonly key: string;
  /** sends one text message; `to` is the member's phone number as entered (digits, +, spaces) */
  send(message: { siteKey: string; to: string; text: string }): Promise<void>;
}

/** The SMS provider in use: none yet (see the comment above). */
const smsProvider = (): SmsProvider | null => null;

export interface CodeMessage {
  site: Site;
  locale: Locale;
  email: string;
  phone: string;
  name: string;
  code: string;
  minutes: number;
}

async function renderCodeMail({ site, locale, name, code, minutes }: CodeMessage) {
  const t: TFunction = getFixedT(locale, ["common", "mail"]);
  const vars = { siteName: site.name, name, code, minutes };
  const subject = t("directdebit.mail.subject", vars);
  const paragraphs = [t("mail:greeting", vars), t("directdebit.mail.body", vars)];
  const ignore = t("directdebit.mail.ignore", vars);
  const footer = await siteFooter(site, locale);
  const { DirectDebitCodeMailTemplate } = await import("#app/mail/templates/direct-debit-code-mail.server.tsx");
  const { html, text } = await renderMail(DirectDebitCodeMailTemplate, { site, locale, paragraphs, code, ignore, footer });
  return { subject, text, html };
}

/** The code's mail under a new id, for writeToMailOutbox in the challenge's transaction. */
export async function prepareCodeMail(message: CodeMessage): Promise<OutboxMail> {
  const { subject, text, html } = await renderCodeMail(message);
  return { id: randomUUID(), siteKey: message.site.key, message: { ...siteSender(message.site), to: message.email, subject, text, html } };
}

/** Sends the code by SMS too, when a provider is configured (a provider call: after the transaction). */
export async function sendCodeBySms(message: CodeMessage) {
  const sms = smsProvider();
  if (sms) {
    const t = getFixedT(message.locale);
    await sms.send({
      siteKey: message.site.key,
      to: message.phone,
      text: t("directdebit.sms", { siteName: message.site.name, code: message.code, minutes: message.minutes }),
    });
  }
}
