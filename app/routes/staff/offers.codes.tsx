// /staff/offers/codes?site=[&edit=id]: a site's typed discount codes with their usage so far;
// create, edit, disable and enable the site's own (app/offers/codes.server.ts). Codes for every
// site are listed and not changed here.
import { z } from "zod";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Link } from "react-router";
import type { Route } from "./+types/offers.codes";
import { CodeActiveForm, CodeForm } from "#app/components/staff/offers/code-form.tsx";
import { OffersHeader } from "#app/components/staff/offers/offers-header.tsx";
import { utc } from "#app/components/staff/format.ts";
import { StaffTable } from "#app/components/staff/table.tsx";
import { codeForm, firstIssue } from "#app/offers/offer-forms.ts";
import { createCode, offerCodes, setCodeActive, updateCode } from "#app/offers/codes.server.ts";
import type { OfferResult } from "#app/offers/result.ts";
import { offerSite, offerSites } from "#app/offers/site.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { formFields, parseId, readForm } from "#app/utils/request.server.ts";

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

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaffPermission(request, context, "offers");
  const site = offerSite(request, context);
  const form = formFields(await readForm(request, context));
  const what = intent.safeParse(form.intent);
  const id = parseId(form.id);
  let result: OfferResult;
  if (!what.success || (what.data !== "create" && !id)) {
    result = { ok: false, status: 400, message: "messages.invalidInput" };
  } else if (what.data === "disable" || what.data === "enable") {
    result = await setCodeActive(staff, site, id!, what.data === "enable");
  } else {
    const input = codeForm.safeParse(form);
    if (!input.success) result = { ...firstIssue(input.error), status: 400 };
    else result = what.data === "create" ? await createCode(staff, site, input.data) : await updateCode(staff, site, id!, input.data);
  }
  const { status, ...answer } = result.ok ? { ...result, status: 200 } : result;
  return data({ answer }, status);
}

export default function StaffOfferCodes({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = actionData?.answer;
  const formErrors = answer && !answer.ok ? { field: "field" in answer ? answer.field : undefined, message: answer.message } : null;
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
      <CodeForm key={d.edit?.id ?? "new"} site={d.site} countries={d.countries} edit={d.edit} errors={formErrors} resetAfter={answer?.ok ? answer : null} />
    </main>
  );
}
