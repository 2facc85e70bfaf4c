// The two mails of a support case, in the reporter's language and the site's brand: "we received
// your complaint" (complaints only) and "your case is closed" with what staff decided. The mail's
// id is derived from the case, so a retried request or action never mails twice.
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import { writeToMailOutbox } from "#app/mail/outbox-store.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { renderMail } from "#app/mail/render-mail.server.ts";
import { siteFooter, siteSender } from "#app/mail/site-mail.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export type CaseMail = "received" | "closed";

export interface CaseMailInput {
  id: number;
  email: string;
  locale: string;
  /** what staff tell the reporter (closed only) */
  outcome?: string;
}

async function renderCaseMail(kind: CaseMail, site: Site, input: CaseMailInput) {
  const locale: Locale = isLocale(input.locale) ? input.locale : (site.locales[0] as Locale);
  const t = getFixedT(locale, "mail");
  const vars = { siteName: site.name, id: input.id };
  const subject = t(`cases.${kind}.subject`, vars);
  const paragraphs = [t("cases.greeting"), t(`cases.${kind}.body`, vars)];
  const outcome = kind === "closed" && input.outcome ? input.outcome : null;
  const footer = await siteFooter(site, locale);
  const note = t("cases.replyNote", { supportEmail: site.support_email });
  const { CaseMailTemplate } = await import("#app/mail/templates/case-mail.server.tsx");
  const { html, text } = await renderMail(CaseMailTemplate, { site, locale, paragraphs, outcome, replyNote: note, footer });
  return { subject, text, html };
}

export async function sendCaseMail(kind: CaseMail, site: Site, input: CaseMailInput) {
  const { subject, text, html } = await renderCaseMail(kind, site, input);
  await writeToMailOutbox(getDb(), [
    { id: caseMailId(kind, input.id), siteKey: site.key, message: { ...siteSender(site), to: input.email, subject, text, html } },
  ]);
}

/** A UUID-shaped id per case and mail kind (the queue's job id and the Message-ID). */
function caseMailId(kind: CaseMail, id: number) {
  const hex = id.toString(16).padStart(12, "0").slice(-12);
  return `00000000-0000-4000-${kind === "received" ? "8001" : "8002"}-${hex}`;
}
