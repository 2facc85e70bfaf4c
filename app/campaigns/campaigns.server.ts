// The campaign console's changes and reads: create and edit a draft or scheduled campaign,
// schedule it, take it back to draft, cancel it, and its report. Each change locks the campaign
// row, checks its status, and commits with its audit entry (before and after) in one transaction;
// a refused change writes nothing. Every id is checked against the site it is asked for.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { CampaignDeliveryStatus, CampaignStatus } from "#app/generated/prisma/enums.ts";
import { audit } from "#app/staff/audit.server.ts";
import type { StaffUser } from "#app/staff/session.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { audienceSize } from "./audience.server.ts";
import type { CampaignVersion } from "./campaign-mail.server.ts";
import { versionsOf, type CampaignInput } from "./campaign-form.ts";
import type { CampaignResult } from "./result.ts";

type Tx = Prisma.TransactionClient;
const E = "staff.campaigns.errors";
/** A schedule may name a time this far in the past at most (a slow form): it then goes out at once. */
const PAST_SLACK_MS = 5 * 60_000;

const EDITABLE: readonly CampaignStatus[] = ["draft", "scheduled"];
const CANCELLABLE: readonly CampaignStatus[] = ["draft", "scheduled", "sending"];

const refuse = (message: string, status: number, field?: string): CampaignResult => ({
  ok: false,
  message: `${E}.${message}`,
  status,
  ...(field ? { field } : {}),
});

function dataOf(site: Site, input: CampaignInput) {
  return {
    name: input.name,
    kind: input.kind,
    countries: input.countries,
    genders: input.genders,
    paidUser: input.paid === "all" ? null : input.paid === "paid",
    versions: versionsOf(input, site.locales),
    scheduledAt: input.scheduledAt,
  };
}

const snapshot = (c: {
  name: string;
  kind: string;
  countries: string[];
  genders: string[];
  paidUser: boolean | null;
  scheduledAt: Date | null;
  status: string;
  versions: unknown;
}) => ({
  name: c.name,
  kind: c.kind,
  countries: c.countries,
  genders: c.genders,
  paidUser: c.paidUser,
  scheduledAt: c.scheduledAt?.toISOString() ?? null,
  status: c.status,
  versions: c.versions as Prisma.InputJsonValue,
});

