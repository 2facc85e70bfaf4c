import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useFetcher, useLocation } from "react-router";
import { useInstalledApp } from "./installed-app.tsx";
import { Button, buttonClass, Dialog } from "./ui/index.ts";

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
    <Dialog serverOpen title={t("entryWarning.title")} titleId="entry-warning-title" size="md" data-testid="entry-warning">
      <p className="text-sm leading-relaxed">{t("entryWarning.body", { siteName })}</p>
      <fetcher.Form method="post" action="/api/entry-warning" className="mt-6 flex flex-wrap gap-3" onSubmit={() => setSubmitted(true)}>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <Button type="submit" disabled={saving} aria-busy={saving} className="flex-1">
          {t("entryWarning.enter")}
        </Button>
        <a href="https://www.google.com/" className={buttonClass({ variant: "outline" }, "flex-1")}>
          {t("entryWarning.leave")}
        </a>
      </fetcher.Form>
    </Dialog>
  );
}
