// The campaign form (create, or edit a draft or scheduled one): conform with the site's schema
// (app/campaigns/campaign-form.ts), the same one the action parses. Times are typed in UTC.
import { Form } from "react-router";
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { FieldInput, FieldSelect, FieldTextarea, useSchemaForm } from "#app/components/schema-form.tsx";
import { Checkbox } from "#app/components/ui/index.ts";
import {
  AUDIENCE_GENDERS,
  AUDIENCE_PAID,
  BODY_MAX,
  bodyField,
  CAMPAIGN_KINDS,
  campaignSchema,
  NAME_MAX,
  SUBJECT_MAX,
  subjectField,
} from "#app/campaigns/campaign-form.ts";
import { LOCALE_NAMES, type Locale } from "#app/i18n/locales.ts";
import { countryName } from "#app/utils/format.ts";

export interface CampaignDefaults {
  name: string;
  kind: string;
  countries: string[];
  genders: string[];
  paidUser: boolean | null;
  scheduledAt: Date | string | null;
  versions: Record<string, { subject: string; body: string }>;
}

/** A stored time as the datetime-local field shows it (UTC). */
const fieldTime = (at: Date | string | null) => (at ? new Date(at).toISOString().slice(0, 16) : "");

function defaultsOf(edit: CampaignDefaults | null, locales: string[]) {
  const values: Record<string, string | string[]> = {
    name: edit?.name ?? "",
    kind: edit?.kind ?? "news",
    countries: edit?.countries ?? [],
    genders: edit?.genders ?? [],
    paid: edit?.paidUser == null ? "all" : edit.paidUser ? "paid" : "free",
    scheduledAt: fieldTime(edit?.scheduledAt ?? null),
  };
  for (const l of locales) {
    values[subjectField(l)] = edit?.versions[l]?.subject ?? "";
    values[bodyField(l)] = edit?.versions[l]?.body ?? "";
  }
  return values;
}

export function CampaignForm({
  action,
  site,
  edit,
  lastResult,
}: {
  action: string;
  site: { key: string; countries: string[]; locales: string[] };
  edit: CampaignDefaults | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const schema = campaignSchema(site);
  const { form, fields, formProps, stateOf } = useSchemaForm(schema, {
    id: `campaign-${site.key}`,
    lastResult,
    defaultValue: defaultsOf(edit, site.locales) as never,
  });
  const field = (name: string) => (fields as unknown as Record<string, FieldMetadata<string>>)[name]!;
  const chosen = (name: "countries" | "genders") => new Set(edit?.[name] ?? []);
  const groupError = (name: "countries" | "genders") => {
    const error = fields[name].errors?.[0];
    return error ? t(error) : undefined;
  };
  return (
    <Form
      method="post"
      action={action}
      {...formProps}
      className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:max-w-3xl"
      data-testid="campaign-form"
    >
      <h2 className="text-lg font-semibold">{edit ? t("staff.campaigns.editTitle", { name: edit.name }) : t("staff.campaigns.createTitle")}</h2>
      <FormMessage message={form.errors?.[0]} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FieldInput field={fields.name} label={t("staff.campaigns.name")} maxLength={NAME_MAX} autoComplete="off" state={stateOf(fields.name)} />
        <FieldSelect
          field={fields.kind}
          label={t("staff.campaigns.kind")}
          state={stateOf(fields.kind)}
          hint={t("staff.campaigns.kindHelp")}
          options={CAMPAIGN_KINDS.map((k) => ({ value: k, label: t(`staff.campaigns.kinds.${k}`) }))}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{t("staff.campaigns.audience")}</legend>
        <p className="text-sm text-black/60">{t("staff.campaigns.audienceHelp")}</p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div role="group" aria-label={t("staff.campaigns.countries")} className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t("staff.campaigns.countries")}</span>
            {site.countries.map((c) => (
              <Checkbox
                key={c}
                id={`campaign-country-${c}`}
                name="countries"
                value={c}
                defaultChecked={chosen("countries").has(c)}
                label={countryName(c, i18n.language)}
              />
            ))}
            <span className="text-xs text-danger">{groupError("countries")}</span>
          </div>
          <div role="group" aria-label={t("staff.campaigns.genders")} className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t("staff.campaigns.genders")}</span>
            {AUDIENCE_GENDERS.map((g) => (
              <Checkbox
                key={g}
                id={`campaign-gender-${g}`}
                name="genders"
                value={g}
                defaultChecked={chosen("genders").has(g)}
                label={t(`staff.campaigns.genderOptions.${g}`)}
              />
            ))}
            <span className="text-xs text-danger">{groupError("genders")}</span>
          </div>
          <FieldSelect
            field={fields.paid}
            label={t("staff.campaigns.paid")}
            state={stateOf(fields.paid)}
            options={AUDIENCE_PAID.map((p) => ({ value: p, label: t(`staff.campaigns.paidOptions.${p}`) }))}
          />
        </div>
      </fieldset>
      <FieldInput
        field={fields.scheduledAt}
        type="datetime-local"
        label={t("staff.campaigns.scheduledAt")}
        hint={t("staff.campaigns.utcHelp")}
        state={stateOf(fields.scheduledAt)}
      />
      {site.locales.map((l) => (
        <fieldset key={l} className="flex flex-col gap-3 rounded-lg p-3 ring-1 ring-black/10" data-testid={`campaign-version-${l}`}>
          <legend className="px-1 font-medium">{t("staff.campaigns.version", { language: LOCALE_NAMES[l as Locale] ?? l })}</legend>
          <FieldInput field={field(subjectField(l))} label={t("staff.campaigns.subject")} maxLength={SUBJECT_MAX} state={stateOf(field(subjectField(l)))} />
          <FieldTextarea
            field={field(bodyField(l))}
            label={t("staff.campaigns.body")}
            hint={t("staff.campaigns.bodyHelp")}
            rows={6}
            maxLength={BODY_MAX}
            state={stateOf(field(bodyField(l)))}
          />
        </fieldset>
      ))}
      <input type="hidden" name="intent" value="save" />
      <SubmitButton className="self-start">{edit ? t("staff.campaigns.save") : t("staff.campaigns.create")}</SubmitButton>
    </Form>
  );
}
