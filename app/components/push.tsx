// Web push in the page: the service worker's registration and the page-hidden beacon
// for signed-in members (PushRuntime), the push prompt alert (spec section 4), the signup flow's
// optional push step (spec: after location, before the e-mail confirmation) and the switch for
// this device on /notifications. All three offers share usePushDevice.
import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { Button, Card, Checkbox } from "./ui/index.ts";
import { currentPushState, registerServiceWorker, sendPageHidden, subscribePush, unsubscribePush, type PushState } from "#app/notifications/push-client.ts";

/** Mounted for signed-in members on every page: the worker, its messages and the beacon. */
export function PushRuntime() {
  const navigate = useNavigate();
  useEffect(() => {
    void registerServiceWorker();
    // a click on a notification focused this page: go where the notification leads
    const onMessage = (e: MessageEvent) => {
      const m = e.data as { type?: string; url?: string } | null;
      if (m?.type !== "navigate" || typeof m.url !== "string") return;
      const url = new URL(m.url, window.location.href);
      if (url.origin === window.location.origin) void navigate(url.pathname + url.search + url.hash);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") sendPageHidden();
    };
    navigator.serviceWorker?.addEventListener("message", onMessage);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      navigator.serviceWorker?.removeEventListener("message", onMessage);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [navigate]);
  return null;
}

/** The device's push state: "unknown" until the browser has answered. */
function usePushState() {
  const [state, setState] = useState<PushState>("unknown");
  useEffect(() => {
    let live = true;
    void currentPushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);
  return [state, setState] as const;
}

/**
 * The device's push state and the two things a member can do with it: subscribe (with the
 * deployment's key; POST /api/user.php?push=1) or unsubscribe. `failed` after an error.
 */
function usePushDevice(publicKey: string | null) {
  const [state, setState] = usePushState();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async (action: "subscribe" | "unsubscribe"): Promise<PushState | null> => {
    if (!publicKey) return null;
    setBusy(true);
    setFailed(false);
    try {
      const next = action === "subscribe" ? await subscribePush(publicKey) : await unsubscribePush();
      setState(next);
      return next;
    } catch {
      setFailed(true);
      return null;
    } finally {
      setBusy(false);
    }
  };
  /** spec section 4: offered only to capable members not yet subscribed, when a key exists */
  const offerable = !!publicKey && state === "not_subscribed";
  return { state, busy, failed, offerable, subscribe: () => run("subscribe"), unsubscribe: () => run("unsubscribe") };
}

// The location key the page was hydrated with: the prompt waits for the member's first
// navigation, because a bar appearing in the flow once the browser answered would push the page
// down under the reader (a layout shift of 0.06 to 0.09 on every member page).
let hydratedAt: string | null = null;

/** Notes the location the page was hydrated with (root.tsx, on every page). */
export function useNoteHydration() {
  const { key } = useLocation();
  if (typeof document !== "undefined") hydratedAt ??= key;
}

/**
 * Offered only to signed-in, capable members not yet subscribed, when a key exists and it was not
 * dismissed. Only the browser knows whether it is capable, so the prompt shows from the member's
 * first navigation on, as the last of the bars (components/alerts-bar.tsx): in the flow, never over the page.
 */
export function PushPrompt({ publicKey, onDismiss }: { publicKey: string | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { key } = useLocation();
  const { offerable, busy, failed, subscribe } = usePushDevice(publicKey);
  const dismiss = useFetcher();
  if (!offerable || hydratedAt === null || hydratedAt === key || dismiss.formData) return null;
  return (
    <div className="border-b border-info/40 bg-[color-mix(in_srgb,var(--color-info)_10%,white)]">
      <div className="container-site flex items-center gap-2 py-1.5 text-xs sm:gap-3 sm:py-2 sm:text-sm">
        <p className="min-w-0 flex-1">{t("push.prompt")}</p>
        {failed ? (
          <span role="alert" className="text-danger">
            {t("push.failed")}
          </span>
        ) : null}
        <Button variant="link" size="inline" disabled={busy} onClick={() => void subscribe()} className="shrink-0">
          {t("push.enable")}
        </Button>
        <dismiss.Form method="post" action="/api/alerts" className="shrink-0" onSubmit={onDismiss}>
          <input type="hidden" name="alert" value="push_prompt" />
          <Button type="submit" variant="subtle" size="inline" aria-label={t("alerts.dismiss")} className="h-8 w-8 text-lg">
            ×
          </Button>
        </dismiss.Form>
      </div>
    </div>
  );
}

/** /notifications: push on or off for this device. */
export function PushSwitch({ publicKey }: { publicKey: string | null }) {
  const { t } = useTranslation();
  const { state, busy, failed, subscribe, unsubscribe } = usePushDevice(publicKey);
  if (!publicKey) return null;
  const on = state === "subscribed";
  const usable = state === "subscribed" || state === "not_subscribed";
  const toggle = () => (on ? unsubscribe() : subscribe());
  return (
    <Card as="section" className="flex flex-col gap-2">
      <Checkbox role="switch" checked={on} aria-checked={on} disabled={busy || !usable} onChange={() => void toggle()} label={t("push.device")} />
      {state === "denied" ? <p className="text-sm text-black/70">{t("push.denied")}</p> : null}
      {state === "unsupported" ? <p className="text-sm text-black/70">{t("push.unsupported")}</p> : null}
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t("push.failed")}
        </p>
      ) : null}
    </Card>
  );
}

/**
 * The signup flow's optional push step. Offered like the prompt (capable, key, not subscribed);
 * where it cannot be offered the member goes straight on. "Allow" subscribes this device, "Not
 * now" goes on; neither the browser's answer nor an error keeps the member from the next step.
 */
export function SignupPushStep({ publicKey, next }: { publicKey: string | null; next: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, offerable, busy, failed, subscribe } = usePushDevice(publicKey);
  // nothing to offer (no key, no capability, blocked, already subscribed), or the member answered
  const done = !publicKey || (state !== "unknown" && !offerable && !busy);
  useEffect(() => {
    if (done) void navigate(next, { replace: true });
  }, [done, next, navigate]);
  if (state === "unknown" && publicKey)
    return (
      <p className="text-sm text-black/60" data-testid="signup-step-push" aria-busy="true">
        {t("nav.loading")}
      </p>
    );
  return (
    <div className="flex flex-col gap-4" data-testid="signup-step-push">
      <h1 className="text-2xl font-bold text-primary">{t("signup.steps.push.title")}</h1>
      <p className="text-sm text-black/70">{t("signup.steps.push.intro")}</p>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t("push.failed")}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <Button to={next} variant="link" size="inline" className="text-sm">
          {t("signup.pushNotNow")}
        </Button>
        <Button disabled={busy || !offerable} onClick={() => void subscribe()}>
          {t("signup.pushAllow")}
        </Button>
      </div>
    </div>
  );
}
