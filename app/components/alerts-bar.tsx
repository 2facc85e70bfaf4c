import { useTranslation } from "#app/i18n/use-translation.ts";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { alertHiddenOn } from "#app/alerts/alert-routes.ts";
import { Button } from "./ui/index.ts";
/** The warning banners of the default layout (spec section 4). */
export function AlertsBar({
  alerts,
  email,
}: {
  alerts: { activationReminder: boolean; notificationsDisabled: boolean; profilePhoto: boolean };
  email: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // right after signup on a phone the reminder is a modal instead of a bar
  const asModal = useSearchParams()[0].has("api_signup_complete");
  const resend = useFetcher<{ sent?: boolean; error?: string }>();
  const dismiss = useFetcher();
  const dismissed = (alert: string) => dismiss.formData?.get("alert") === alert;
  const showActivation = alerts.activationReminder && !alertHiddenOn("activation_reminder", pathname) && !dismissed("activation_reminder");
  const showNotifications = alerts.notificationsDisabled && !alertHiddenOn("notifications_disabled", pathname) && !dismissed("notifications_disabled");
  const showPhoto = alerts.profilePhoto && !alertHiddenOn("profile_photo", pathname) && !dismissed("profile_photo");
  if (!showActivation && !showNotifications && !showPhoto) return null;
  return (
    <div className="border-b border-warning/50 bg-warning/20">
      {showActivation ? (
        <div
          className={
            asModal
              ? "fixed inset-x-4 top-1/3 z-50 flex flex-wrap items-center gap-3 rounded-lg bg-white p-5 text-sm shadow-2xl md:static md:inset-auto md:mx-auto md:max-w-[1140px] md:rounded-none md:bg-transparent md:p-0 md:py-2 md:shadow-none"
              : "container-site flex flex-wrap items-center gap-3 py-2 text-sm"
          }
          role={asModal ? "dialog" : undefined}
          data-testid="activation-reminder"
        >
          <p className="flex-1">{t("alerts.activation", { email })}</p>
          <resend.Form method="post" action="/api/activation-mail">
            <Button type="submit" variant="link" size="inline">
              {resend.data?.sent ? t("alerts.activationSent") : t("alerts.activationResend")}
            </Button>
            {resend.data?.error ? (
              <span role="alert" className="ml-2 text-danger">
                {resend.data.error}
              </span>
            ) : null}
          </resend.Form>
          <DismissButton fetcher={dismiss} alert="activation_reminder" />
        </div>
      ) : null}
      {showPhoto ? (
        <div className="container-site flex items-center gap-3 py-2 text-sm" data-testid="photo-warning">
          <p className="flex-1">
            {t("alerts.photo")}{" "}
            <a href="/profile" className="font-semibold underline">
              {t("alerts.photoAction")}
            </a>
          </p>
          <DismissButton fetcher={dismiss} alert="profile_photo" />
        </div>
      ) : null}
      {showNotifications ? (
        <div className="container-site flex items-center gap-3 py-2 text-sm" data-testid="notifications-disabled">
          <p className="flex-1">{t("messages.notificationsDisabled")}</p>
          <DismissButton fetcher={dismiss} alert="notifications_disabled" />
        </div>
      ) : null}
    </div>
  );
}

function DismissButton({ fetcher, alert }: { fetcher: ReturnType<typeof useFetcher>; alert: string }) {
  const { t } = useTranslation();
  return (
    <fetcher.Form method="post" action="/api/alerts">
      <input type="hidden" name="alert" value={alert} />
      <Button type="submit" variant="subtle" size="inline" aria-label={t("alerts.dismiss")} className="h-8 w-8 text-lg">
        ×
      </Button>
    </fetcher.Form>
  );
}
