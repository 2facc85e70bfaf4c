// The notification switches of /notifications: all types for a signed-in member, or the one type
// of an e-mail's signed link (the e-mail source variant).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, useNavigation } from "react-router";
import { isMarketing, MARKETING_TYPES, NOTIFICATION_TYPES, PUSH_TYPES, type NotificationTypeName } from "#app/notifications/notification-types.ts";
import { FormMessage, SubmitButton } from "./form-field.tsx";
import { Card } from "./ui/index.ts";

type Result = { ok: boolean; message: string } | undefined;

const GROUPS = [
  { title: "notifications.groupActivity", note: null, types: NOTIFICATION_TYPES.filter((n) => !isMarketing(n)) },
  { title: "notifications.groupMarketing", note: "notifications.marketingNote", types: [...MARKETING_TYPES] },
] as const;

/**
 * Every event with its e-mail switch and, where it has one, its push switch: a group per event
 * named by the event, so each box reads "Likes, E-mail". Marketing mail apart, with its consent rule.
 */
export function NotificationSwitches({
  off,
  pushOff,
  disabled,
  result,
}: {
  off: readonly string[];
  pushOff: readonly string[];
  disabled: boolean;
  result: Result;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <Card as="section">
      <p className="mb-4 text-sm text-black/70">{t("notifications.intro")}</p>
      {disabled ? <FormMessage tone="info" message="messages.notificationsDisabled" /> : null}
      <Form method="post" className="flex flex-col gap-5">
        {result ? <FormMessage tone={result.ok ? "success" : "danger"} message={result.message} /> : null}
        {GROUPS.map((g) => (
          <div key={g.title}>
            <div className="mb-1 flex items-end justify-between gap-3 border-b border-black/10 pb-1.5">
              <h2 className="font-semibold text-dark">{t(g.title)}</h2>
              <p className="grid w-36 shrink-0 grid-cols-2 text-center text-xs font-semibold uppercase tracking-wide text-black/60" aria-hidden>
                <span>{t("notifications.email")}</span>
                <span>{t("notifications.push")}</span>
              </p>
            </div>
            {g.note ? <p className="mb-1 text-xs text-black/60">{t(g.note)}</p> : null}
            {g.types.map((n) => (
              <fieldset key={n} className="flex items-center justify-between gap-3 border-b border-black/5 py-2 last:border-b-0">
                <legend className="float-left min-w-0 flex-1 text-sm">{t(`settings.notificationTypes.${n}`)}</legend>
                <div className="grid w-36 shrink-0 grid-cols-2 justify-items-center">
                  <Switch name="enabled" type={n} on={!off.includes(n)} label={t("notifications.email")} />
                  {(PUSH_TYPES as readonly string[]).includes(n) ? (
                    <Switch name="push" type={n} on={!pushOff.includes(n)} label={t("notifications.push")} />
                  ) : (
                    <span />
                  )}
                </div>
              </fieldset>
            ))}
          </div>
        ))}
        <SubmitButton busy={busy} className="self-start">
          {t("settings.save")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

/** One box of the grid: its name is the column's word; the group around it names the event. */
function Switch({ name, type, on, label }: { name: string; type: string; on: boolean; label: string }) {
  return (
    <label className="flex h-9 w-16 cursor-pointer items-center justify-center rounded hover:bg-light">
      <input type="checkbox" name={name} value={type} defaultChecked={on} aria-label={label} className="h-5 w-5 accent-primary" />
    </label>
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
