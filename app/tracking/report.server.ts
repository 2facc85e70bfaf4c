// The traffic report (ADR 017): per day and traffic source (network + ref) of one site, the
// visits (stored visit records), page bounces (lb=1), signups, activations, first payments and
// revenue of the members that source brought. Always one site: the request's.
import { getDb } from "#app/utils/db.server.ts";

export const MAX_REPORT_DAYS = 366;

export interface ReportRow {
  day: string;
  network: string;
  ref: string;
  visits: number;
  bounces: number;
  signups: number;
  activations: number;
  firstPayments: number;
  /** completed payments less refunds, in cents, per currency */
  revenue: Record<string, number>;
}

type Raw = { day: Date; network: string; ref: string; n: bigint | number; currency?: string };

/** Rows newest day first, then by source; `days` back from today (UTC), today included. */
export async function trafficReport(siteKey: string, days: number, now = new Date()): Promise<ReportRow[]> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const db = getDb();
  // a member's source: the visit their signup was attached to (the first one, should there be more)
  const memberSource = `LEFT JOIN LATERAL (SELECT t.network, t.ref FROM trackings t WHERE t.user_id = u.id AND t.site_key = u.site_key ORDER BY t.id LIMIT 1) src ON true`;
  const [visits, bounces, signups, activations, firstPayments, revenue] = await Promise.all([
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', created_at) AS day, coalesce(network, '') AS network, coalesce(ref, '') AS ref, count(*) AS n
       FROM trackings WHERE site_key = $1 AND created_at >= $2 GROUP BY 1, 2, 3`, siteKey, since),
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', created_at) AS day, coalesce(network, '') AS network, coalesce(ref, '') AS ref, sum(bounces) AS n
       FROM trackings WHERE site_key = $1 AND created_at >= $2 AND bounces > 0 GROUP BY 1, 2, 3`, siteKey, since),
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', u.signup_date) AS day, coalesce(src.network, '') AS network, coalesce(src.ref, '') AS ref, count(*) AS n
       FROM users u ${memberSource} WHERE u.site_key = $1 AND u.signup_date >= $2 GROUP BY 1, 2, 3`, siteKey, since),
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', u.confirmed_at) AS day, coalesce(src.network, '') AS network, coalesce(src.ref, '') AS ref, count(*) AS n
       FROM users u ${memberSource} WHERE u.site_key = $1 AND u.confirmed_at >= $2 GROUP BY 1, 2, 3`, siteKey, since),
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', f.first_at) AS day, coalesce(src.network, '') AS network, coalesce(src.ref, '') AS ref, count(*) AS n
       FROM (SELECT p.user_id, min(p.completed_at) AS first_at FROM payments p
             WHERE p.site_key = $1 AND p.completed_at IS NOT NULL GROUP BY p.user_id) f
       JOIN users u ON u.id = f.user_id ${memberSource}
       WHERE f.first_at >= $2 GROUP BY 1, 2, 3`, siteKey, since),
    db.$queryRawUnsafe<Raw[]>(
      `SELECT date_trunc('day', p.completed_at) AS day, coalesce(src.network, '') AS network, coalesce(src.ref, '') AS ref, p.currency AS currency,
              sum(p.amount_cents - p.refunded_cents) AS n
       FROM payments p JOIN users u ON u.id = p.user_id ${memberSource}
       WHERE p.site_key = $1 AND p.completed_at >= $2 AND p.status IN ('completed', 'refunded') GROUP BY 1, 2, 3, 4`, siteKey, since),
  ]);
  const rows = new Map<string, ReportRow>();
  const row = (r: Raw) => {
    const day = r.day.toISOString().slice(0, 10);
    const key = JSON.stringify([day, r.network, r.ref]);
    let found = rows.get(key);
    if (!found) {
      found = { day, network: r.network, ref: r.ref, visits: 0, bounces: 0, signups: 0, activations: 0, firstPayments: 0, revenue: {} };
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
  return [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || a.network.localeCompare(b.network) || a.ref.localeCompare(b.ref));
}

export function reportTotals(rows: ReportRow[]) {
  const total = { visits: 0, bounces: 0, signups: 0, activations: 0, firstPayments: 0, revenue: {} as Record<string, number> };
  for (const r of rows) {
    total.visits += r.visits; total.bounces += r.bounces; total.signups += r.signups;
    total.activations += r.activations; total.firstPayments += r.firstPayments;
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

export function reportCsv(rows: ReportRow[]) {
  const currencies = [...new Set(rows.flatMap((r) => Object.keys(r.revenue)))].sort();
  const header = ["day", "network", "ref", "visits", "bounces", "signups", "activations", "first_payments", ...currencies.map((c) => `revenue_${c}`)];
  const lines = rows.map((r) => [r.day, r.network, r.ref, r.visits, r.bounces, r.signups, r.activations, r.firstPayments, ...currencies.map((c) => ((r.revenue[c] ?? 0) / 100).toFixed(2))]);
  return [header, ...lines].map((l) => l.map(csvCell).join(",")).join("\n") + "\n";
}
