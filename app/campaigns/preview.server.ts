// The console's preview of a campaign in one of its languages: the mail a member gets, rendered
// by the sender's own function (a sample recipient; the unsubscribe link names no member).
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { isLocale } from "#app/i18n/locales.ts";
import { siteOrigin } from "#app/notifications/delivery.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { CampaignKind } from "#app/generated/prisma/enums.ts";
import { renderCampaignMail, type CampaignVersion } from "./campaign-mail.server.ts";

export async function campaignPreview(
  site: Site,
  campaign: { id: number; kind: CampaignKind; versions: Record<string, CampaignVersion> },
  asked: string | null,
) {
  const locale = asked && isLocale(asked) && site.locales.includes(asked) ? asked : site.locales[0]!;
  const version = campaign.versions[locale];
  if (!version) return { locale, subject: null, html: null };
  const recipientName = getFixedT(locale, "common")("staff.campaigns.sampleName");
  const { message } = await renderCampaignMail({
    campaignId: campaign.id,
    kind: campaign.kind,
    site,
    origin: siteOrigin(site),
    locale,
    userId: 0,
    recipientName,
    version,
  });
  return { locale, subject: message.subject, html: message.html };
}
