// conform forms validated by one zod schema in the browser (as the member leaves a field, and on
// submit) and, with the same schema, in the action, whose reply() comes back as lastResult.
// Without JavaScript the form posts as usual and the server's reply shows the same errors.
import { useEffect, useRef, useState } from "react";
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
import { Select, TextArea, TextField } from "./ui/fields.tsx";

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
    // a reset form (useResetAfter) starts again: nothing left, nothing submitted
    onReset: () => {
      setLeft(new Set());
      setSubmitted(false);
    },
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      // conform validates a field by submitting with a hidden formNoValidate button: not a submit
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      if (!submitter?.formNoValidate) setSubmitted(true);
      conformProps.onSubmit(event);
    },
  };
  const everything = submitted || !!options.lastResult;
  const refused = refusedAsAWhole(options.lastResult);
  const stateOf = (field: FieldMetadata<unknown>): FieldState =>
    field.errors?.length ? "invalid" : refused ? "idle" : everything || left.has(field.name) ? "valid" : "idle";
  return { form, fields, formProps, stateOf };
}

/**
 * The server refused the form as a whole (a wrong password, a domain rule), with no field at
 * fault: no field is shown green, as if it were what the member must keep.
 */
function refusedAsAWhole(result: SubmissionResult<string[]> | null | undefined) {
  const errors = Object.entries(result?.error ?? {}).filter(([, messages]) => messages?.length);
  return errors.length > 0 && errors.every(([name]) => name === "");
}

/**
 * A form that empties itself after a change it sent was saved: give it the answer of a successful
 * post (a new object with every post), null otherwise. Without JavaScript the page comes back
 * with an empty form anyway.
 */
export function useResetAfter(saved: object | null | undefined) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (saved) form.current?.reset();
  }, [saved]);
  return form;
}

interface Labelled {
  field: FieldMetadata<unknown>;
  label: string;
  state: FieldState;
  className?: string;
  hint?: React.ReactNode;
  /** Params of the error's catalogue entry (a maximum length, minutes). */
  errorParams?: Record<string, unknown> | undefined;
  /** The label is read out but not shown (a field whose row says what it is). */
  hideLabel?: boolean;
}

/** What every design-system field takes from a conform field: its label, hint, state and first error, translated from its catalogue key (with the params a form passes). */
function useLabelledProps({ field, label, state, className, hint, errorParams, hideLabel }: Labelled) {
  const { t } = useTranslation();
  const error = field.errors?.[0];
  return { label, hideLabel, hint, className, error: error ? t(error, errorParams) : undefined, validated: state === "valid" };
}

// conform's props (name, id, default value, constraints, aria) on the design system's fields
// (app/components/ui/fields.tsx): one family of fields whether a form is conform's or not.

export function FieldInput({
  field,
  label,
  state,
  className,
  hint,
  errorParams,
  hideLabel,
  ...input
}: Labelled & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "form">) {
  const labelled = useLabelledProps({ field, label, state, className, hint, errorParams, hideLabel });
  const { key: _key, ...props } = getInputProps(field, { type: (input.type ?? "text") as "text" });
  return <TextField {...props} {...input} {...labelled} />;
}

export function FieldSelect({
  options,
  placeholder = "—",
  selectKey,
  defaultValue,
  ...field
}: Labelled & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  /** Remounts the select (new options with a new default value). */
  selectKey?: string;
  defaultValue?: string;
}) {
  const labelled = useLabelledProps(field);
  const { key: _key, ...props } = getSelectProps(field.field);
  return (
    <Select {...props} key={selectKey} defaultValue={defaultValue ?? props.defaultValue ?? ""} {...labelled} options={options} placeholder={placeholder} />
  );
}

export function FieldTextarea({ rows = 5, maxLength, ...field }: Labelled & { rows?: number; maxLength?: number }) {
  const labelled = useLabelledProps(field);
  const { key: _key, ...props } = getTextareaProps(field.field);
  return <TextArea {...props} rows={rows} maxLength={maxLength} {...labelled} />;
}

/** The new password and its repeat (password reset and the settings' password form). */
export function NewPasswordFields({
  password,
  repeat,
  stateOf,
}: {
  password: FieldMetadata<unknown>;
  repeat: FieldMetadata<unknown>;
  stateOf: (field: FieldMetadata<unknown>) => FieldState;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FieldInput field={password} type="password" label={t("settings.newPassword")} autoComplete="new-password" state={stateOf(password)} />
      <FieldInput field={repeat} type="password" label={t("settings.repeatPassword")} autoComplete="new-password" state={stateOf(repeat)} />
    </>
  );
}
