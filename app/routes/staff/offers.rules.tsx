// /staff/offers/rules?site=: the site's time bonus and welcome discount (percentage, hours after
// signup, on or off). The first change copies the rule shared by every site into the site's own
// (app/offers/rules.server.ts); other sites keep theirs.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import type { Route } from "./+types/offers.rules";
import { OffersHeader } from "#app/components/staff/offers/offers-header.tsx";
import { Button, Card, Checkbox, TextField } from "#app/components/ui/index.ts";
import { firstIssue, ruleForm } from "#app/offers/offer-forms.ts";
import type { OfferResult } from "#app/offers/result.ts";
import { offerRules, saveRule } from "#app/offers/rules.server.ts";
import { offerSite, offerSites } from "#app/offers/site.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { formFields, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "offers");
  const site = offerSite(request, context);
  return { site: site.key, sites: offerSites(), rules: await offerRules(site) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaffPermission(request, context, "offers");
  const site = offerSite(request, context);
  const input = ruleForm.safeParse(formFields(await readForm(request, context)));
  const result: OfferResult = input.success ? await saveRule(staff, site, input.data) : { ...firstIssue(input.error), status: 400 };
  const { status, ...answer } = result.ok ? { ...result, status: 200 } : result;
  return data({ answer }, status);
}

export default function StaffOfferRules({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main>
      <OffersHeader page="rules" site={d.site} sites={d.sites} answer={actionData?.answer} />
      <p className="mt-4 max-w-2xl text-sm text-black/60">{t("staff.offers.rules.intro")}</p>
      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        {d.rules.map((r) => (
          <Card as={Form} key={r.kind} method="post" padding="sm" className="flex flex-col gap-3" data-testid={`rule-${r.kind}`}>
            <h2 className="text-lg font-semibold">
              {t(`staff.offers.rules.${r.kind}`)} <span className="font-mono text-sm text-black/60">{r.code}</span>
            </h2>
            <p className="text-sm text-black/60">{r.ownRow ? t("staff.offers.rules.own") : t("staff.offers.rules.shared")}</p>
            <input type="hidden" name="kind" value={r.kind} />
            <TextField
              id={`${r.kind}-percentage`}
              name="percentage"
              inputMode="numeric"
              required
              maxLength={2}
              defaultValue={String(r.percentage)}
              label={t("staff.offers.codes.percentage")}
            />
            <TextField
              id={`${r.kind}-hours`}
              name="hours"
              inputMode="numeric"
              required
              maxLength={4}
              defaultValue={String(r.hours)}
              label={t("staff.offers.rules.hours")}
              hint={t(`staff.offers.rules.hoursHelp.${r.kind}`)}
            />
            <Checkbox id={`${r.kind}-active`} name="active" defaultChecked={r.active} label={t("staff.offers.rules.active")} />
            <Button type="submit" size="sm" className="self-start">
              {t("staff.offers.save")}
            </Button>
          </Card>
        ))}
      </div>
    </main>
  );
}
