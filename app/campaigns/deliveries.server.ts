// What happened to a campaign's mail after the sender queued it, for its report: the mail job
// reports the SMTP server's answer (delivered, or bounced when it refused the address for good),
// the mail provider a later hard bounce (/api/mail-events), and the member's unsubscribe link
// its use. Each moves a row forward only: a bounce or an unsubscribe is never overwritten.
import { getDb } from "#app/utils/db.server.ts";

const MAIL_ID = /^campaign-(\d{1,10})-(\d{1,10})$/;
/** A bounce reported by the provider is put on the address's campaign mails of this long ago. */
const BOUNCE_LOOKBACK_MS = 14 * 24 * 3600_000;

/** The mail job's outcome of a campaign mail (other mail ids: nothing). */
export async function recordCampaignMail(mailId: string, outcome: { bounced?: string[]; skipped?: true }) {
  const m = MAIL_ID.exec(mailId);
  if (!m) return;
  const [campaignId, userId] = [Number(m[1]), Number(m[2])];
  const bounced = (outcome.bounced?.length ?? 0) > 0;
  await getDb().campaignDelivery.updateMany({
    where: { campaignId, userId, status: { in: bounced ? ["queued", "sent", "delivered"] : ["queued", "sent"] } },
    data: { status: bounced ? "bounced" : "delivered", updatedAt: new Date() },
  });
}

/** A hard bounce the mail provider reported for an address: its recent campaign mails count as bounced. */
export async function recordCampaignBounce(email: string, now = new Date()) {
  return getDb().$executeRaw`
    UPDATE campaign_deliveries d SET status = 'bounced', updated_at = ${now}
    FROM users u
    WHERE d.user_id = u.id AND u.email = lower(${email}) AND d.status IN ('sent', 'delivered')
      AND d.sent_at > ${new Date(now.getTime() - BOUNCE_LOOKBACK_MS)}`;
}

/** The member switched the campaign's kind off with its mail's link (signed for this site, member and campaign). */
export async function recordCampaignUnsubscribe(campaignId: number, userId: number, siteKey: string) {
  return getDb().$executeRaw`
    UPDATE campaign_deliveries d SET status = 'unsubscribed', updated_at = now()
    FROM campaigns c
    WHERE d.campaign_id = c.id AND c.id = ${campaignId} AND c.site_key = ${siteKey} AND d.user_id = ${userId}
      AND d.status IN ('queued', 'sent', 'delivered')`;
}
