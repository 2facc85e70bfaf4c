// A campaign's mail to one member: the version in the member's language, in the site's brand,
// HTML and plain text, with the one-click unsubscribe of its kind (List-Unsubscribe and
// List-Unsubscribe-Post, RFC 8058) whose link names the campaign, so its report counts it.
// The staff preview renders through the same function.
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { renderMail } from "#app/mail/render-mail.server.ts";
import { siteFooter, siteSender } from "#app/mail/site-mail.server.ts";
import { unsubscribeUrl } from "#app/notifications/unsubscribe-link.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { CampaignKind } from "#app/generated/prisma/enums.ts";

export interface CampaignVersion {
  subject: string;
  body: string;
}

export interface CampaignMail {
  campaignId: number;
  kind: CampaignKind;
  site: Site;
  origin: string;
  locale: Locale;
  userId: number;
  recipientName: string;
  version: CampaignVersion;
}

/** The body's paragraphs: blocks of text apart by an empty line (plain text, never HTML). */
const paragraphsOf = (body: string) =>
  body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

export async function renderCampaignMail(m: CampaignMail) {
  const t = getFixedT(m.locale, "mail");
  const common = getFixedT(m.locale, "common");
  const unsubscribe = unsubscribeUrl(m.origin, { siteKey: m.site.key, userId: m.userId, type: m.kind, campaignId: m.campaignId });
  const { NotificationMailTemplate } = await import("#app/mail/templates/notification-mail.server.tsx");
  const { html, text } = await renderMail(NotificationMailTemplate, {
    site: m.site,
    locale: m.locale,
    paragraphs: [t("greeting", { name: m.recipientName }), ...paragraphsOf(m.version.body)],
    profiles: [],
    link: `${m.origin}/`,
    button: t("campaign.button", { siteName: m.site.name }),
    why: t("notifications.why", { type: common(`settings.notificationTypes.${m.kind}`) }),
    unsubscribe: { label: t("notifications.unsubscribe"), href: unsubscribe },
    footer: await siteFooter(m.site, m.locale),
  });
  return {
    message: {
      ...siteSender(m.site),
      subject: m.version.subject,
      text,
      html,
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    },
    unsubscribe,
  };
}
