import { useTranslation } from "react-i18next";
import { BODY, EYES, HAIR, RELATIONSHIP } from "#app/profiles/profile-fields.ts";
import { InterestPicker } from "./interest-picker.tsx";
import { FormField, SelectField } from "./form-field.tsx";

/** The inputs of one signup step; labels come from the catalogue in the member's language. */
export function ProfileStepFields({ step, countries, errors = {} }: { step: string; countries: string[]; errors?: Record<string, string> | undefined }) {
  const { t, i18n } = useTranslation();
  const opts = (group: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`profile.${group}.${v}`) }));
  if (step === "personal") {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="relationship" label={t("profile.fields.relationship")} options={opts("relationship", RELATIONSHIP)} error={errors.relationship} />
        <SelectField name="hairColor" label={t("profile.fields.hairColor")} options={opts("hair", HAIR)} error={errors.hairColor} />
        <SelectField name="eyeColor" label={t("profile.fields.eyeColor")} options={opts("eye", EYES)} error={errors.eyeColor} />
        <SelectField name="bodyType" label={t("profile.fields.bodyType")} options={opts("bodyType", BODY)} error={errors.bodyType} />
        <SelectField name="tattoos" label={t("profile.fields.tattoos")} options={[{ value: "yes", label: t("profile.yes") }, { value: "no", label: t("profile.no") }]} />
      </div>
    );
  }
  if (step === "about") {
    return (
      <>
        <div>
          <label htmlFor="aboutMe" className="mb-1 block text-sm font-medium">{t("profile.fields.aboutMe")}</label>
          <textarea id="aboutMe" name="aboutMe" rows={4} maxLength={2000} className="w-full rounded border border-black/20 px-3 py-2" />
        </div>
        <InterestPicker />
      </>
    );
  }
  const countryName = new Intl.DisplayNames([i18n.language], { type: "region" });
  return (
    <div className="grid gap-4">
      <SelectField name="country" label={t("profile.fields.country")} required options={countries.map((c) => ({ value: c, label: countryName.of(c) ?? c }))} error={errors.country} />
      <FormField name="region" label={t("profile.fields.region")} error={errors.region} />
      <FormField name="city" label={t("profile.fields.city")} error={errors.city} />
    </div>
  );
}
