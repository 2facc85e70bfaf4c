// The bars above a member's page (spec section 4: the alerts; the time bonus; the push prompt),
// one at a time by priority (ADR 041): the e-mail confirmation, the disabled e-mails, the time
// bonus, the add-photo reminder, then the push prompt. In the page's flow under the top bar,
// so none covers the page's own buttons; one line on phones.
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { alertHiddenOn, type AlertName } from "#app/alerts/alert-routes.ts";
import { Button } from "./ui/index.ts";
import { inMembersArea, TimeBonus, type TimeBonusData } from "./time-bonus.tsx";
import { PushPrompt } from "./push.tsx";

export interface MemberAlerts {
  activationReminder: boolean;
  notificationsDisabled: boolean;
  profilePhoto: boolean;
  pushPrompt: boolean;
}

export type BarName = "activation_reminder" | "notifications_disabled" | "time_bonus" | "profile_photo" | "push_prompt";

/** The bar a member sees on this page, or null: the first of the order that applies. */
function barToShow(o: { alerts: MemberAlerts; timeBonus: TimeBonusData | null; pathname: string; dismissed: ReadonlySet<string> }): BarName | null {
  const alert = (name: AlertName, on: boolean) => on && !alertHiddenOn(name, o.pathname) && !o.dismissed.has(name);
  if (alert("activation_reminder", o.alerts.activationReminder)) return "activation_reminder";
  if (alert("notifications_disabled", o.alerts.notificationsDisabled)) return "notifications_disabled";
  if (o.timeBonus && o.timeBonus.secondsLeft > 0 && inMembersArea(o.pathname)) return "time_bonus";
  if (alert("profile_photo", o.alerts.profilePhoto)) return "profile_photo";
  if (alert("push_prompt", o.alerts.pushPrompt)) return "push_prompt";
  return null;
}

const ROW = "container-site flex items-center gap-2 py-1.5 text-xs sm:gap-3 sm:py-2 sm:text-sm";

export function MemberBars({
  alerts,
  email,
  timeBonus,
  pushPublicKey,
}: {
  alerts: MemberAlerts;
  email: string;
  timeBonus: TimeBonusData | null;
  pushPublicKey: string | null;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // right after signup on a phone the reminder is a modal instead of a bar
  const asModal = useSearchParams()[0].has("api_signup_complete");
  const resend = useFetcher<{ sent?: boolean; error?: string }>();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const dismiss = (alert: string) => setDismissed((d) => new Set([...d, alert]));
  const bar = barToShow({ alerts, timeBonus, pathname, dismissed });
  return (
    <>
      {/* the popup of the time bonus is not a bar: it keeps its own rules */}
      <TimeBonus data={timeBonus} banner={bar === "time_bonus"} />
      {bar === "push_prompt" ? <PushPrompt publicKey={pushPublicKey} onDismiss={() => dismiss("push_prompt")} /> : null}
      {bar === "activation_reminder" || bar === "notifications_disabled" || bar === "profile_photo" ? (
        <div className="border-b border-warning/50 bg-warning/20">
          {bar === "activation_reminder" ? (
            <div
              className={
                asModal
                  ? "fixed inset-x-4 top-1/3 z-50 flex flex-wrap items-center gap-3 rounded-lg bg-white p-5 text-sm shadow-2xl md:static md:inset-auto md:mx-auto md:max-w-[1140px] md:rounded-none md:bg-transparent md:p-0 md:py-2 md:shadow-none"
                  : ROW
              }
              role={asModal ? "dialog" : undefined}
              data-testid="activation-reminder"
            >
              <p className="min-w-0 flex-1">
                <span className={asModal ? "" : "hidden sm:inline"}>{t("alerts.activation", { email })}</span>
                {asModal ? null : <span className="sm:hidden">{t("alerts.activationShort", { email })}</span>}
              </p>
              <resend.Form method="post" action="/api/activation-mail" className="shrink-0">
                <Button type="submit" variant="link" size="inline">
                  {resend.data?.sent ? t("alerts.activationSent") : t("alerts.activationResend")}
                </Button>
                {resend.data?.error ? (
                  <span role="alert" className="ml-2 text-danger">
                    {resend.data.error}
                  </span>
                ) : null}
              </resend.Form>
              <DismissButton alert="activation_reminder" onDismiss={dismiss} />
            </div>
          ) : null}
          {bar === "profile_photo" ? (
            <div className={ROW} data-testid="photo-warning">
              <p className="min-w-0 flex-1">
                <span className="hidden sm:inline">{t("alerts.photo")} </span>
                <a href="/profile" className="font-semibold underline">
                  {t("alerts.photoAction")}
                </a>
                <span className="sm:hidden"> · {t("alerts.photoShort")}</span>
              </p>
              <DismissButton alert="profile_photo" onDismiss={dismiss} />
            </div>
          ) : null}
          {bar === "notifications_disabled" ? (
            <div className={ROW} data-testid="notifications-disabled">
              <p className="min-w-0 flex-1">{t("messages.notificationsDisabled")}</p>
              <DismissButton alert="notifications_disabled" onDismiss={dismiss} />
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** × : stores the dismissal (the alert stays hidden) and hides the bar at once, making room for the next. */
function DismissButton({ alert, onDismiss }: { alert: BarName; onDismiss: (alert: BarName) => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action="/api/alerts" className="shrink-0" onSubmit={() => onDismiss(alert)}>
      <input type="hidden" name="alert" value={alert} />
      <Button type="submit" variant="subtle" size="inline" aria-label={t("alerts.dismiss")} className="h-8 w-8 text-lg">
        ×
      </Button>
    </fetcher.Form>
  );
}
