// The forms of a case's console page: an internal note, and the outcome that closes the case
// (mailed to the reporter). conform forms checked with the schemas the action parses
// (app/staff/case-note-schema.ts); each shows only its own answer.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { FieldTextarea, useResetAfter, useSchemaForm } from "#app/components/schema-form.tsx";
import { Card } from "#app/components/ui/index.ts";
import { caseCloseSchema, caseNoteSchema } from "#app/staff/case-note-schema.ts";
import { answerFor, type FormAnswer } from "#app/staff/form-answer.ts";
import { CASE_TEXT } from "#app/support/case-rules.ts";

export function CaseNoteForm({ answer }: { answer: FormAnswer | null | undefined }) {
  const { t } = useTranslation();
  const { lastResult, params, saved } = answerFor(answer, "case-note");
  const ref = useResetAfter(saved);
  const { form, fields, formProps, stateOf } = useSchemaForm(caseNoteSchema, { id: "case-note", lastResult });
  return (
    <Card as={Form} ref={ref} method="post" {...formProps} padding="sm" className="flex flex-col gap-2">
      <FormMessage message={form.errors?.[0]} params={params} />
      <input type="hidden" name="intent" value="note" />
      <FieldTextarea field={fields.text} rows={3} maxLength={CASE_TEXT.max} label={t("staff.cases.note")} state={stateOf(fields.text)} />
      <SubmitButton size="sm" className="self-start">
        {t("staff.cases.addNote")}
      </SubmitButton>
    </Card>
  );
}

export function CaseCloseForm({ answer }: { answer: FormAnswer | null | undefined }) {
  const { t } = useTranslation();
  const { lastResult, params } = answerFor(answer, "case-close");
  const { form, fields, formProps, stateOf } = useSchemaForm(caseCloseSchema, { id: "case-close", lastResult });
  return (
    <Card as={Form} method="post" {...formProps} padding="sm" className="flex flex-col gap-2">
      <FormMessage message={form.errors?.[0]} params={params} />
      <input type="hidden" name="intent" value="close" />
      <FieldTextarea
        field={fields.outcome}
        rows={4}
        maxLength={CASE_TEXT.max}
        label={t("staff.cases.outcomeLabel")}
        hint={t("staff.cases.outcomeHint")}
        state={stateOf(fields.outcome)}
      />
      <SubmitButton size="sm" className="self-start" testId="case-close">
        {t("staff.cases.close")}
      </SubmitButton>
    </Card>
  );
}
