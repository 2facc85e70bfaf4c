import { useTranslation } from "#app/i18n/use-translation.ts";
import type { FieldMetadata } from "@conform-to/react";
import { useRootData } from "#app/root.tsx";
import { interestGroups, type InterestGroup } from "#app/tenancy/niche.ts";
import type { Interest } from "#app/profiles/profile-fields.ts";

const CHIP =
  "flex items-center gap-1 rounded-full border border-black/15 px-3 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary";

/**
 * The interests as toggle chips in groups, in the order the site's niche gives them (hobbies
 * first on a general site, its intimate items folded away); submits every checked one as the
 * form's `interests` field.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over each form's schema
export function InterestPicker({ field }: { field: FieldMetadata<any, any> }) {
  const { t } = useTranslation();
  const niche = useRootData()?.site.niche ?? "none";
  const selected = [field.initialValue ?? []].flat() as string[];
  // the list's own error (too many) or one of an item's (a value that is no interest)
  const error = field.errors?.[0] ?? Object.values(field.allErrors)[0]?.[0];
  const chips = (interests: readonly Interest[]) => (
    <div className="flex flex-wrap gap-2">
      {interests.map((i) => (
        <label key={i} className={CHIP}>
          <input type="checkbox" name={field.name} form={field.formId} value={i} defaultChecked={selected.includes(i)} className="sr-only" />
          {t(`profile.interests.${i}`)}
        </label>
      ))}
    </div>
  );
  const heading = (group: InterestGroup) => t(`profile.interestGroups.${group}`);
  return (
    <fieldset aria-describedby={error ? field.errorId : undefined} data-testid="interest-picker">
      <legend className="mb-2 text-sm font-medium">{t("profile.fields.interests")}</legend>
      <div className="flex flex-col gap-3">
        {interestGroups(niche).map(({ group, interests, folded }) =>
          folded ? (
            // a closed <details> keeps its checkboxes in the form: chosen ones are sent all the same
            <details key={group} open={interests.some((i) => selected.includes(i))} className="group">
              <summary className="mb-1.5 cursor-pointer text-xs font-semibold uppercase tracking-wide text-black/60">{heading(group)}</summary>
              {chips(interests)}
            </details>
          ) : (
            <div key={group} role="group" aria-label={heading(group)}>
              <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-black/60" aria-hidden>
                {heading(group)}
              </p>
              {chips(interests)}
            </div>
          ),
        )}
      </div>
      {error ? (
        <p id={field.errorId} className="mt-1 text-sm text-danger" role="alert">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
