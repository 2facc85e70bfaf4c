// /staff/campaigns/new?site=: a new campaign for the site, saved as a draft; then its page.
import { data, redirect } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/campaigns.new";
import { CampaignForm } from "#app/components/staff/campaigns/campaign-form.tsx";
import { CampaignsHeader } from "#app/components/staff/campaigns/campaigns-header.tsx";
import { campaignSchema, type CampaignInput } from "#app/campaigns/campaign-form.ts";
import { createCampaign } from "#app/campaigns/campaigns.server.ts";
import { offerSite, offerSites } from "#app/offers/site.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { parseSubmission, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "campaigns");
  const site = offerSite(request, context);
  return { site: { key: site.key, countries: site.countries, locales: site.locales }, sites: offerSites() };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaffPermission(request, context, "campaigns");
  const site = offerSite(request, context);
  const submission = parseSubmission(await readForm(request, context), campaignSchema(site));
  if (submission.status !== "success") return data<{ result: SubmissionResult<string[]> }>({ result: submission.reply() }, 400);
  const result = await createCampaign(staff, site, submission.value as CampaignInput);
  if (!result.ok) return data({ result: submission.reply({ formErrors: [result.message] }) }, result.status);
  return redirect(`/staff/campaigns/${result.id}?site=${site.key}&done=created`);
}

export default function NewCampaign({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <main>
      <CampaignsHeader site={d.site.key} sites={d.sites} />
      <CampaignForm action={`/staff/campaigns/new?site=${d.site.key}`} site={d.site} edit={null} lastResult={actionData?.result} />
    </main>
  );
}
