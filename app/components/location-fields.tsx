// The location of a profile, the same in /profile, /profile/settings and the signup step:
// a country of the site (named in the member's language), a region from that country's
// official list under the country's own word for it, a free-text city; optionally prefilled
// from the browser's position.
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { regionLabelOf, regionsOf } from "#app/profiles/profile-schema.ts";
import { GeolocationButton, type Geocode } from "./geolocation-button.tsx";
import { FieldInput, FieldSelect, type FieldState } from "./schema-form.tsx";
import { countryName } from "#app/utils/format.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over each form's schema
type Field = FieldMetadata<any, any>;

export function LocationFields({
  form,
  fields,
  stateOf,
  countries,
  geolocation = false,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form that holds these three fields
  form: Pick<FormMetadata<any>, "update">;
  fields: { country: Field; region: Field; city: Field };
  stateOf: (field: Field) => FieldState;
  countries: readonly string[];
  /** Offer "use my location" (settings and the signup step). */
  geolocation?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const country = String(fields.country.value ?? fields.country.initialValue ?? "");
  // The region select is rebuilt with the chosen country's list; it preselects the saved (or
  // located) region while that country is chosen. `round` rebuilds it after each location.
  const [preset, setPreset] = useState(() => ({ country, region: String(fields.region.initialValue ?? ""), round: 0 }));
  const located = (g: Geocode) => {
    if (!countries.includes(g.country)) return false;
    setPreset({ country: g.country, region: regionsOf(g.country).includes(g.region) ? g.region : "", round: preset.round + 1 });
    form.update({ name: fields.country.name, value: g.country });
    form.update({ name: fields.city.name, value: g.city });
    return true;
  };
  return (
    <div className="@container flex flex-col gap-3" data-testid="location-fields">
      {geolocation ? <GeolocationButton onLocated={located} /> : null}
      <div className="grid gap-4 @xl:grid-cols-3">
        <FieldSelect
          field={fields.country}
          label={t("profile.fields.country")}
          state={stateOf(fields.country)}
          options={countries.map((c) => ({ value: c, label: countryName(c, i18n.language) }))}
        />
        <FieldSelect
          field={fields.region}
          label={t(`profile.regionLabel.${regionLabelOf(country)}`)}
          state={stateOf(fields.region)}
          selectKey={`${country}:${preset.round}`}
          defaultValue={country === preset.country ? preset.region : ""}
          options={regionsOf(country).map((r) => ({ value: r, label: r }))}
        />
        <FieldInput field={fields.city} label={t("profile.fields.city")} state={stateOf(fields.city)} autoComplete="address-level2" />
      </div>
    </div>
  );
}
