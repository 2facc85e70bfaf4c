// /ops/report.csv: the traffic report of this site as CSV, opened with OPS_TOKEN (ADR 017).
import type { Route } from "./+types/ops.report-csv";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireOpsToken, reportDays, reportDetail } from "#app/tracking/ops-access.server.ts";
import { reportCsv, trafficReport } from "#app/tracking/report.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireOpsToken(request, context);
  const { site } = requestInfo(request, context);
  const url = new URL(request.url);
  const days = reportDays(url);
  const detail = reportDetail(url);
  const csv = reportCsv(await trafficReport(site.key, days, { detail }), detail);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="traffic-${site.key}-${days}d${detail === "subs" ? "-subs" : ""}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
