// The action forms on a member's console page; admin-only ones are shown to admins only (and
// refused to others by the server).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { Button, Card, Checkbox, TextArea, TextField } from "#app/components/ui/index.ts";

type SwitchIntent = "ban" | "hide-profile" | "direct-debit-block" | "fictional";
type Switches = Record<SwitchIntent, boolean>;

interface Props {
  role: string;
  status: string;
  locked: boolean;
  sessions: number;
  creditsKey: string;
  switches: Switches;
  hasProfile: boolean;
}

export function MemberActions({ role, status, locked, sessions, creditsKey, switches, hasProfile }: Props) {
  const { t } = useTranslation();
  return (
    <Card as="section" padding="sm" className="flex flex-col items-start gap-3" data-testid="member-actions">
      <h2 className="text-lg font-semibold">{t("staff.actions.title")}</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="lift-lockout" />
        <Button type="submit" variant="outline" size="sm" disabled={!locked}>
          {t("staff.actions.liftLockout")}
        </Button>
      </Form>
      {status === "not_confirmed" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="resend-activation" />
          <Button type="submit" variant="outline" size="sm">
            {t("staff.actions.resendActivation")}
          </Button>
        </Form>
      ) : null}
      {status !== "deleted" && status !== "banned" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="password-reset" />
          <Button type="submit" variant="outline" size="sm">
            {t("staff.actions.passwordReset")}
          </Button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="revoke-sessions" />
        <Button type="submit" variant="outline" size="sm" disabled={sessions === 0}>
          {t("staff.actions.revokeSessions", { count: sessions })}
        </Button>
      </Form>
      {status !== "deleted" ? (
        <Form method="post" className="flex w-full flex-col gap-1 border-t border-black/10 pt-3" data-testid="export-form">
          <input type="hidden" name="intent" value="export-data" />
          <Button type="submit" variant="outline" size="sm" className="self-start">
            {t("staff.actions.exportData")}
          </Button>
          <p className="text-xs text-black/60">{t("staff.actions.exportHelp")}</p>
        </Form>
      ) : null}
      {role === "admin" ? (
        <Form method="post" className="flex w-full flex-col gap-2 border-t border-black/10 pt-3" data-testid="credits-form">
          <h3 className="font-semibold">{t("staff.actions.creditsTitle")}</h3>
          <input type="hidden" name="intent" value="credits" />
          <input type="hidden" name="key" value={creditsKey} />
          <TextField id="credits-amount" name="amount" type="number" required min={-100000} max={100000} step={1} label={t("staff.actions.amount")} />
          <TextArea id="credits-reason" name="reason" required minLength={3} maxLength={500} rows={2} label={t("staff.actions.reason")} />
          <Button type="submit" variant="outline" size="sm" className="self-start">
            {t("staff.actions.applyCredits")}
          </Button>
        </Form>
      ) : null}
      {role === "admin" && status !== "deleted" ? (
        <div className="flex w-full flex-col gap-3 border-t border-black/10 pt-3" data-testid="switch-actions">
          <h3 className="font-semibold">{t("staff.actions.conductTitle")}</h3>
          {(["ban", "hide-profile", "direct-debit-block", "fictional"] as const)
            .filter((intent) => hasProfile || intent === "ban" || intent === "direct-debit-block")
            .map((intent) => (
              <SwitchForm key={intent} intent={intent} on={switches[intent]} />
            ))}
        </div>
      ) : null}
      {role === "admin" && status !== "deleted" ? <ErasureForm /> : null}
    </Card>
  );
}

/** One reversible action (ban, hide, block, mark) with its required reason; the button says what a click does now. */
function SwitchForm({ intent, on }: { intent: SwitchIntent; on: boolean }) {
  const { t } = useTranslation();
  const id = `reason-${intent}`;
  return (
    <Form method="post" className="flex flex-col gap-1" data-testid={`switch-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="on" value={on ? "0" : "1"} />
      <TextField id={id} name="reason" required minLength={3} maxLength={500} label={t("staff.actions.reasonShort")} />
      <Button type="submit" variant="outline" size="sm" className="self-start">
        {t(`staff.actions.switch.${intent}.${on ? "off" : "on"}`)}
      </Button>
    </Form>
  );
}

/** Erasure on a request received by mail: irreversible, so a reason and a ticked confirmation. */
function ErasureForm() {
  const { t } = useTranslation();
  return (
    <Form method="post" className="flex w-full flex-col gap-2 border-t border-black/10 pt-3" data-testid="erase-form">
      <h3 className="font-semibold">{t("staff.actions.eraseTitle")}</h3>
      <p className="text-xs text-black/60">{t("staff.actions.eraseHelp")}</p>
      <input type="hidden" name="intent" value="erase" />
      <TextArea id="erase-reason" name="reason" required minLength={3} maxLength={500} rows={2} label={t("staff.actions.reason")} />
      <Checkbox name="confirm" value="erase" required label={t("staff.actions.eraseConfirm")} className="text-sm" />
      <Button type="submit" variant="danger-outline" size="sm" className="self-start">
        {t("staff.actions.erase")}
      </Button>
    </Form>
  );
}
