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
  // "sent" until the fetcher reads busy (in the first renders after the click it still reads idle),
  // then "saving" until the server has answered: the warning stays, busy, and goes once (gone at the
  // click, it came back modal while saving, and what the visitor typed then was lost)
  const [phase, setPhase] = useState<"asking" | "sent" | "saving">("asking");
  if (phase === "sent" && fetcher.state !== "idle") setPhase("saving");
  // the installed app shows no entry warning (spec section 2); the server knows from the next request on
  const installedApp = useInstalledApp();
  const busy = phase !== "asking";
  if (installedApp || (phase === "saving" && fetcher.state === "idle")) return null;
  return (
    <Dialog serverOpen title={t("entryWarning.title")} titleId="entry-warning-title" size="md" data-testid="entry-warning">
      <p className="text-sm leading-relaxed">{t("entryWarning.body", { siteName })}</p>
      <fetcher.Form
        method="post"
        action="/api/entry-warning"
        className="mt-6 flex flex-wrap gap-3"
        onSubmit={(e) => {
          if (busy)
            e.preventDefault(); // once is enough
          else setPhase("sent");
        }}
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {/* aria-disabled, not disabled: the button keeps the focus while the choice is saved */}
        <Button type="submit" aria-disabled={busy || undefined} aria-busy={busy || undefined} className="flex-1">
          {t("entryWarning.enter")}
        </Button>
        <a href="https://www.google.com/" className={buttonClass({ variant: "outline" }, "flex-1")}>
          {t("entryWarning.leave")}
        </a>
      </fetcher.Form>
    </Dialog>
  );
}
