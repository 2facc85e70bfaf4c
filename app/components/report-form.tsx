// Reporting a profile or a conversation: a reason (required), what happened (optional) and a
// one-time key so a form sent twice files one report. Checked with reportSchema
// (app/support/case-schema.ts) in the browser and in the action; the result comes back as a toast.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { CASE_TEXT, REPORT_REASONS } from "#app/support/case-rules.ts";
import { reportSchema } from "#app/support/case-schema.ts";
import { FormMessage } from "./form-field.tsx";
import { FieldSelect, FieldTextarea, useSchemaForm } from "./schema-form.tsx";
import { Button, Card } from "./ui/index.ts";

export interface ReportFormProps {
  name: string;
  requestKey: string;
  /** the server's reply to a refused send */
  lastResult?: SubmissionResult<string[]> | undefined;
  /** the form message's params (the minutes of a rate limit) */
  params?: Record<string, unknown> | undefined;
  /** where the form posts (default: the current route) */
  action?: string;
  onCancel?: () => void;
}

const TEXT_LIMITS = { max: CASE_TEXT.max };

export function ReportForm({ name, requestKey, lastResult, params, action, onCancel }: ReportFormProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { form, fields, formProps, stateOf } = useSchemaForm(reportSchema, { id: "report", lastResult });
  return (
    <Card as={Form} method="post" action={action} {...formProps} padding="sm" data-testid="report-form" aria-labelledby="report-title">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name={fields.key.name} value={requestKey} />
      <p id="report-title" className="font-semibold text-dark">
        {t("support.report.title", { name })}
      </p>
      <p className="mt-1 text-sm text-black/70">{t("support.report.explained", { name })}</p>
      {form.errors?.length ? (
        <div className="mt-3">
          <FormMessage message={form.errors[0]} params={params} />
        </div>
      ) : null}
      <FieldSelect
        field={fields.reason}
        label={t("support.report.reason")}
        state={stateOf(fields.reason)}
        placeholder={t("support.report.choose")}
        options={REPORT_REASONS.map((r) => ({ value: r, label: t(`support.reasons.${r}`) }))}
        className="mt-3"
      />
      <FieldTextarea
        field={fields.text}
        rows={3}
        maxLength={CASE_TEXT.max}
        label={t("support.report.details")}
        errorParams={TEXT_LIMITS}
        state={stateOf(fields.text)}
        className="mt-3"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={busy} data-testid="report-send">
          {t("support.report.send")}
        </Button>
        {onCancel ? (
          <Button variant="outline" size="sm" onClick={onCancel}>
            {t("support.report.cancel")}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
