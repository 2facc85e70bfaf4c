// The forms of the packages page: a package's new price (preview or save), disabling or enabling
// a package, and a new package. "Preview" sends the same form as "Save" with step=preview: the
// page shows what members would see and writes nothing. The price and the new package are conform
// forms checked with packagePriceForm and packageAddForm (app/offers/offer-forms.ts), the schemas
// the action parses; their errors show under their fields.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { SubmitButton } from "#app/components/form-field.tsx";
import { FieldInput, FieldSelect, useResetAfter, useSchemaForm } from "#app/components/schema-form.tsx";
import { Button } from "#app/components/ui/index.ts";
import { packageAddForm, packagePriceForm } from "#app/offers/offer-forms.ts";
import { countryName } from "#app/utils/format.ts";

function StepButtons({ save }: { save: string }) {
  const { t } = useTranslation();
  return (
    <>
      <SubmitButton name="step" value="preview" variant="outline" size="sm">
        {t("staff.offers.previewButton")}
      </SubmitButton>
      <SubmitButton name="step" value="save" size="sm">
        {save}
      </SubmitButton>
    </>
  );
}

export function PriceForm({
  id,
  credits,
  price,
  currency,
  lastResult,
}: {
  id: number;
  credits: number;
  price: string;
  currency: string;
  /** the server's reply to a refused price: what was typed, and why */
  lastResult?: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const { fields, formProps, stateOf } = useSchemaForm(packagePriceForm, { id: `price-${id}`, lastResult, defaultValue: { id: String(id), price } });
  const wrong = !!fields.price.errors?.length;
  return (
    <Form method="post" {...formProps} className="flex flex-wrap items-start gap-2" data-testid={`price-form-${id}`}>
      <input type="hidden" name="intent" value="price" />
      <input type="hidden" name={fields.id.name} value={id} />
      {/* a wrong price takes the row's width, so its message reads as a line */}
      <FieldInput
        field={fields.price}
        inputMode="decimal"
        maxLength={10}
        hideLabel
        label={t("staff.offers.priceFor", { credits, currency })}
        state={stateOf(fields.price)}
        className={wrong ? "w-full max-w-sm" : "w-28"}
      />
      <div className="flex h-11 items-center gap-2">
        <StepButtons save={t("staff.offers.save")} />
      </div>
    </Form>
  );
}

export function ActiveForm({ id, active }: { id: number; active: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={active ? "disable" : "enable"} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="step" value="save" variant={active ? "danger-outline" : "outline"} size="sm">
        {active ? t("staff.offers.disable") : t("staff.offers.enable")}
      </Button>
    </Form>
  );
}

export function AddPackageForm({
  countries,
  country,
  lastResult,
  resetAfter,
}: {
  countries: string[];
  country: string;
  /** the server's reply to a refused package: what was typed, and why */
  lastResult?: SubmissionResult<string[]> | undefined;
  /** the answer to a saved package: the form empties itself */
  resetAfter: object | null;
}) {
  const { t, i18n } = useTranslation();
  const form = useResetAfter(resetAfter);
  const { fields, formProps, stateOf } = useSchemaForm(packageAddForm, { id: "package-add", lastResult, defaultValue: { country } });
  return (
    <Form
      ref={form}
      method="post"
      {...formProps}
      className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 flex flex-col gap-3 sm:max-w-xl"
      data-testid="add-package-form"
    >
      <h2 className="text-lg font-semibold">{t("staff.offers.addTitle")}</h2>
      <p className="text-sm text-black/60">{t("staff.offers.addHelp")}</p>
      <input type="hidden" name="intent" value="add" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FieldSelect
          field={fields.country}
          label={t("staff.offers.country")}
          state={stateOf(fields.country)}
          options={countries.map((c) => ({ value: c, label: countryName(c, i18n.language) }))}
        />
        <FieldInput field={fields.credits} inputMode="numeric" maxLength={6} label={t("staff.offers.creditsLabel")} state={stateOf(fields.credits)} />
        <FieldInput field={fields.price} inputMode="decimal" maxLength={10} label={t("staff.offers.price")} state={stateOf(fields.price)} />
      </div>
      <div className="flex flex-wrap gap-2">
        <StepButtons save={t("staff.offers.add")} />
      </div>
    </Form>
  );
}
