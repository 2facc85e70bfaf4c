// The traffic report (ADR 017): per day and traffic source (network + ref, or down to sub1 to
// sub3) of one site, the
// visits (stored visit records), page bounces (lb=1), signups, activations, first payments and
// revenue of the members that source brought. Always one site: the request's.
import { getDb } from "#app/utils/db.server.ts";

export const MAX_REPORT_DAYS = 366;

const SOURCE_COLUMNS = ["network", "ref", "sub1", "sub2", "sub3"] as const;
export type SourceColumn = (typeof SOURCE_COLUMNS)[number];
/** network + ref (the default), or down to the sub-ids a marketer passes (sub1 to sub3) */
export type ReportDetail = "source" | "subs";
export const detailColumns = (detail: ReportDetail): readonly SourceColumn[] => (detail === "subs" ? SOURCE_COLUMNS : SOURCE_COLUMNS.slice(0, 2));

export interface ReportRow {
  day: string;
  /** the source's values, one per column of the detail ('' when none was given) */
  source: Partial<Record<SourceColumn, string>>;
  visits: number;
  bounces: number;
  signups: number;
  activations: number;
  firstPayments: number;
  /** completed payments less refunds, in cents, per currency */
  revenue: Record<string, number>;
}

type Raw = { day: Date; n: bigint | number; currency?: string } & Partial<Record<SourceColumn, string>>;

/** Rows newest day first, then by source; `days` back from today (UTC), today included. */
export async function trafficReport(siteKey: string, days: number, { detail = "source" as ReportDetail, now = new Date() } = {}): Promise<ReportRow[]> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const db = getDb();
  const columns = detailColumns(detail);
  // the column names come from SOURCE_COLUMNS, never from the request
  const pick = (table: string) => columns.map((c) => `coalesce(${table}.${c}, '') AS ${c}`).join(", ");
  const groupBy = columns.map((_, i) => i + 2).join(", ");
  // a member's source: the visit their signup was attached to (the first one, should there be more)
  const memberSource = `LEFT JOIN LATERAL (SELECT ${columns.map((c) => `t.${c}`).join(", ")} FROM trackings t WHERE t.user_id = u.id AND t.site_key = u.site_key ORDER BY t.id LIMIT 1) src ON true`;
  const [visits, bounces, signups, activations, firstPayments, revenue] = await Promise.all([
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', created_at) AS day, ${pick("trackings")}, count(*) AS n
       FROM trackings WHERE site_key = $1 AND created_at >= $2 GROUP BY 1, ${groupBy}`,
      siteKey,
      since,
    ),
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', created_at) AS day, ${pick("trackings")}, sum(bounces) AS n
       FROM trackings WHERE site_key = $1 AND created_at >= $2 AND bounces > 0 GROUP BY 1, ${groupBy}`,
      siteKey,
      since,
    ),
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', u.signup_date) AS day, ${pick("src")}, count(*) AS n
       FROM users u ${memberSource} WHERE u.site_key = $1 AND u.signup_date >= $2 GROUP BY 1, ${groupBy}`,
      siteKey,
      since,
    ),
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', u.confirmed_at) AS day, ${pick("src")}, count(*) AS n
       FROM users u ${memberSource} WHERE u.site_key = $1 AND u.confirmed_at >= $2 GROUP BY 1, ${groupBy}`,
      siteKey,
      since,
    ),
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', f.first_at) AS day, ${pick("src")}, count(*) AS n
       FROM (SELECT p.user_id, min(p.completed_at) AS first_at FROM payments p
             WHERE p.site_key = $1 AND p.completed_at IS NOT NULL GROUP BY p.user_id) f
       JOIN users u ON u.id = f.user_id ${memberSource}
       WHERE f.first_at >= $2 GROUP BY 1, ${groupBy}`,
      siteKey,
      since,
    ),
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', p.completed_at) AS day, ${pick("src")}, p.currency AS currency,
              sum(p.amount_cents - p.refunded_cents) AS n
       FROM payments p JOIN users u ON u.id = p.user_id ${memberSource}
       WHERE p.site_key = $1 AND p.completed_at >= $2 AND p.status IN ('completed', 'refunded') GROUP BY 1, ${groupBy}, ${columns.length + 2}`,
      siteKey,
      since,
    ),
  ]);
  const rows = new Map<string, ReportRow>();
  const row = (r: Raw) => {
    const day = r.day.toISOString().slice(0, 10);
    const source = Object.fromEntries(columns.map((c) => [c, r[c] ?? ""]));
    const key = JSON.stringify([day, ...columns.map((c) => source[c])]);
    let found = rows.get(key);
    if (!found) {
      found = { day, source, visits: 0, bounces: 0, signups: 0, activations: 0, firstPayments: 0, revenue: {} };
      rows.set(key, found);
    }
    return found;
  };
  for (const r of visits) row(r).visits += Number(r.n);
  for (const r of bounces) row(r).bounces += Number(r.n);
  for (const r of signups) row(r).signups += Number(r.n);
  for (const r of activations) row(r).activations += Number(r.n);
  for (const r of firstPayments) row(r).firstPayments += Number(r.n);
  for (const r of revenue) {
    const target = row(r).revenue;
    target[r.currency!] = (target[r.currency!] ?? 0) + Number(r.n);
  }
  const bySource = (a: ReportRow, b: ReportRow) => columns.reduce((order, c) => order || (a.source[c] ?? "").localeCompare(b.source[c] ?? ""), 0);
  return [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || bySource(a, b));
}

export function reportTotals(rows: ReportRow[]) {
  const total = { visits: 0, bounces: 0, signups: 0, activations: 0, firstPayments: 0, revenue: {} as Record<string, number> };
  for (const r of rows) {
    total.visits += r.visits;
    total.bounces += r.bounces;
    total.signups += r.signups;
    total.activations += r.activations;
    total.firstPayments += r.firstPayments;
    for (const [c, v] of Object.entries(r.revenue)) total.revenue[c] = (total.revenue[c] ?? 0) + v;
  }
  return total;
}

const csvCell = (v: string | number) => {
  const s = String(v);
  // a cell that a spreadsheet would run as a formula is quoted with a leading apostrophe
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function reportCsv(rows: ReportRow[], detail: ReportDetail = "source") {
  const columns = detailColumns(detail);
  const currencies = [...new Set(rows.flatMap((r) => Object.keys(r.revenue)))].sort();
  const header = ["day", ...columns, "visits", "bounces", "signups", "activations", "first_payments", ...currencies.map((c) => `revenue_${c}`)];
  const lines = rows.map((r) => [
    r.day,
    ...columns.map((c) => r.source[c] ?? ""),
    r.visits,
    r.bounces,
    r.signups,
    r.activations,
    r.firstPayments,
    ...currencies.map((c) => ((r.revenue[c] ?? 0) / 100).toFixed(2)),
  ]);
  return [header, ...lines].map((l) => l.map(csvCell).join(",")).join("\n") + "\n";
}
