import { useTranslation } from "#app/i18n/use-translation.ts";
import type { FieldMetadata } from "@conform-to/react";
import { INTERESTS } from "#app/profiles/profile-fields.ts";

/** The 51 interests as toggle chips; submits every checked one as the form's `interests` field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over each form's schema
export function InterestPicker({ field }: { field: FieldMetadata<any, any> }) {
  const { t } = useTranslation();
  const selected = [field.initialValue ?? []].flat();
  // the list's own error (too many) or one of an item's (a value that is no interest)
  const error = field.errors?.[0] ?? Object.values(field.allErrors)[0]?.[0];
  return (
    <fieldset aria-describedby={error ? field.errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{t("profile.fields.interests")}</legend>
      <div className="flex flex-wrap gap-2">
        {INTERESTS.map((i) => (
          <label
            key={i}
            className="flex items-center gap-1 rounded-full border border-black/15 px-3 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
          >
            <input type="checkbox" name={field.name} form={field.formId} value={i} defaultChecked={selected.includes(i)} className="sr-only" />
            {t(`profile.interests.${i}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={field.errorId} className="mt-1 text-sm text-danger" role="alert">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
