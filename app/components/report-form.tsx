// Reporting a profile or a conversation: a reason (required), what happened (optional) and a
// one-time key so a form sent twice files one report. The result comes back as a toast.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useNavigation } from "react-router";
import { REPORT_REASONS } from "#app/support/case-rules.ts";
import { Button, Card, Select, TextArea } from "./ui/index.ts";

export interface ReportFormProps {
  name: string;
  requestKey: string;
  /** the server's message key per field, after a refused send */
  errors?: Record<string, string> | undefined;
  params?: Record<string, unknown> | undefined;
  /** where the form posts (default: the current route) */
  action?: string;
  onCancel?: () => void;
}

export function ReportForm({ name, requestKey, errors, params, action, onCancel }: ReportFormProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Card as={Form} method="post" action={action} padding="sm" data-testid="report-form" aria-labelledby="report-title">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="key" value={requestKey} />
      <p id="report-title" className="font-semibold text-dark">
        {t("support.report.title", { name })}
      </p>
      <p className="mt-1 text-sm text-black/70">{t("support.report.explained", { name })}</p>
      <Select
        id="report-reason"
        name="reason"
        required
        defaultValue=""
        label={t("support.report.reason")}
        placeholder={t("support.report.choose")}
        options={REPORT_REASONS.map((r) => ({ value: r, label: t(`support.reasons.${r}`) }))}
        error={errors?.reason ? t(errors.reason, params) : undefined}
        className="mt-3"
      />
      <TextArea
        id="report-text"
        name="text"
        rows={3}
        maxLength={4000}
        label={t("support.report.details")}
        error={errors?.text ? t(errors.text, { max: 4000 }) : undefined}
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
