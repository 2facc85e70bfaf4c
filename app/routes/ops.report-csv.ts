// /ops/report.csv: the traffic report of this site as CSV, opened with OPS_TOKEN (ADR 017).
import type { Route } from "./+types/ops.report-csv";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireOpsToken, reportDays } from "#app/tracking/ops-access.server.ts";
import { reportCsv, trafficReport } from "#app/tracking/report.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireOpsToken(request, context);
  const { site } = requestInfo(request, context);
  const days = reportDays(new URL(request.url));
  const csv = reportCsv(await trafficReport(site.key, days));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="traffic-${site.key}-${days}d.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
