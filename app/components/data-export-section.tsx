// Settings: "Download my data". The button queues an export; the link arrives by mail.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { FormMessage, SubmitButton } from "./form-field.tsx";
import { buttonClass } from "./ui/index.ts";
import { formatUtcDate } from "#app/utils/format.ts";

interface Props {
  state: { pending: boolean; readyUntil: string | null };
  result?: { ok?: boolean | undefined; message?: string | undefined; params?: Record<string, unknown> | undefined } | undefined;
  busy: boolean;
}

export function DataExportSection({ state, result, busy }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Form method="post" className="flex flex-col gap-3" data-testid="settings-export">
      <input type="hidden" name="intent" value="export" />
      <p className="text-sm text-black/70">{t("privacy.intro")}</p>
      {result?.message ? <FormMessage tone={result.ok ? "success" : "danger"} message={result.message} params={result.params} /> : null}
      {!result && state.pending ? <FormMessage tone="info" message="privacy.pending" /> : null}
      {!result && !state.pending && state.readyUntil ? (
        <FormMessage tone="info" message="privacy.readyUntil" params={{ date: formatUtcDate(state.readyUntil, i18n.language) }} />
      ) : null}
      <SubmitButton busy={busy || state.pending} className="self-start">
        {t("privacy.request")}
      </SubmitButton>
    </Form>
  );
}

/** /account/data-export: the export a mailed link names, with its download button. */
export function DataExportDownload({ href, readyAt, expiresAt, size }: { href: string; readyAt: string; expiresAt: string; size: number }) {
  const { t, i18n } = useTranslation();
  return (
    <main className="container-site flex max-w-2xl flex-col gap-4 py-10">
      <h1 className="text-2xl font-bold text-primary">{t("privacy.readyTitle")}</h1>
      <p>{t("privacy.readyText", { date: formatUtcDate(readyAt, i18n.language), until: formatUtcDate(expiresAt, i18n.language) })}</p>
      <a href={href} download className={buttonClass({}, "self-start")} data-testid="export-download">
        {t("privacy.download", { size: Math.max(1, Math.round(size / 1024)) })}
      </a>
    </main>
  );
}
