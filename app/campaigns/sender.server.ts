// The campaigns job (workers/campaigns.ts): starts the campaigns whose time has come and mails
// their audience in batches, by the rules of every notification mail (delivery.server.ts).
//
// - Start: one UPDATE moves a due campaign from scheduled to sending (only one worker wins it) and,
//   in the same transaction, writes one pending row per member of its audience at that moment
//   (audience.server.ts; unique per campaign and member).
// - A batch locks up to BATCH_SIZE due pending rows with FOR UPDATE SKIP LOCKED (parallel workers
//   take different rows) while holding the campaign row FOR SHARE (a cancel waits for the batch, and
//   the next batch sees it). Each member is checked again (still active, still agreed, mail not
//   disabled); at night in their country the row waits for the morning (not_before); the mail is
//   counted against the daily cap under the member's lock (claimNotificationMail), and a member at
//   the cap waits an hour, for at most SEND_WINDOW_MS. A claimed row is "queued" and committed.
// - The mails of the queued rows are then queued under the id campaign-<campaign>-<member>: a
//   second enqueue of the same id adds nothing, and the mail job delivers an id once. A row left
//   queued by a worker that died is queued again after STALE_QUEUED_MS.
// - A campaign with no row pending or queued is sent.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { CampaignKind } from "#app/generated/prisma/enums.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { enqueueMail } from "#app/mail/mail-queue.server.ts";
import { claimNotificationMail, MAIL_RECIPIENT, mailLocale, mailRefusal, siteOrigin } from "#app/notifications/delivery.server.ts";
import { parseQuietHours, quietDelayMs } from "#app/notifications/quiet-hours.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { insertAudience } from "./audience.server.ts";
import { renderCampaignMail, type CampaignVersion } from "./campaign-mail.server.ts";

const BATCH_SIZE = 200;
const STALE_QUEUED_MS = 2 * 60_000;
const CAP_RETRY_MS = 60 * 60_000;
/** Members still at their daily cap this long after the start are left out. */
const SEND_WINDOW_MS = 3 * 24 * 3600_000;

const campaignMailId = (campaignId: number, userId: number) => `campaign-${campaignId}-${userId}`;

interface Totals {
  started: number;
  queued: number;
  deferred: number;
  skipped: number;
  finished: number;
}

/** Moves due campaigns to sending and writes their audience, in one transaction. */
async function startDue(now: Date) {
  return getDb().$transaction(async (tx) => {
    const due = await tx.$queryRaw<{ id: number; site_key: string; kind: CampaignKind; countries: string[]; genders: string[]; paid_user: boolean | null }[]>`
      UPDATE campaigns SET status = 'sending', started_at = ${now}, updated_at = ${now}
      WHERE status = 'scheduled' AND scheduled_at <= ${now}
      RETURNING id, site_key, kind, countries, genders::text[] AS genders, paid_user`;
    for (const c of due)
      await insertAudience(tx, c.id, { siteKey: c.site_key, kind: c.kind, countries: c.countries, genders: c.genders as never, paidUser: c.paid_user }, now);
    return due.length;
  });
}

interface Claimed {
  rowId: number;
  userId: number;
  email: string;
  name: string;
  locale: Locale;
}

type Decision = { status: "skipped"; reason: string } | { status: "later"; at: Date } | { status: "queued"; locale: Locale };

