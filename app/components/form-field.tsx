// Form fields whose errors are catalogue keys from the server, on the design system's controls.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Button, Select, TextField } from "./ui/index.ts";

export interface FieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "name"> {
  name: string;
  label: string;
  /** A catalogue key from the server, or absent. */
  error?: string | undefined;
  errorParams?: Record<string, unknown>;
  /** The form was validated: fields without an error show as valid (spec section 5). */
  validated?: boolean;
  hint?: React.ReactNode;
}

export function FormField({ name, label, error, errorParams, validated, hint, className, ...input }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField name={name} label={label} error={error ? t(error, errorParams) : undefined} validated={validated} hint={hint} className={className} {...input} />
  );
}

export function SelectField({
  name,
  label,
  options,
  error,
  validated,
  defaultValue,
  required,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  error?: string | undefined;
  validated?: boolean;
  defaultValue?: string | undefined;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      name={name}
      label={label}
      options={options}
      placeholder="—"
      error={error ? t(error) : undefined}
      validated={validated}
      defaultValue={defaultValue ?? ""}
      required={required}
    />
  );
}

export function FormMessage({
  message,
  params,
  tone = "danger",
}: {
  message?: string | undefined;
  params?: Record<string, unknown> | undefined;
  tone?: "danger" | "success" | "info";
}) {
  const { t } = useTranslation();
  if (!message) return null;
  const colours = {
    danger: "border-danger/40 bg-danger/10 text-danger",
    success: "border-success/40 bg-success/10 text-success",
    info: "border-info/40 bg-info/10 text-info",
  };
  return (
    <p role={tone === "danger" ? "alert" : "status"} className={`rounded-lg border px-3 py-2 text-sm ${colours[tone]}`} data-testid="form-message">
      {t(message, params)}
    </p>
  );
}

export function SubmitButton({
  children,
  busy,
  className = "",
  name,
  value,
}: {
  children: React.ReactNode;
  busy?: boolean;
  className?: string;
  name?: string;
  value?: string;
}) {
  return (
    <Button type="submit" disabled={busy} className={className} name={name} value={value}>
      {children}
    </Button>
  );
}
