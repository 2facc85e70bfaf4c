// The account mails (activation, password reset, e-mail change, reactivation, data export ready, invitation), rendered per
// site (brand, mail_name, support address, company footer) and per language, HTML and text,
// then written to the mail outbox (the relay queues them): prepared before the transaction of
// the change they belong to (rendering reads the company, on the pool) and written in it.
import { randomUUID } from "node:crypto";
import type { TFunction } from "i18next";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { OutboxMail } from "./outbox-store.server.ts";
import { renderMail } from "./render-mail.server.ts";
import { siteFooter, siteSender } from "./site-mail.server.ts";

export type AccountMail = "activation" | "passwordReset" | "emailChange" | "reactivation" | "dataExport" | "invitation";

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
  // an invitation goes to an address, not yet to anybody with a name
  const paragraphs = name ? [t("greeting", vars), t(`${kind}.body`, vars)] : [t(`${kind}.body`, vars)];
  const footer = await siteFooter(site, locale);
  const { AccountMailTemplate } = await import("./templates/account-mail.server.tsx");
  const { html, text } = await renderMail(AccountMailTemplate, {
    site,
    locale,
    paragraphs,
    link,
    footer,
    button: t(`${kind}.button`),
    linkFallback: t("linkFallback"),
    ignore: t(`${kind}.ignore`),
  });
  return { subject, text, html };
}

/** The rendered mail under a new id, for writeToMailOutbox (outbox-store.server.ts) in the caller's transaction. */
export async function prepareAccountMail(input: AccountMailInput): Promise<OutboxMail> {
  const { subject, text, html } = await renderAccountMail(input);
  return { id: randomUUID(), siteKey: input.site.key, message: { ...siteSender(input.site), to: input.to, subject, text, html } };
}
