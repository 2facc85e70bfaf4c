// Who a campaign goes to: the members of its site who agreed to its kind (the news or promotions
// switch is on: not in users.notifications_off, which a new account starts with, ADR 041), with an
// active (confirmed) account, a real profile, mail not disabled for the address (a hard bounce,
// spam mark or unsubscribe), and the audience filter (countries, genders, paid or not).
// One SQL condition for the count the console shows and for the rows the sender inserts.
import { Prisma } from "#app/generated/prisma/client.ts";
import type { CampaignKind, Gender } from "#app/generated/prisma/enums.ts";
import { getDb, type Db } from "#app/utils/db.server.ts";

export interface Audience {
  siteKey: string;
  kind: CampaignKind;
  countries: string[];
  genders: Gender[];
  paidUser: boolean | null;
}

const where = (a: Audience) => Prisma.sql`
  u.site_key = ${a.siteKey}
  AND u.status = 'active'
  AND NOT p.fictional
  AND coalesce(cardinality(u.notifications_disabled), 0) = 0
  AND NOT (${a.kind}::"NotificationType" = ANY(coalesce(u.notifications_off, ARRAY[]::"NotificationType"[])))
  AND (cardinality(${a.countries}::text[]) = 0 OR p.country = ANY(${a.countries}::text[]))
  AND (cardinality(${a.genders}::text[]) = 0 OR p.gender::text = ANY(${a.genders}::text[]))
  AND (${a.paidUser}::boolean IS NULL OR u.paid_user = ${a.paidUser}::boolean)`;

/** How many members the audience holds now. */
export async function audienceSize(a: Audience, db: Db | Prisma.TransactionClient = getDb()) {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM users u JOIN profiles p ON p.user_id = u.id WHERE ${where(a)}`;
  return Number(row?.n ?? 0);
}

/** Writes one pending delivery row per member of the audience (the unique key keeps a second run from adding any). */
export function insertAudience(tx: Prisma.TransactionClient, campaignId: number, a: Audience, now: Date) {
  return tx.$executeRaw`
    INSERT INTO campaign_deliveries (campaign_id, user_id, status, updated_at)
    SELECT ${campaignId}, u.id, 'pending', ${now} FROM users u JOIN profiles p ON p.user_id = u.id WHERE ${where(a)}
    ON CONFLICT (campaign_id, user_id) DO NOTHING`;
}
