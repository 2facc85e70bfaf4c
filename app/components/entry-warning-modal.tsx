import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useFetcher, useLocation } from "react-router";
import { useInstalledApp } from "./installed-app.tsx";

/**
 * The adult-content entry warning. Dismissing posts to the server, so it also works without
 * JavaScript; it closes only once the server has stored the choice, so a page opened right after
 * does not show it again.
 */
export function EntryWarningModal({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const [submitted, setSubmitted] = useState(false);
  // the installed app shows no entry warning (spec section 2); the server knows from the next request on
  const installedApp = useInstalledApp();
  const saving = submitted && fetcher.state !== "idle";
  if (installedApp || (submitted && fetcher.state === "idle")) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4" role="presentation">
      <div role="dialog" aria-modal="true" aria-labelledby="entry-warning-title" className="w-full max-w-[500px] rounded-lg bg-white p-6 shadow-xl" data-testid="entry-warning">
        <h2 id="entry-warning-title" className="text-xl font-bold text-primary">{t("entryWarning.title")}</h2>
        <p className="mt-3 text-sm leading-relaxed">{t("entryWarning.body", { siteName })}</p>
        <fetcher.Form method="post" action="/api/entry-warning" className="mt-6 flex flex-wrap gap-3" onSubmit={() => setSubmitted(true)}>
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" disabled={saving} aria-busy={saving} className="flex-1 rounded-full bg-primary px-5 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-60">
            {t("entryWarning.enter")}
          </button>
          <a href="https://www.google.com/" className="flex-1 rounded-full border border-black/20 px-5 py-2 text-center font-semibold">
            {t("entryWarning.leave")}
          </a>
        </fetcher.Form>
      </div>
    </div>
  );
}
