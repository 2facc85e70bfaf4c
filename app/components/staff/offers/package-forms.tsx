// The forms of the packages page: a package's new price (preview or save), disabling or enabling
// a package, and a new package. "Preview" sends the same form as "Save" with step=preview: the
// page shows what members would see and writes nothing.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Button, Select, TextField } from "#app/components/ui/index.ts";
import { countryName } from "#app/utils/format.ts";

function StepButtons({ save }: { save: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="submit" name="step" value="preview" variant="outline" size="sm">
        {t("staff.offers.previewButton")}
      </Button>
      <Button type="submit" name="step" value="save" size="sm">
        {save}
      </Button>
    </>
  );
}

export function PriceForm({ id, credits, price, currency }: { id: number; credits: number; price: string; currency: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="flex items-center gap-2" data-testid={`price-form-${id}`}>
      <input type="hidden" name="intent" value="price" />
      <input type="hidden" name="id" value={id} />
      <TextField
        name="price"
        id={`price-${id}`}
        defaultValue={price}
        inputMode="decimal"
        required
        maxLength={10}
        hideLabel
        label={t("staff.offers.priceFor", { credits, currency })}
        className="w-28"
      />
      <StepButtons save={t("staff.offers.save")} />
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

/** A form that empties itself after a change it sent was saved (the answer object changes with every post). */
export function useResetAfter(saved: object | null | undefined) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (saved) form.current?.reset();
  }, [saved]);
  return form;
}

export function AddPackageForm({ countries, country, resetAfter }: { countries: string[]; country: string; resetAfter: object | null }) {
  const { t, i18n } = useTranslation();
  const form = useResetAfter(resetAfter);
  return (
    <Form
      ref={form}
      method="post"
      className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5 flex flex-col gap-3 sm:max-w-xl"
      data-testid="add-package-form"
    >
      <h2 className="text-lg font-semibold">{t("staff.offers.addTitle")}</h2>
      <p className="text-sm text-black/60">{t("staff.offers.addHelp")}</p>
      <input type="hidden" name="intent" value="add" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Select
          id="add-country"
          name="country"
          defaultValue={country}
          label={t("staff.offers.country")}
          options={countries.map((c) => ({ value: c, label: countryName(c, i18n.language) }))}
        />
        <TextField id="add-credits" name="credits" inputMode="numeric" required maxLength={6} label={t("staff.offers.creditsLabel")} />
        <TextField id="add-price" name="price" inputMode="decimal" required maxLength={10} label={t("staff.offers.price")} />
      </div>
      <div className="flex flex-wrap gap-2">
        <StepButtons save={t("staff.offers.add")} />
      </div>
    </Form>
  );
}
