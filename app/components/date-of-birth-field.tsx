// Date of birth as day, month and year in the order and words of the member's language
// ("4. März 1990", "4 March 1990", "1990 4 mars" where that is the custom). A native date
// input would show the browser's own format (mm/dd/yyyy in an English Chrome) whatever the
// page's language. Posts dob_day, dob_month, dob_year (conform's fields of the account step's
// schema, app/accounts/account-schema.ts, which puts them together on both sides).
import { useMemo } from "react";
import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useRootData } from "#app/root.tsx";
import { MINIMUM_AGE } from "#app/auth/validation.ts";
import { cx } from "./ui/cx.ts";
import { controlClass, type FieldState } from "./ui/index.ts";

type Field = FieldMetadata<unknown>;

type Part = "day" | "month" | "year";
const OLDEST = 100;

/** The language tag dates are written in: English is British unless the visitor is in the US. */
const dateTag = (language: string, country: string | null | undefined) => (language === "en" ? (country === "US" ? "en-US" : "en-GB") : language);

function partOrder(tag: string): Part[] {
  const parts = new Intl.DateTimeFormat(tag, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).formatToParts(Date.UTC(1990, 2, 4));
  const order = parts.map((p) => p.type).filter((t): t is Part => t === "day" || t === "month" || t === "year");
  return order.length === 3 ? order : ["day", "month", "year"];
}

export function DateOfBirthField({
  day,
  month,
  year,
  date,
  stateOf,
}: {
  day: Field;
  month: Field;
  year: Field;
  /** the whole date's field: a day that does not exist, an age out of bounds */
  date: Field;
  stateOf: (field: Field) => FieldState;
}) {
  const { t, i18n } = useTranslation();
  const country = useRootData()?.country;
  const tag = dateTag(i18n.language, country);
  const { order, months } = useMemo(() => {
    const monthName = new Intl.DateTimeFormat(tag, { month: "long", timeZone: "UTC" });
    return { order: partOrder(tag), months: Array.from({ length: 12 }, (_, m) => monthName.format(Date.UTC(2000, m, 1))) };
  }, [tag]);
  // the years a member can be born in: from the minimum age back OLDEST years, newest first
  const newest = new Date().getUTCFullYear() - MINIMUM_AGE;
  const options: Record<Part, { value: string; label: string }[]> = {
    day: Array.from({ length: 31 }, (_, d) => ({ value: String(d + 1), label: String(d + 1) })),
    month: months.map((name, m) => ({ value: String(m + 1), label: name })),
    year: Array.from({ length: OLDEST }, (_, y) => ({ value: String(newest - y), label: String(newest - y) })),
  };
  const fields: Record<Part, Field> = { day, month, year };
  const errorKey = [date, ...order.map((p) => fields[p])].find((f) => f.errors?.length)?.errors?.[0];
  const error = errorKey ? t(errorKey) : undefined;
  const state: FieldState = error ? "invalid" : order.every((p) => stateOf(fields[p]) === "valid") ? "valid" : "idle";
  const errorId = `${date.id}-error`;
  const label: Record<Part, string> = { day: t("signup.dobDay"), month: t("signup.dobMonth"), year: t("signup.dobYear") };
  return (
    <fieldset aria-describedby={error ? errorId : undefined} data-testid="date-of-birth">
      <legend className="mb-1 block text-sm font-medium">{t("signup.dateOfBirth")}</legend>
      <div
        className="grid gap-2"
        style={{ gridTemplateColumns: order.map((p) => (p === "month" ? "minmax(0, 1fr)" : p === "day" ? "5.5rem" : "6.5rem")).join(" ") }}
      >
        {order.map((part) => (
          <select
            key={part}
            name={fields[part].name}
            id={fields[part].id}
            aria-label={label[part]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            defaultValue={String(fields[part].initialValue ?? "")}
            required
            autoComplete={part === "day" ? "bday-day" : part === "month" ? "bday-month" : "bday-year"}
            className={cx(controlClass(state), "truncate pl-2 pr-6")}
            data-state={state}
          >
            <option value="" disabled>
              {label[part]}
            </option>
            {options[part].map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
