// /staff/campaigns/:id/report?site=: what became of a campaign's mails: its audience, the mails
// sent, delivered (accepted by the receiving server), bounced and unsubscribed, those still
// waiting (night in the member's country, the daily cap) and those left out.
import { Link } from "react-router";
import type { Route } from "./+types/campaigns.$id.report";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CampaignsHeader } from "#app/components/staff/campaigns/campaigns-header.tsx";
import { utc } from "#app/components/staff/format.ts";
import { Facts } from "#app/components/staff/table.tsx";
import { siteCampaign } from "#app/campaigns/campaigns.server.ts";
import { offerSite } from "#app/offers/site.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { errorResponse, parseId } from "#app/utils/request.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "campaigns");
  const site = offerSite(request, context);
  const id = parseId(params.id);
  const campaign = id ? await siteCampaign(site, id) : null;
  if (!campaign) throw errorResponse(context, 404, "staff.campaigns.errors.notFound");
  const { id: cid, name, status, startedAt, finishedAt, report } = campaign;
  return { site: site.key, campaign: { id: cid, name, status, startedAt, finishedAt, report } };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

const percent = (part: number, whole: number) => (whole ? ` (${Math.round((part / whole) * 100)} %)` : "");

export default function CampaignReport({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const c = d.campaign;
  const r = c.report;
  return (
    <main className="flex flex-col gap-4">
      <CampaignsHeader site={d.site} sites={null} title={t("staff.campaigns.reportTitle", { name: c.name })} />
      <Link to={`/staff/campaigns/${c.id}?site=${d.site}`} className="text-sm underline">
        {t("staff.campaigns.toCampaign")}
      </Link>
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:max-w-xl" aria-label={t("staff.campaigns.reportLink")}>
        <Facts
          testId="campaign-report"
          items={[
            [t("staff.campaigns.status"), t(`staff.campaigns.statuses.${c.status}`)],
            [t("staff.campaigns.report.started"), utc(c.startedAt)],
            [t("staff.campaigns.report.finished"), utc(c.finishedAt)],
            [t("staff.campaigns.report.audience"), String(r.audience)],
            [t("staff.campaigns.report.sent"), String(r.sent)],
            [t("staff.campaigns.report.delivered"), `${r.delivered}${percent(r.delivered, r.sent)}`],
            [t("staff.campaigns.report.bounced"), `${r.bounced}${percent(r.bounced, r.sent)}`],
            [t("staff.campaigns.report.unsubscribed"), `${r.unsubscribed}${percent(r.unsubscribed, r.sent)}`],
            [t("staff.campaigns.report.waiting"), String(r.waiting)],
            [t("staff.campaigns.report.skipped"), String(r.skipped)],
          ]}
        />
        <p className="mt-3 text-xs text-black/60">{t("staff.campaigns.report.help")}</p>
      </section>
    </main>
  );
}
