// The notification switches of /notifications: all types for a signed-in member, or the one type
// of an e-mail's signed link (the e-mail source variant).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, useNavigation } from "react-router";
import { NOTIFICATION_TYPES, type NotificationTypeName } from "#app/notifications/notification-types.ts";
import { FormMessage, SubmitButton } from "./form-field.tsx";
import { Card, Checkbox } from "./ui/index.ts";

type Result = { ok: boolean; message: string } | undefined;

export function NotificationSwitches({ off, disabled, result }: { off: readonly string[]; disabled: boolean; result: Result }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <Card as="section">
      <p className="mb-4 text-sm text-black/70">{t("notifications.intro")}</p>
      {disabled ? <FormMessage tone="info" message="messages.notificationsDisabled" /> : null}
      <Form method="post" className="flex flex-col gap-3" data-testid="notification-switches">
        {result ? <FormMessage tone={result.ok ? "success" : "danger"} message={result.message} /> : null}
        {NOTIFICATION_TYPES.map((n) => (
          <Checkbox key={n} name="enabled" value={n} defaultChecked={!off.includes(n)} label={t(`settings.notificationTypes.${n}`)} />
        ))}
        <SubmitButton busy={busy} className="mt-2 self-start">
          {t("settings.save")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

export function EmailSourceSwitch({
  type,
  on,
  email,
  loggedIn,
  result,
}: {
  type: NotificationTypeName;
  on: boolean;
  email: string;
  loggedIn: boolean;
  result: Result;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const name = t(`settings.notificationTypes.${type}`);
  return (
    <Card as="section" className="flex flex-col gap-4" data-testid="notification-email-source">
      {result ? <FormMessage tone={result.ok ? "success" : "danger"} message={result.message} params={{ type: name }} /> : null}
      <p className="break-words">{t(on ? "notifications.emailSourceOn" : "notifications.emailSourceOff", { type: name, email })}</p>
      <Form method="post">
        <input type="hidden" name="on" value={on ? "0" : "1"} />
        <SubmitButton busy={busy}>{t(on ? "notifications.turnOff" : "notifications.turnOn", { type: name })}</SubmitButton>
      </Form>
      <p className="text-sm text-black/70">
        <Link to={loggedIn ? "/notifications" : "/login?redirectTo=%2Fnotifications"} className="font-semibold underline">
          {t("notifications.manageAll")}
        </Link>
      </p>
    </Card>
  );
}
