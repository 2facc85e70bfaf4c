import { useTranslation } from "#app/i18n/use-translation.ts";

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
  const state = error ? "border-danger bg-danger/5" : validated ? "border-success bg-success/5" : "border-black/20";
  return (
    <div className={className}>
      <label htmlFor={name} className="mb-1 block text-sm font-medium">{label}</label>
      <input
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={`w-full rounded border px-3 py-2 ${state}`}
        {...input}
      />
      {error ? <p id={`${name}-error`} className="mt-1 text-sm text-danger" role="alert">{t(error, errorParams)}</p> : null}
      {hint}
    </div>
  );
}

export function SelectField({ name, label, options, error, validated, defaultValue, required }: {
  name: string; label: string; options: { value: string; label: string }[]; error?: string | undefined; validated?: boolean; defaultValue?: string | undefined; required?: boolean;
}) {
  const { t } = useTranslation();
  const state = error ? "border-danger" : validated ? "border-success" : "border-black/20";
  return (
    <div>
      <label htmlFor={name} className="mb-1 block text-sm font-medium">{label}</label>
      <select id={name} name={name} defaultValue={defaultValue ?? ""} required={required} className={`w-full rounded border bg-white px-3 py-2 ${state}`}>
        <option value="" disabled={required}>—</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {error ? <p className="mt-1 text-sm text-danger" role="alert">{t(error)}</p> : null}
    </div>
  );
}

export function FormMessage({ message, params, tone = "danger" }: { message?: string | undefined; params?: Record<string, unknown> | undefined; tone?: "danger" | "success" | "info" }) {
  const { t } = useTranslation();
  if (!message) return null;
  const colours = { danger: "border-danger/40 bg-danger/10 text-danger", success: "border-success/40 bg-success/10 text-success", info: "border-info/40 bg-info/10 text-info" };
  return <p role={tone === "danger" ? "alert" : "status"} className={`rounded border px-3 py-2 text-sm ${colours[tone]}`} data-testid="form-message">{t(message, params)}</p>;
}

export function SubmitButton({ children, busy, className = "" }: { children: React.ReactNode; busy?: boolean; className?: string }) {
  return (
    <button type="submit" disabled={busy} className={`rounded-full bg-primary px-6 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-60 ${className}`}>
      {children}
    </button>
  );
}
