// Reporting a profile or a conversation: a reason (required), what happened (optional) and a
// one-time key so a form sent twice files one report. The result comes back as a toast.
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useNavigation } from "react-router";
import { FlagIcon } from "#app/components/icons.tsx";
import { newRequestKey, REPORT_REASONS } from "#app/support/case-rules.ts";

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
    <Form method="post" action={action} className="rounded-xl border border-black/15 bg-white p-4" data-testid="report-form" aria-labelledby="report-title">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="key" value={requestKey} />
      <p id="report-title" className="font-semibold text-dark">{t("support.report.title", { name })}</p>
      <p className="mt-1 text-sm text-black/70">{t("support.report.explained", { name })}</p>
      <label htmlFor="report-reason" className="mb-1 mt-3 block text-sm font-medium">{t("support.report.reason")}</label>
      <select id="report-reason" name="reason" required defaultValue="" className={`w-full rounded border bg-white px-3 py-2 ${errors?.reason ? "border-danger" : "border-black/20"}`}
        aria-invalid={errors?.reason ? true : undefined} aria-describedby={errors?.reason ? "report-reason-error" : undefined}>
        <option value="" disabled>{t("support.report.choose")}</option>
        {REPORT_REASONS.map((r) => <option key={r} value={r}>{t(`support.reasons.${r}`)}</option>)}
      </select>
      {errors?.reason ? <p id="report-reason-error" role="alert" className="mt-1 text-sm text-danger">{t(errors.reason, params)}</p> : null}
      <label htmlFor="report-text" className="mb-1 mt-3 block text-sm font-medium">{t("support.report.details")}</label>
      <textarea id="report-text" name="text" rows={3} maxLength={4000} className={`w-full rounded border px-3 py-2 ${errors?.text ? "border-danger" : "border-black/20"}`} />
      {errors?.text ? <p role="alert" className="mt-1 text-sm text-danger">{t(errors.text, { max: 4000 })}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="rounded-full bg-danger px-4 py-2 text-sm font-bold text-white hover:opacity-90 disabled:opacity-60" data-testid="report-send">
          {t("support.report.send")}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="rounded-full border border-black/20 px-4 py-2 text-sm font-semibold text-dark hover:bg-light">
            {t("support.report.cancel")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/** "Report {name}" that opens the form in place; it stays open when the server refused the send. */
export function ReportButton({ name, errors, params }: { name: string; errors?: Record<string, string> | undefined; params?: Record<string, unknown> | undefined }) {
  const { t } = useTranslation();
  const [key, setKey] = useState<string | null>(() => (errors ? newRequestKey() : null));
  if (key) return <div className="mt-4"><ReportForm name={name} requestKey={key} errors={errors} params={params} onCancel={() => setKey(null)} /></div>;
  return (
    <button type="button" onClick={() => setKey(newRequestKey())} className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-black/70 underline hover:text-dark" data-testid="report-open">
      <FlagIcon /> {t("support.report.open", { name })}
    </button>
  );
}