/** The campaign row of this site, locked for the rest of the transaction; null when it is another site's or none. */
async function lockCampaign(tx: Tx, site: Site, id: number) {
  const [row] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM campaigns WHERE id = ${id} AND site_key = ${site.key} FOR UPDATE`;
  return row ? tx.campaign.findUniqueOrThrow({ where: { id } }) : null;
}

export async function createCampaign(staff: StaffUser, site: Site, input: CampaignInput): Promise<CampaignResult> {
  return getDb().$transaction(async (tx) => {
    const campaign = await tx.campaign.create({ data: { ...dataOf(site, input), siteKey: site.key, createdBy: staff.id } });
    await audit(staff, { action: "campaigns.create", siteKey: site.key, after: { id: campaign.id, ...snapshot(campaign) } }, tx);
    return { ok: true, message: "staff.campaigns.done.created", id: campaign.id };
  });
}

export async function updateCampaign(staff: StaffUser, site: Site, id: number, input: CampaignInput): Promise<CampaignResult> {
  return getDb().$transaction(async (tx) => {
    const before = await lockCampaign(tx, site, id);
    if (!before) return refuse("notFound", 404);
    if (!EDITABLE.includes(before.status)) return refuse("notEditable", 409);
    if (before.status === "scheduled" && !input.scheduledAt) return refuse("timeNeeded", 400, "scheduledAt");
    const after = await tx.campaign.update({ where: { id }, data: dataOf(site, input) });
    await audit(staff, { action: "campaigns.update", siteKey: site.key, before: { id, ...snapshot(before) }, after: { id, ...snapshot(after) } }, tx);
    return { ok: true, message: "staff.campaigns.done.saved", id };
  });
}

/** draft → scheduled (it needs a time, not in the past); scheduled → draft (stopped, to be edited); → cancelled. */
export async function setCampaignStatus(
  staff: StaffUser,
  site: Site,
  id: number,
  to: "scheduled" | "draft" | "cancelled",
  now = new Date(),
): Promise<CampaignResult> {
  return getDb().$transaction(async (tx) => {
    const before = await lockCampaign(tx, site, id);
    if (!before) return refuse("notFound", 404);
    const from = before.status;
    if (to === "scheduled") {
      if (from !== "draft") return refuse("notEditable", 409);
      if (!before.scheduledAt) return refuse("timeNeeded", 400, "scheduledAt");
      if (before.scheduledAt.getTime() < now.getTime() - PAST_SLACK_MS) return refuse("timePast", 400, "scheduledAt");
    } else if (to === "draft") {
      if (from !== "scheduled") return refuse("notEditable", 409);
    } else if (!CANCELLABLE.includes(from)) return refuse("notCancellable", 409);
    const after = await tx.campaign.update({ where: { id }, data: { status: to, ...(to === "cancelled" ? { finishedAt: now } : {}) } });
    // a cancelled campaign mails nobody more: the rows not yet claimed are left out
    if (to === "cancelled")
      await tx.campaignDelivery.updateMany({ where: { campaignId: id, status: "pending" }, data: { status: "skipped", reason: "cancelled", updatedAt: now } });
    const action = to === "scheduled" ? "campaigns.schedule" : to === "draft" ? "campaigns.unschedule" : "campaigns.cancel";
    await audit(staff, { action, siteKey: site.key, before: { id, ...snapshot(before) }, after: { id, ...snapshot(after) } }, tx);
    const message =
      to === "scheduled" ? "staff.campaigns.done.scheduled" : to === "draft" ? "staff.campaigns.done.unscheduled" : "staff.campaigns.done.cancelled";
    return { ok: true, message, id };
  });
}

const STATUSES: CampaignDeliveryStatus[] = ["pending", "queued", "sent", "delivered", "bounced", "unsubscribed", "skipped"];
export type DeliveryCounts = Record<CampaignDeliveryStatus, number>;

async function countsOf(ids: number[]) {
  const groups = ids.length
    ? await getDb().campaignDelivery.groupBy({ by: ["campaignId", "status"], where: { campaignId: { in: ids } }, _count: { _all: true } })
    : [];
  const counts = new Map<number, DeliveryCounts>(ids.map((id) => [id, Object.fromEntries(STATUSES.map((s) => [s, 0])) as DeliveryCounts]));
  for (const g of groups) counts.get(g.campaignId)![g.status] = g._count._all;
  return counts;
}

/**
 * What the report shows: "sent" counts every mail handed to the mail queue (whatever happened to
 * it after), of which delivered (accepted by the SMTP server), bounced and unsubscribed; rows
 * still waiting and rows left out apart.
 */
function reportOf(c: DeliveryCounts) {
  const sent = c.sent + c.delivered + c.bounced + c.unsubscribed;
  return {
    audience: sent + c.pending + c.queued + c.skipped,
    waiting: c.pending + c.queued,
    sent,
    delivered: c.delivered,
    bounced: c.bounced,
    unsubscribed: c.unsubscribed,
    skipped: c.skipped,
  };
}

export async function siteCampaigns(site: Site) {
  const rows = await getDb().campaign.findMany({
    where: { siteKey: site.key },
    orderBy: { id: "desc" },
    take: 200,
    select: { id: true, name: true, kind: true, status: true, scheduledAt: true, createdAt: true },
  });
  const counts = await countsOf(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, report: reportOf(counts.get(r.id)!) }));
}

export async function siteCampaign(site: Site, id: number) {
  const c = await getDb().campaign.findFirst({ where: { id, siteKey: site.key } });
  if (!c) return null;
  const counts = (await countsOf([id])).get(id)!;
  const size = EDITABLE.includes(c.status)
    ? await audienceSize({ siteKey: c.siteKey, kind: c.kind, countries: c.countries, genders: c.genders, paidUser: c.paidUser })
    : null;
  return { ...c, versions: c.versions as unknown as Record<string, CampaignVersion>, report: reportOf(counts), audienceNow: size };
}
