// /staff/offers/rules?site=: the site's time bonus and welcome discount (percentage, hours after
// signup, on or off). The first change copies the rule shared by every site into the site's own
// (app/offers/rules.server.ts); other sites keep theirs. Each rule's form is checked with ruleForm
// in the browser and in the action.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { SubmissionResult } from "@conform-to/react";
import { data, Form } from "react-router";
import type { Route } from "./+types/offers.rules";
import { OffersHeader } from "#app/components/staff/offers/offers-header.tsx";
import { FieldInput, useSchemaForm } from "#app/components/schema-form.tsx";
import { Button, Card, Checkbox } from "#app/components/ui/index.ts";
import { ruleForm } from "#app/offers/offer-forms.ts";
import type { OfferResult } from "#app/offers/result.ts";
import { offerRules, saveRule } from "#app/offers/rules.server.ts";
import { offerSite, offerSites } from "#app/offers/site.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { parseSubmission, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "offers");
  const site = offerSite(request, context);
  return { site: site.key, sites: offerSites(), rules: await offerRules(site) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

type Answer = { answer?: Omit<OfferResult, "status">; kind?: string; result?: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaffPermission(request, context, "offers");
  const site = offerSite(request, context);
  const submission = parseSubmission(await readForm(request, context), ruleForm);
  if (submission.status !== "success") {
    const kind = submission.payload.kind;
    // the fields' errors show under them; a rule that does not exist says so above
    const answer = { ok: false as const, message: submission.error?.kind ? "messages.invalidInput" : "validation.checkFields" };
    return data<Answer>({ answer, kind: typeof kind === "string" ? kind : undefined, result: submission.reply() }, 400);
  }
  const result = await saveRule(staff, site, submission.value);
  const { status, ...answer } = result.ok ? { ...result, status: 200 } : result;
  return data<Answer>({ answer }, status);
}

type Rule = Awaited<ReturnType<typeof loader>>["rules"][number];

export default function StaffOfferRules({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main>
      <OffersHeader page="rules" site={d.site} sites={d.sites} answer={actionData?.answer} />
      <p className="mt-4 max-w-2xl text-sm text-black/60">{t("staff.offers.rules.intro")}</p>
      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        {d.rules.map((r) => (
          <RuleForm key={r.kind} rule={r} lastResult={actionData?.kind === r.kind ? actionData.result : undefined} />
        ))}
      </div>
    </main>
  );
}

function RuleForm({ rule: r, lastResult }: { rule: Rule; lastResult?: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const { fields, formProps, stateOf } = useSchemaForm(ruleForm, {
    id: `rule-${r.kind}`,
    lastResult,
    defaultValue: { kind: r.kind, percentage: String(r.percentage), hours: String(r.hours), active: r.active ? "on" : undefined },
  });
  return (
    <Card as={Form} method="post" {...formProps} padding="sm" className="flex flex-col gap-3" data-testid={`rule-${r.kind}`}>
      <h2 className="text-lg font-semibold">
        {t(`staff.offers.rules.${r.kind}`)} <span className="font-mono text-sm text-black/60">{r.code}</span>
      </h2>
      <p className="text-sm text-black/60">{r.ownRow ? t("staff.offers.rules.own") : t("staff.offers.rules.shared")}</p>
      <input type="hidden" name={fields.kind.name} value={r.kind} />
      <FieldInput field={fields.percentage} inputMode="numeric" maxLength={2} label={t("staff.offers.codes.percentage")} state={stateOf(fields.percentage)} />
      <FieldInput
        field={fields.hours}
        inputMode="numeric"
        maxLength={4}
        label={t("staff.offers.rules.hours")}
        hint={t(`staff.offers.rules.hoursHelp.${r.kind}`)}
        state={stateOf(fields.hours)}
      />
      <Checkbox name={fields.active.name} id={fields.active.id} defaultChecked={fields.active.initialValue === "on"} label={t("staff.offers.rules.active")} />
      <Button type="submit" size="sm" className="self-start">
        {t("staff.offers.save")}
      </Button>
    </Card>
  );
}
