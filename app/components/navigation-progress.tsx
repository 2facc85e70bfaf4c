// The navigation progress bar (spec section 9: throttle 200 ms, duration 5000 ms): a
// thin bar in the site's brand colour at the top of the page while a navigation or a fetcher's
// form post is pending. A quick answer shows nothing; a slow one shows the bar until it settles,
// and one that takes longer than 5 s is given up on (the bar hides; the page's own state speaks).
import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useFetchers, useNavigation } from "react-router";

const PROGRESS_THROTTLE_MS = 200;
const PROGRESS_DURATION_MS = 5_000;
/** How long the completed bar stays before it fades out. */
const DONE_MS = 250;

type Phase = "idle" | "running" | "done" | "gave_up";

/** A navigation (link, redirect, form) or a fetcher's submission; fetcher loads and background
 * revalidations (polling, live events) are not what the member waits for. */
function usePendingWork() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  return navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle" && f.formMethod != null);
}

export function NavigationProgress() {
  const { t } = useTranslation();
  const pending = usePendingWork();
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (pending) {
      // shown only when the wait outlasts the throttle; given up on after the duration
      const show = setTimeout(() => setPhase("running"), PROGRESS_THROTTLE_MS);
      const giveUp = setTimeout(() => setPhase("gave_up"), PROGRESS_THROTTLE_MS + PROGRESS_DURATION_MS);
      return () => {
        clearTimeout(show);
        clearTimeout(giveUp);
      };
    }
    // settled: a visible bar completes, then hides
    setPhase((p) => (p === "running" ? "done" : "idle"));
    return undefined;
  }, [pending]);

  useEffect(() => {
    if (phase !== "done") return;
    const hide = setTimeout(() => setPhase("idle"), DONE_MS);
    return () => clearTimeout(hide);
  }, [phase]);

  if (phase !== "running" && phase !== "done") return null;
  return (
    <div
      role="progressbar"
      aria-label={t("nav.loading")}
      aria-busy={phase === "running"}
      data-testid="navigation-progress"
      data-state={phase}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] h-[3px]"
    >
      <div
        className={`h-full origin-left bg-primary shadow-[0_0_6px_var(--color-primary)] motion-reduce:animate-none ${
          phase === "running"
            ? "animate-[nav-progress_5s_cubic-bezier(0.1,0.6,0.3,1)_forwards] motion-reduce:opacity-70"
            : "scale-x-100 opacity-0 transition-opacity duration-200 motion-reduce:transition-none"
        }`}
      />
    </div>
  );
}
