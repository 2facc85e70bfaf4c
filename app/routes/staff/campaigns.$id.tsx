// /staff/campaigns/:id?site=: one campaign: what it is, its audience now, the preview of its mail
// in each language, the form while it is a draft or scheduled, and its steps (schedule, back to
// draft, cancel). Every change is audited (app/campaigns/campaigns.server.ts).
import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/campaigns.$id";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { LOCALE_NAMES, type Locale } from "#app/i18n/locales.ts";
import { CampaignForm } from "#app/components/staff/campaigns/campaign-form.tsx";
import { CampaignsHeader } from "#app/components/staff/campaigns/campaigns-header.tsx";
import { utc } from "#app/components/staff/format.ts";
import { Facts } from "#app/components/staff/table.tsx";
import { Button, cx } from "#app/components/ui/index.ts";
import { campaignSchema, type CampaignInput } from "#app/campaigns/campaign-form.ts";
import { setCampaignStatus, siteCampaign, updateCampaign } from "#app/campaigns/campaigns.server.ts";
import { campaignPreview } from "#app/campaigns/preview.server.ts";
import type { CampaignResult } from "#app/campaigns/result.ts";
import { offerSite } from "#app/offers/site.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { countryName } from "#app/utils/format.ts";
import { errorResponse, formFields, parseId, parseSubmission, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "campaigns");
  const site = offerSite(request, context);
  const id = parseId(params.id);
  const campaign = id ? await siteCampaign(site, id) : null;
  if (!campaign) throw errorResponse(context, 404, "staff.campaigns.errors.notFound");
  const url = new URL(request.url);
  const done = z.enum(["created"]).safeParse(url.searchParams.get("done"));
  return {
    site: { key: site.key, countries: site.countries, locales: site.locales },
    campaign,
    preview: await campaignPreview(site, campaign, url.searchParams.get("lang")),
    done: done.success ? "staff.campaigns.done.created" : null,
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

const intent = z.enum(["save", "schedule", "unschedule", "cancel"]);
const STATUS_OF = { schedule: "scheduled", unschedule: "draft", cancel: "cancelled" } as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaffPermission(request, context, "campaigns");
  const site = offerSite(request, context);
  const id = parseId(params.id);
  const form = await readForm(request, context);
  const what = intent.safeParse(formFields(form).intent);
  if (!id || !what.success) return data({ answer: { ok: false, message: "messages.invalidInput" }, result: null }, 400);
  if (what.data !== "save") {
    const answer = await setCampaignStatus(staff, site, id, STATUS_OF[what.data]);
    return data({ answer: strip(answer), result: null }, answer.ok ? 200 : answer.status);
  }
  const submission = parseSubmission(form, campaignSchema(site));
  if (submission.status !== "success") return data<{ answer: null; result: SubmissionResult<string[]> }>({ answer: null, result: submission.reply() }, 400);
  const answer = await updateCampaign(staff, site, id, submission.value as CampaignInput);
  const result = answer.ok
    ? submission.reply()
    : answer.field
      ? submission.reply({ fieldErrors: { [answer.field]: [answer.message] } })
      : submission.reply({ formErrors: [answer.message] });
  return data({ answer: strip(answer), result }, answer.ok ? 200 : answer.status);
}

const strip = (r: CampaignResult) => ({ ok: r.ok, message: r.message });

function StepButton({ intent, label, variant = "outline" }: { intent: string; label: string; variant?: "outline" | "primary" }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" size="sm" variant={variant}>
        {label}
      </Button>
    </Form>
  );
}

export default function StaffCampaign({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const c = d.campaign;
  const editable = c.status === "draft" || c.status === "scheduled";
  const answer = actionData?.answer ?? (d.done ? { ok: true, message: d.done } : null);
  const every = t("staff.campaigns.everyone");
  return (
    <main className="flex flex-col gap-6">
      <CampaignsHeader site={d.site.key} sites={null} title={c.name} answer={answer} />
      <section className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5" aria-label={t("staff.campaigns.summary")}>
        <Facts
          testId="campaign-facts"
          items={[
            [t("staff.campaigns.status"), t(`staff.campaigns.statuses.${c.status}`)],
            [t("staff.campaigns.kind"), t(`staff.campaigns.kinds.${c.kind}`)],
            [t("staff.campaigns.countries"), c.countries.length ? c.countries.map((x) => countryName(x, i18n.language)).join(", ") : every],
            [t("staff.campaigns.genders"), c.genders.length ? c.genders.map((g) => t(`staff.campaigns.genderOptions.${g}`)).join(", ") : every],
            [t("staff.campaigns.paid"), t(`staff.campaigns.paidOptions.${c.paidUser == null ? "all" : c.paidUser ? "paid" : "free"}`)],
            [t("staff.campaigns.scheduledAt"), utc(c.scheduledAt)],
            ...(c.audienceNow != null ? [[t("staff.campaigns.audienceNow"), String(c.audienceNow)] as [string, string]] : []),
          ]}
        />
        <div className="flex flex-wrap items-center gap-2">
          {c.status === "draft" ? <StepButton intent="schedule" label={t("staff.campaigns.schedule")} variant="primary" /> : null}
          {c.status === "scheduled" ? <StepButton intent="unschedule" label={t("staff.campaigns.unschedule")} /> : null}
          {c.status === "draft" || c.status === "scheduled" || c.status === "sending" ? (
            <StepButton intent="cancel" label={t("staff.campaigns.cancel")} />
          ) : null}
          <Link to={`/staff/campaigns/${c.id}/report?site=${d.site.key}`} className="text-sm underline">
            {t("staff.campaigns.reportLink")}
          </Link>
        </div>
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="campaign-preview">
        <h2 id="campaign-preview" className="text-lg font-semibold">
          {t("staff.campaigns.preview")}
        </h2>
        <nav aria-label={t("staff.campaigns.previewLanguages")} className="flex flex-wrap gap-2 text-sm">
          {d.site.locales.map((l) => (
            <Link
              key={l}
              to={`/staff/campaigns/${c.id}?site=${d.site.key}&lang=${l}`}
              preventScrollReset
              aria-current={l === d.preview.locale ? "page" : undefined}
              className={cx("rounded-full px-4 py-2 font-semibold ring-1 ring-black/10", l === d.preview.locale ? "bg-primary text-white" : "bg-white")}
            >
              {LOCALE_NAMES[l as Locale] ?? l}
            </Link>
          ))}
        </nav>
        {d.preview.html ? (
          <div className="flex flex-col gap-2 sm:max-w-3xl">
            <p className="text-sm" data-testid="campaign-preview-subject">
              <span className="font-medium">{t("staff.campaigns.subject")}:</span> {d.preview.subject}
            </p>
            <iframe
              title={t("staff.campaigns.preview")}
              srcDoc={d.preview.html}
              sandbox=""
              className="h-[32rem] w-full rounded-lg bg-white ring-1 ring-black/10"
            />
          </div>
        ) : (
          <p className="text-sm text-black/60">{t("staff.campaigns.noVersion")}</p>
        )}
      </section>
      {editable ? (
        <CampaignForm
          key={c.updatedAt.toString()}
          action={`/staff/campaigns/${c.id}?site=${d.site.key}`}
          site={d.site}
          edit={c}
          lastResult={actionData?.result}
        />
      ) : null}
    </main>
  );
}
