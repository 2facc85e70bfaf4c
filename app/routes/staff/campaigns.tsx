// /staff/campaigns?site=: a site's news and promotion campaigns, newest first, with their counts
// so far (app/campaigns/campaigns.server.ts). Admins and marketing staff.
import { Link } from "react-router";
import type { Route } from "./+types/campaigns";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CampaignsHeader } from "#app/components/staff/campaigns/campaigns-header.tsx";
import { utc } from "#app/components/staff/format.ts";
import { StaffTable } from "#app/components/staff/table.tsx";
import { siteCampaigns } from "#app/campaigns/campaigns.server.ts";
import { offerSite, offerSites } from "#app/offers/site.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "campaigns");
  const site = offerSite(request, context);
  return { site: site.key, sites: offerSites(), campaigns: await siteCampaigns(site) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function StaffCampaigns({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main>
      <CampaignsHeader site={d.site} sites={d.sites} />
      <Link to={`/staff/campaigns/new?site=${d.site}`} className="mt-4 inline-block rounded-full bg-primary px-4 py-2 text-sm font-semibold text-white">
        {t("staff.campaigns.new")}
      </Link>
      <StaffTable
        title={t("staff.campaigns.listTitle")}
        testId="campaigns"
        headers={[
          t("staff.campaigns.summary"),
          t("staff.campaigns.kind"),
          t("staff.campaigns.status"),
          t("staff.campaigns.scheduledAt"),
          t("staff.campaigns.report.sent"),
          t("staff.campaigns.report.delivered"),
          t("staff.campaigns.report.bounced"),
          t("staff.campaigns.report.unsubscribed"),
        ]}
        rows={d.campaigns.map((c) => [
          <Link key="n" to={`/staff/campaigns/${c.id}?site=${d.site}`} className="underline">
            {c.name}
          </Link>,
          t(`staff.campaigns.kinds.${c.kind}`),
          t(`staff.campaigns.statuses.${c.status}`),
          utc(c.scheduledAt),
          c.report.sent,
          c.report.delivered,
          c.report.bounced,
          c.report.unsubscribed,
        ])}
      />
    </main>
  );
}
