import { useTranslation } from "react-i18next";
import { INTERESTS } from "#app/profiles/profile-fields.ts";

/** The 51 interests as toggle chips; submits every checked one as `interests`. */
export function InterestPicker({ selected = [] }: { selected?: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{t("profile.fields.interests")}</legend>
      <div className="flex flex-wrap gap-2">
        {INTERESTS.map((i) => (
          <label key={i} className="flex items-center gap-1 rounded-full border border-black/15 px-3 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent">
            <input type="checkbox" name="interests" value={i} defaultChecked={selected.includes(i)} className="sr-only" />{t(`profile.interests.${i}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
