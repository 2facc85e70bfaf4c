import { useTranslation } from "#app/i18n/use-translation.ts";
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { BODY, EYES, HAIR, RELATIONSHIP } from "#app/profiles/profile-fields.ts";
import { ABOUT_MAX } from "#app/profiles/profile-schema.ts";
import { InterestPicker } from "./interest-picker.tsx";
import { LocationFields } from "./location-fields.tsx";
import { FieldSelect, FieldTextarea, type FieldState } from "./schema-form.tsx";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over each form's schema
type Field = FieldMetadata<any, any>;

/** The inputs of one signup step (the fields of its schema, signupStepSchema). */
export function ProfileStepFields({
  step,
  form,
  fields,
  stateOf,
  countries,
}: {
  step: "personal" | "about" | "location";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form that holds these fields
  form: Pick<FormMetadata<any>, "update">;
  fields: Record<string, Field>;
  stateOf: (field: Field) => FieldState;
  countries: readonly string[];
}) {
  const { t } = useTranslation();
  const select = (name: string, group: string, values: readonly string[]) => (
    <FieldSelect
      field={fields[name]!}
      label={t(`profile.fields.${name}`)}
      state={stateOf(fields[name]!)}
      options={values.map((v) => ({ value: v, label: t(`profile.${group}.${v}`) }))}
    />
  );
  if (step === "personal") {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        {select("relationship", "relationship", RELATIONSHIP)}
        {select("hairColor", "hair", HAIR)}
        {select("eyeColor", "eye", EYES)}
        {select("bodyType", "bodyType", BODY)}
        <FieldSelect
          field={fields.tattoos!}
          label={t("profile.fields.tattoos")}
          state={stateOf(fields.tattoos!)}
          options={[
            { value: "yes", label: t("profile.yes") },
            { value: "no", label: t("profile.no") },
          ]}
        />
      </div>
    );
  }
  if (step === "about") {
    return (
      <>
        <FieldTextarea field={fields.aboutMe!} label={t("profile.fields.aboutMe")} state={stateOf(fields.aboutMe!)} rows={4} maxLength={ABOUT_MAX} />
        <InterestPicker field={fields.interests!} />
      </>
    );
  }
  return (
    <LocationFields
      form={form}
      fields={{ country: fields.country!, region: fields.region!, city: fields.city! }}
      stateOf={stateOf}
      countries={countries}
      geolocation
    />
  );
}