/** One batch of one campaign; what it claimed is mailed after the commit. */
async function claimBatch(campaignId: number, now: Date, size: number) {
  const quiet = parseQuietHours(getEnv().NOTIFICATION_QUIET_HOURS);
  return getDb().$transaction(async (tx: Prisma.TransactionClient) => {
    const [campaign] = await tx.$queryRaw<
      { id: number; site_key: string; kind: CampaignKind; versions: Record<string, CampaignVersion>; started_at: Date | null }[]
    >`
      SELECT id, site_key, kind, versions, started_at FROM campaigns WHERE id = ${campaignId} AND status = 'sending' FOR SHARE`;
    const site = campaign && getSiteRegistry().byKey.get(campaign.site_key);
    if (!campaign || !site) return null;
    // by member id: advisory locks of the cap taken in one order by every batch
    const rows = await tx.$queryRaw<{ id: number; user_id: number; status: string; locale: string | null }[]>`
      SELECT id, user_id, status::text AS status, locale FROM campaign_deliveries
      WHERE campaign_id = ${campaignId}
        AND ((status = 'pending' AND (not_before IS NULL OR not_before <= ${now}))
          OR (status = 'queued' AND updated_at < ${new Date(now.getTime() - STALE_QUEUED_MS)}))
      ORDER BY user_id LIMIT ${size} FOR UPDATE SKIP LOCKED`;
    const users = await tx.user.findMany({ where: { id: { in: rows.map((r) => r.user_id) } }, select: MAIL_RECIPIENT });
    const byId = new Map(users.map((u) => [u.id, u]));
    const claimed: Claimed[] = [];
    let deferred = 0,
      skipped = 0;
    for (const row of rows) {
      const user = byId.get(row.user_id);
      let decision: Decision;
      const refusal = mailRefusal(user ?? null, campaign.kind);
      if (!user || !user.profile || user.siteKey !== site.key) decision = { status: "skipped", reason: "not_eligible" };
      else if (row.status === "queued") decision = { status: "queued", locale: mailLocale(site, row.locale) };
      else if (refusal) decision = { status: "skipped", reason: refusal };
      else {
        const delayMs = quietDelayMs(quiet, user.profile.country, now);
        if (delayMs > 0) decision = { status: "later", at: new Date(now.getTime() + delayMs) };
        else {
          const claim = await claimNotificationMail(tx, { key: `campaign:${campaignId}:${user.id}`, userId: user.id, type: campaign.kind }, now);
          if (claim !== "capped") decision = { status: "queued", locale: mailLocale(site, user.language) };
          else if (now.getTime() - (campaign.started_at ?? now).getTime() > SEND_WINDOW_MS) decision = { status: "skipped", reason: "capped" };
          else decision = { status: "later", at: new Date(now.getTime() + CAP_RETRY_MS) };
        }
      }
      if (decision.status === "skipped") {
        skipped++;
        await tx.campaignDelivery.update({ where: { id: row.id }, data: { status: "skipped", reason: decision.reason, updatedAt: now } });
      } else if (decision.status === "later") {
        deferred++;
        await tx.campaignDelivery.update({ where: { id: row.id }, data: { notBefore: decision.at, updatedAt: now } });
      } else {
        await tx.campaignDelivery.update({ where: { id: row.id }, data: { status: "queued", locale: decision.locale, updatedAt: now } });
        claimed.push({ rowId: row.id, userId: user!.id, email: user!.email, name: user!.profile!.name, locale: decision.locale });
      }
    }
    return { campaign, site, rows: rows.length, claimed, deferred, skipped };
  });
}

async function sendBatch(campaignId: number, now: Date, size: number) {
  const batch = await claimBatch(campaignId, now, size);
  if (!batch) return null;
  const { campaign, site } = batch;
  const origin = siteOrigin(site);
  for (const c of batch.claimed) {
    const version = campaign.versions[c.locale] ?? campaign.versions[site.locales[0]!]!;
    const { message } = await renderCampaignMail({
      campaignId,
      kind: campaign.kind,
      site,
      origin,
      locale: c.locale,
      userId: c.userId,
      recipientName: c.name,
      version,
    });
    await enqueueMail({ siteKey: site.key, message: { ...message, to: c.email } }, campaignMailId(campaignId, c.userId));
    // the mail job may have delivered it already: only a row still queued becomes sent
    await getDb().campaignDelivery.updateMany({ where: { id: c.rowId, status: "queued" }, data: { status: "sent", sentAt: now, updatedAt: now } });
  }
  return batch;
}

/** The job: start what is due, then mail every sending campaign's due rows, batch after batch. */
export async function runCampaigns({ now = new Date(), batchSize = BATCH_SIZE, maxBatches = 100 } = {}): Promise<Totals> {
  const totals: Totals = { started: await startDue(now), queued: 0, deferred: 0, skipped: 0, finished: 0 };
  const sending = await getDb().campaign.findMany({ where: { status: "sending" }, select: { id: true }, orderBy: { id: "asc" } });
  for (const { id } of sending) {
    for (let i = 0; i < maxBatches; i++) {
      const batch = await sendBatch(id, now, batchSize);
      if (!batch) break;
      totals.queued += batch.claimed.length;
      totals.deferred += batch.deferred;
      totals.skipped += batch.skipped;
      if (batch.rows < batchSize) break;
    }
    totals.finished += await getDb().$executeRaw`
      UPDATE campaigns SET status = 'sent', finished_at = ${now}, updated_at = ${now}
      WHERE id = ${id} AND status = 'sending'
        AND NOT EXISTS (SELECT 1 FROM campaign_deliveries WHERE campaign_id = ${id} AND status IN ('pending', 'queued'))`;
  }
  return totals;
}
