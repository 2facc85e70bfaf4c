// conform forms validated by one zod schema in the browser (as the member leaves a field, and on
// submit) and, with the same schema, in the action, whose reply() comes back as lastResult.
// Without JavaScript the form posts as usual and the server's reply shows the same errors.
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { controlClass } from "./ui/fields.tsx";

export type FieldState = "idle" | "valid" | "invalid";

/**
 * conform's useForm with our settings, plus which fields have been validated: spec section 5
 * wants fields green when valid and red when invalid once validated (conform reports only
 * errors, so the fields the member has left or submitted are kept here).
 */
export function useSchemaForm<Schema extends z.ZodObject>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null | undefined;
    defaultValue?: DefaultValue<z.input<Schema>>;
  },
) {
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const conformProps = getFormProps(form);
  const formProps = {
    ...conformProps,
    onBlur: (event: React.FocusEvent<HTMLFormElement>) => {
      const name = (event.target as Partial<HTMLInputElement>).name;
      if (name && !left.has(name)) setLeft(new Set(left).add(name));
    },
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      // conform validates a field by submitting with a hidden formNoValidate button: not a submit
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      if (!submitter?.formNoValidate) setSubmitted(true);
      conformProps.onSubmit(event);
    },
  };
  const everything = submitted || !!options.lastResult;
  const stateOf = (field: FieldMetadata<unknown>): FieldState => (field.errors?.length ? "invalid" : everything || left.has(field.name) ? "valid" : "idle");
  return { form, fields, formProps, stateOf };
}

/** The field's first error, translated from its catalogue key. */
function FieldError({ field }: { field: FieldMetadata<unknown> }) {
  const { t } = useTranslation();
  const error = field.errors?.[0];
  return error ? (
    <p id={field.errorId} className="mt-1 text-sm text-danger" role="alert">
      {t(error)}
    </p>
  ) : null;
}

interface Labelled {
  field: FieldMetadata<unknown>;
  label: string;
  state: FieldState;
  className?: string;
}

export function FieldInput({ field, label, state, className, ...input }: Labelled & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "form">) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input {...getInputProps(field, { type: "text" })} {...input} data-state={state} className={controlClass(state)} />
      <FieldError field={field} />
    </div>
  );
}

export function FieldSelect({
  field,
  label,
  state,
  className,
  options,
  placeholder = "—",
  selectKey,
  defaultValue,
}: Labelled & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  /** Remounts the select (new options with a new default value). */
  selectKey?: string;
  defaultValue?: string;
}) {
  const props = getSelectProps(field);
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        {...props}
        key={selectKey}
        defaultValue={defaultValue ?? props.defaultValue ?? ""}
        data-state={state}
        className={controlClass(state, "truncate pl-2 pr-8")}
      >
        <option value="" disabled={field.required}>
          {placeholder}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

export function FieldTextarea({ field, label, state, className, rows = 5, maxLength }: Labelled & { rows?: number; maxLength?: number }) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <textarea {...getTextareaProps(field)} rows={rows} maxLength={maxLength} data-state={state} className={controlClass(state, undefined, true)} />
      <FieldError field={field} />
    </div>
  );
}
