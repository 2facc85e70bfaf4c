// /staff/offers/codes?site=[&edit=id]: a site's typed discount codes with their usage so far;
// create, edit, disable and enable the site's own (app/offers/codes.server.ts). Codes for every
// site are listed and not changed here.
import { z } from "zod";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Link } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/offers.codes";
import { CodeActiveForm, CodeForm } from "#app/components/staff/offers/code-form.tsx";
import { OffersHeader } from "#app/components/staff/offers/offers-header.tsx";
import { utc } from "#app/components/staff/format.ts";
import { StaffTable } from "#app/components/staff/table.tsx";
import { codeForm } from "#app/offers/offer-forms.ts";
import { createCode, offerCodes, setCodeActive, updateCode } from "#app/offers/codes.server.ts";
import type { OfferResult } from "#app/offers/result.ts";
import { offerSite, offerSites } from "#app/offers/site.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { parseId, parseSubmission, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "offers");
  const site = offerSite(request, context);
  const codes = await offerCodes(site);
  const editId = parseId(new URL(request.url).searchParams.get("edit"));
  const edit = codes.find((c) => c.id === editId && c.siteKey === site.key) ?? null;
  return { site: site.key, sites: offerSites(), countries: site.countries, codes, edit };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

const intent = z.enum(["create", "update", "disable", "enable"]);

type Answer = { answer?: Omit<OfferResult, "status">; result?: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaffPermission(request, context, "offers");
  const site = offerSite(request, context);
  const form = await readForm(request, context);
  const what = intent.safeParse(form.get("intent"));
  const id = parseId(form.get("id"));
  const answer = (result: OfferResult, reply?: SubmissionResult<string[]>) => {
    const { status, ...rest } = result.ok ? { ...result, status: 200 } : result;
    return data<Answer>({ answer: rest, ...(reply ? { result: reply } : {}) }, status);
  };
  if (!what.success || (what.data !== "create" && !id)) return answer({ ok: false, status: 400, message: "messages.invalidInput" });
  if (what.data === "disable" || what.data === "enable") return answer(await setCodeActive(staff, site, id!, what.data === "enable"));
  // the code's form: checked with codeForm in the browser too; its errors come back under the fields
  const submission = parseSubmission(form, codeForm);
  if (submission.status !== "success") return data<Answer>({ result: submission.reply() }, 400);
  const result = what.data === "create" ? await createCode(staff, site, submission.value) : await updateCode(staff, site, id!, submission.value);
  return answer(result, result.ok ? undefined : submission.reply(result.field ? { fieldErrors: { [result.field]: [result.message] } } : {}));
}

export default function StaffOfferCodes({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = actionData?.answer;
  return (
    <main>
      <OffersHeader page="codes" site={d.site} sites={d.sites} answer={answer} />
      <StaffTable
        title={t("staff.offers.codes.title")}
        testId="offers-codes"
        headers={[
          t("staff.offers.codes.code"),
          t("staff.offers.codes.percentage"),
          t("staff.offers.codes.validity"),
          t("staff.offers.codes.window"),
          t("staff.offers.country"),
          t("staff.offers.codes.usage"),
          t("staff.offers.status"),
          "",
        ]}
        rows={d.codes.map((c) => [
          <span key="c" className="font-mono">
            {c.code}
          </span>,
          `${c.valuePercentage} %`,
          t(`staff.offers.codes.validities.${c.validity}`),
          `${c.startsAt ? utc(c.startsAt) : "…"} – ${c.expires ? utc(c.expires) : "…"}`,
          c.country ?? t("staff.offers.allCountries"),
          t("staff.offers.codes.used", { used: c.usage.used, paid: c.usage.paid }),
          t(`staff.offers.codes.statuses.${c.status}`),
          c.siteKey === d.site ? (
            <span key="a" className="flex items-center gap-2">
              <Link to={`/staff/offers/codes?site=${d.site}&edit=${c.id}`} className="text-sm underline">
                {t("staff.offers.edit")}
              </Link>
              {c.status === "used" ? null : <CodeActiveForm site={d.site} id={c.id} active={c.status === "active"} />}
            </span>
          ) : (
            t("staff.offers.codes.everySite")
          ),
        ])}
      />
      <CodeForm
        key={d.edit?.id ?? "new"}
        site={d.site}
        countries={d.countries}
        edit={d.edit}
        lastResult={actionData?.result}
        params={answer?.params}
        resetAfter={answer?.ok ? answer : null}
      />
    </main>
  );
}
