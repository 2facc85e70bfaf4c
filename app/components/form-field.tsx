// What every form shows besides its fields: the form's message (a catalogue key, from conform's
// form errors or the action) and the submit button. The fields themselves are schema-form.tsx's.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Button, type ButtonProps } from "./ui/index.ts";

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
    <p role={tone === "danger" ? "alert" : "status"} className={`rounded-lg border px-3 py-2 text-sm ${colours[tone]}`}>
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
  variant,
  size,
  testId,
  label,
}: {
  children: React.ReactNode;
  busy?: boolean;
  className?: string;
  name?: string;
  value?: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  testId?: string;
  /** the button's accessible name, when its text alone does not say enough */
  label?: string;
}) {
  // The pointer keeps the focus where it is: a field left for this button showed its error first,
  // which moved the button from under the pointer, and the click was lost. The submit itself
  // names every wrong field; from the keyboard nothing changes.
  return (
    <Button
      type="submit"
      disabled={busy}
      className={className}
      name={name}
      value={value}
      variant={variant}
      size={size}
      data-testid={testId}
      aria-label={label}
      onMouseDown={(event) => event.preventDefault()}
    >
      {children}
    </Button>
  );
}
