// Form controls of the design system: the label is always tied to its control, a hint and an
// error are announced through aria-describedby. Errors arrive translated (a node).
import { useId } from "react";
import { cx } from "./cx.ts";

export type FieldState = "idle" | "valid" | "invalid";

const CONTROL =
  "w-full min-w-0 rounded-lg border bg-white px-3 text-dark transition placeholder:text-black/40 " +
  "focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25";

const STATE: Record<FieldState, string> = {
  idle: "border-black/20",
  valid: "border-success bg-success/5",
  invalid: "border-danger bg-danger/5",
};

/** The classes of a text-like control in a state, for controls this module does not wrap. */
export const controlClass = (state: FieldState = "idle", className?: string, multiline = false) =>
  cx(CONTROL, multiline ? "py-2" : "h-11", STATE[state], className);

interface FieldBase {
  label: React.ReactNode;
  /** Shown under the control in red and announced; also marks the control invalid. */
  error?: React.ReactNode;
  hint?: React.ReactNode;
  /** green once validated (spec section 5); an error wins. */
  validated?: boolean | undefined;
  /** Hides the label visually (still read out). */
  hideLabel?: boolean;
  /** The wrapper's classes. */
  className?: string | undefined;
}

function useFieldIds(id: string | undefined, name: string | undefined, error: unknown, hint: unknown) {
  const generated = useId();
  const controlId = id ?? name ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = cx(hint ? hintId : null, error ? errorId : null) || undefined;
  return { controlId, errorId, hintId, describedBy };
}

function Label({ htmlFor, hidden, children }: { htmlFor: string; hidden?: boolean | undefined; children: React.ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={hidden ? "sr-only" : "mb-1 block text-sm font-medium"}>
      {children}
    </label>
  );
}

function Messages({ hint, hintId, error, errorId }: { hint?: React.ReactNode; hintId: string; error?: React.ReactNode; errorId: string }) {
  return (
    <>
      {typeof hint === "string" ? (
        <p id={hintId} className="mt-1 text-sm text-black/60">
          {hint}
        </p>
      ) : hint ? (
        <div id={hintId}>{hint}</div>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

const stateOf = (error: unknown, validated: boolean | undefined): FieldState => (error ? "invalid" : validated ? "valid" : "idle");

type FieldIds = ReturnType<typeof useFieldIds>;

/** The attributes that tie a control to its label, hint and error. */
const controlAttributes = (ids: FieldIds, error: unknown, state: FieldState) => ({
  id: ids.controlId,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": ids.describedBy,
  "data-state": state,
});

/** Label above, control, then hint and error: the frame of every text-like field. */
function LabelledField({
  ids,
  label,
  hideLabel,
  hint,
  error,
  className,
  children,
}: Pick<FieldBase, "label" | "hideLabel" | "hint" | "error" | "className"> & { ids: FieldIds; children: React.ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={ids.controlId} hidden={hideLabel}>
        {label}
      </Label>
      {children}
      <Messages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type TextFieldProps = FieldBase & Omit<React.InputHTMLAttributes<HTMLInputElement>, "className">;

export function TextField({ label, error, hint, validated, hideLabel, className, id, ...input }: TextFieldProps) {
  const ids = useFieldIds(id, input.name, error, hint);
  const state = stateOf(error, validated);
  return (
    <LabelledField ids={ids} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <input {...controlAttributes(ids, error, state)} className={controlClass(state)} {...input} />
    </LabelledField>
  );
}

export type SelectProps = FieldBase &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "className"> & {
    options?: readonly { value: string; label: string }[];
    /** An empty first option ("—" or "all countries"); disabled when the field is required. */
    placeholder?: string;
  };

export function Select({ label, error, hint, validated, hideLabel, className, id, options, placeholder, children, ...select }: SelectProps) {
  const ids = useFieldIds(id, select.name, error, hint);
  const state = stateOf(error, validated);
  return (
    <LabelledField ids={ids} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <select {...controlAttributes(ids, error, state)} className={cx(controlClass(state), "truncate pl-2 pr-8")} {...select}>
        {placeholder !== undefined ? (
          <option value="" disabled={select.required}>
            {placeholder}
          </option>
        ) : null}
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </LabelledField>
  );
}

export type CheckboxProps = Omit<FieldBase, "validated" | "hideLabel"> & Omit<React.InputHTMLAttributes<HTMLInputElement>, "className" | "type">;

/** A checkbox with its label beside it (the whole line is clickable), a hint below. */
export function Checkbox({ label, error, hint, className, id, ...input }: CheckboxProps) {
  const ids = useFieldIds(id, input.value !== undefined ? `${input.name}-${String(input.value)}` : input.name, error, hint);
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          id={ids.controlId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className="mt-0.5 h-5 w-5 shrink-0 rounded accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          {...input}
        />
        <label htmlFor={ids.controlId} className="min-w-0 cursor-pointer">
          {label}
        </label>
      </div>
      <div className="pl-7.5">
        <Messages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
      </div>
    </div>
  );
}

export type TextAreaProps = FieldBase & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "className">;

export function TextArea({ label, error, hint, validated, hideLabel, className, id, rows = 5, ...textarea }: TextAreaProps) {
  const ids = useFieldIds(id, textarea.name, error, hint);
  const state = stateOf(error, validated);
  return (
    <LabelledField ids={ids} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <textarea {...controlAttributes(ids, error, state)} rows={rows} className={controlClass(state, "block", true)} {...textarea} />
    </LabelledField>
  );
}
