// /ops: the traffic report of this site for operators, opened with OPS_TOKEN (ADR 017).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import type { Route } from "./+types/ops";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireOpsToken, reportDays, reportDetail } from "#app/tracking/ops-access.server.ts";
import { detailColumns, reportTotals, trafficReport } from "#app/tracking/report.server.ts";
import { formatRevenue } from "#app/tracking/report-format.ts";
import { Button, Card, Checkbox, TextField } from "#app/components/ui/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = requireOpsToken(request, context);
  const { site } = requestInfo(request, context);
  const url = new URL(request.url);
  const days = reportDays(url);
  const detail = reportDetail(url);
  const rows = await trafficReport(site.key, days, { detail });
  return { token, days, detail, columns: detailColumns(detail), siteName: site.name, rows, total: reportTotals(rows) };
}

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

// the site's title from the root, and no indexing
export const meta: Route.MetaFunction = ({ matches }) => [...(matches.find((m) => m?.id === "root")?.meta ?? []), { name: "robots", content: "noindex" }];

export default function Ops({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const source = (v: string) => v || t("landerPages.ops.noSource");
  const csv = `/ops/report.csv?${new URLSearchParams({ token: d.token, days: String(d.days), ...(d.detail === "subs" ? { detail: "subs" } : {}) })}`;
  return (
    <main className="container-site py-8">
      <h1 className="text-2xl font-black">{t("landerPages.ops.title")}</h1>
      <p className="mt-1 text-black/70">{t("landerPages.ops.intro", { siteName: d.siteName })}</p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="token" value={d.token} />
          <TextField type="number" name="days" min={1} max={366} defaultValue={d.days} label={t("landerPages.ops.days")} className="w-24" />
          <Checkbox name="detail" value="subs" defaultChecked={d.detail === "subs"} label={t("landerPages.ops.bySubIds")} className="mb-2.5" />
          <Button type="submit" className="h-11">
            {t("landerPages.ops.show")}
          </Button>
        </Form>
        <a href={csv} className="mb-3 font-semibold text-primary underline" data-testid="ops-csv">
          {t("landerPages.ops.csv")}
        </a>
      </div>
      {d.rows.length === 0 ? (
        <p className="mt-6" data-testid="ops-empty">
          {t("landerPages.ops.empty")}
        </p>
      ) : (
        <Card padding="none" className="mt-6 overflow-x-auto">
          <table className="min-w-full border-collapse text-sm" data-testid="ops-report">
            <thead>
              <tr className="border-b text-left">
                {["day", ...d.columns, "visits", "bounces", "signups", "activations", "firstPayments", "revenue"].map((k) => (
                  <th key={k} className="px-2 py-1">
                    {t(`landerPages.ops.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr
                  key={[r.day, ...d.columns.map((c) => r.source[c])].join("|")}
                  className="border-b"
                  data-testid="ops-row"
                  data-network={r.source.network}
                  data-ref={r.source.ref}
                  data-sub1={r.source.sub1}
                >
                  <td className="px-2 py-1 whitespace-nowrap">{r.day}</td>
                  {d.columns.map((c) => (
                    <td key={c} className="px-2 py-1">
                      {source(r.source[c] ?? "")}
                    </td>
                  ))}
                  <td className="px-2 py-1" data-col="visits">
                    {r.visits}
                  </td>
                  <td className="px-2 py-1" data-col="bounces">
                    {r.bounces}
                  </td>
                  <td className="px-2 py-1" data-col="signups">
                    {r.signups}
                  </td>
                  <td className="px-2 py-1" data-col="activations">
                    {r.activations}
                  </td>
                  <td className="px-2 py-1" data-col="firstPayments">
                    {r.firstPayments}
                  </td>
                  <td className="px-2 py-1 whitespace-nowrap" data-col="revenue">
                    {formatRevenue(r.revenue)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-bold">
                <td className="px-2 py-1" colSpan={d.columns.length + 1}>
                  {t("landerPages.ops.total")}
                </td>
                <td className="px-2 py-1">{d.total.visits}</td>
                <td className="px-2 py-1">{d.total.bounces}</td>
                <td className="px-2 py-1">{d.total.signups}</td>
                <td className="px-2 py-1">{d.total.activations}</td>
                <td className="px-2 py-1">{d.total.firstPayments}</td>
                <td className="px-2 py-1 whitespace-nowrap">{formatRevenue(d.total.revenue)}</td>
              </tr>
            </tfoot>
          </table>
        </Card>
      )}
    </main>
  );
}
