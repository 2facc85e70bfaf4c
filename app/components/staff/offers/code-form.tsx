// The form of a typed discount code, to create one or edit one of the site's (times in UTC, as the
// console shows them), checked with codeForm (app/offers/offer-forms.ts) in the browser and in the
// action, and the button that disables or enables one.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FieldInput, FieldSelect, useResetAfter, useSchemaForm } from "#app/components/schema-form.tsx";
import { Button } from "#app/components/ui/index.ts";
import { codeForm } from "#app/offers/offer-forms.ts";
import { countryName } from "#app/utils/format.ts";

interface CodeDefaults {
  id: number;
  code: string;
  valuePercentage: number;
  validity: string;
  startsAt: Date | string | null;
  expires: Date | string | null;
  country: string | null;
}

const VALIDITIES = ["once_per_user", "once", "unlimited"] as const;
/** A stored time as the datetime-local field shows it (UTC). */
const fieldTime = (at: Date | string | null) => (at ? new Date(at).toISOString().slice(0, 16) : "");

export function CodeForm({
  site,
  countries,
  edit,
  lastResult,
  params,
  resetAfter,
}: {
  site: string;
  countries: string[];
  edit: CodeDefaults | null;
  /** the server's reply to a refused save */
  lastResult?: SubmissionResult<string[]> | undefined;
  /** the refusal's params (the code that exists already) */
  params?: Record<string, unknown> | undefined;
  /** the answer to a saved post: a new code's form empties itself */
  resetAfter: object | null;
}) {
  const { t, i18n } = useTranslation();
  const ref = useResetAfter(edit ? null : resetAfter);
  const {
    fields: f,
    formProps,
    stateOf,
  } = useSchemaForm(codeForm, {
    id: edit ? `code-${edit.id}` : "code-new",
    lastResult,
    defaultValue: {
      code: edit?.code ?? "",
      percentage: edit ? String(edit.valuePercentage) : "",
      validity: edit?.validity ?? "once_per_user",
      country: edit?.country ?? "",
      startsAt: fieldTime(edit?.startsAt ?? null),
      expires: fieldTime(edit?.expires ?? null),
    },
  });
  return (
    <Form
      ref={ref}
      method="post"
      action={`/staff/offers/codes?site=${site}`}
      {...formProps}
      className="mt-6 flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:max-w-2xl"
      data-testid="code-form"
    >
      <h2 className="text-lg font-semibold">{edit ? t("staff.offers.codes.editTitle", { code: edit.code }) : t("staff.offers.codes.createTitle")}</h2>
      <input type="hidden" name="intent" value={edit ? "update" : "create"} />
      {edit ? <input type="hidden" name="id" value={edit.id} /> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FieldInput
          field={f.code}
          autoComplete="off"
          label={t("staff.offers.codes.code")}
          hint={t("staff.offers.codes.codeHelp")}
          errorParams={params}
          state={stateOf(f.code)}
        />
        <FieldInput field={f.percentage} inputMode="numeric" maxLength={2} label={t("staff.offers.codes.percentage")} state={stateOf(f.percentage)} />
        <FieldSelect
          field={f.validity}
          label={t("staff.offers.codes.validity")}
          state={stateOf(f.validity)}
          options={VALIDITIES.map((v) => ({ value: v, label: t(`staff.offers.codes.validities.${v}`) }))}
        />
        <FieldSelect
          field={f.country}
          label={t("staff.offers.country")}
          state={stateOf(f.country)}
          placeholder={t("staff.offers.allCountries")}
          options={countries.map((c) => ({ value: c, label: countryName(c, i18n.language) }))}
        />
        <FieldInput
          field={f.startsAt}
          type="datetime-local"
          label={t("staff.offers.codes.startsAt")}
          hint={t("staff.offers.codes.utcHelp")}
          state={stateOf(f.startsAt)}
        />
        <FieldInput
          field={f.expires}
          type="datetime-local"
          label={t("staff.offers.codes.expires")}
          hint={t("staff.offers.codes.utcHelp")}
          state={stateOf(f.expires)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm">
          {edit ? t("staff.offers.save") : t("staff.offers.codes.create")}
        </Button>
        {edit ? (
          <Link to={`/staff/offers/codes?site=${site}`} className="text-sm underline">
            {t("staff.offers.cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function CodeActiveForm({ site, id, active }: { site: string; id: number; active: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={`/staff/offers/codes?site=${site}`}>
      <input type="hidden" name="intent" value={active ? "disable" : "enable"} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant={active ? "danger-outline" : "outline"} size="sm">
        {active ? t("staff.offers.disable") : t("staff.offers.enable")}
      </Button>
    </Form>
  );
}
