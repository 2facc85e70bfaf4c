// The action forms on a member's console page; admin-only ones are shown to admins only (and
// refused to others by the server).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";

const button = "rounded-full border border-slate-900 px-4 py-1.5 text-sm font-semibold enabled:hover:bg-slate-900 enabled:hover:text-white disabled:opacity-40";

export type SwitchIntent = "ban" | "hide-profile" | "direct-debit-block" | "fictional";
type Switches = Record<SwitchIntent, boolean>;

interface Props { role: string; status: string; locked: boolean; sessions: number; creditsKey: string; switches: Switches; hasProfile: boolean }

export function MemberActions({ role, status, locked, sessions, creditsKey, switches, hasProfile }: Props) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-black/10 bg-white p-4" data-testid="member-actions">
      <h2 className="text-lg font-semibold">{t("staff.actions.title")}</h2>
      <Form method="post"><input type="hidden" name="intent" value="lift-lockout" />
        <button type="submit" className={button} disabled={!locked}>{t("staff.actions.liftLockout")}</button></Form>
      {status === "not_confirmed" ? (
        <Form method="post"><input type="hidden" name="intent" value="resend-activation" />
          <button type="submit" className={button}>{t("staff.actions.resendActivation")}</button></Form>
      ) : null}
      {status !== "deleted" && status !== "banned" ? (
        <Form method="post"><input type="hidden" name="intent" value="password-reset" />
          <button type="submit" className={button}>{t("staff.actions.passwordReset")}</button></Form>
      ) : null}
      <Form method="post"><input type="hidden" name="intent" value="revoke-sessions" />
        <button type="submit" className={button} disabled={sessions === 0}>{t("staff.actions.revokeSessions", { count: sessions })}</button></Form>
      {status !== "deleted" ? (
        <Form method="post" className="flex flex-col gap-1 border-t border-black/10 pt-3" data-testid="export-form">
          <input type="hidden" name="intent" value="export-data" />
          <button type="submit" className={`${button} self-start`}>{t("staff.actions.exportData")}</button>
          <p className="text-xs text-black/60">{t("staff.actions.exportHelp")}</p>
        </Form>
      ) : null}
      {role === "admin" ? (
        <Form method="post" className="flex flex-col gap-2 border-t border-black/10 pt-3" data-testid="credits-form">
          <h3 className="font-semibold">{t("staff.actions.creditsTitle")}</h3>
          <input type="hidden" name="intent" value="credits" />
          <input type="hidden" name="key" value={creditsKey} />
          <label htmlFor="credits-amount" className="text-sm font-medium">{t("staff.actions.amount")}</label>
          <input id="credits-amount" name="amount" type="number" required min={-100000} max={100000} step={1} className="rounded border border-black/20 px-3 py-1.5" />
          <label htmlFor="credits-reason" className="text-sm font-medium">{t("staff.actions.reason")}</label>
          <textarea id="credits-reason" name="reason" required minLength={3} maxLength={500} rows={2} className="rounded border border-black/20 px-3 py-1.5" />
          <button type="submit" className={`${button} self-start`}>{t("staff.actions.applyCredits")}</button>
        </Form>
      ) : null}
      {role === "admin" && status !== "deleted" ? (
        <div className="flex flex-col gap-3 border-t border-black/10 pt-3" data-testid="switch-actions">
          <h3 className="font-semibold">{t("staff.actions.conductTitle")}</h3>
          {(["ban", "hide-profile", "direct-debit-block", "fictional"] as const)
            .filter((intent) => hasProfile || intent === "ban" || intent === "direct-debit-block")
            .map((intent) => <SwitchForm key={intent} intent={intent} on={switches[intent]} />)}
        </div>
      ) : null}
      {role === "admin" && status !== "deleted" ? <ErasureForm /> : null}
    </section>
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
      <label htmlFor={id} className="text-sm font-medium">{t("staff.actions.reasonShort")}</label>
      <input id={id} name="reason" required minLength={3} maxLength={500} className="rounded border border-black/20 px-3 py-1.5" />
      <button type="submit" className={`${button} self-start`}>{t(`staff.actions.switch.${intent}.${on ? "off" : "on"}`)}</button>
    </Form>
  );
}

/** Erasure on a request received by mail: irreversible, so a reason and a ticked confirmation. */
function ErasureForm() {
  const { t } = useTranslation();
  return (
    <Form method="post" className="flex flex-col gap-1 border-t border-black/10 pt-3" data-testid="erase-form">
      <h3 className="font-semibold">{t("staff.actions.eraseTitle")}</h3>
      <p className="text-xs text-black/60">{t("staff.actions.eraseHelp")}</p>
      <input type="hidden" name="intent" value="erase" />
      <label htmlFor="erase-reason" className="text-sm font-medium">{t("staff.actions.reason")}</label>
      <textarea id="erase-reason" name="reason" required minLength={3} maxLength={500} rows={2} className="rounded border border-black/20 px-3 py-1.5" />
      <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="confirm" value="erase" required />{t("staff.actions.eraseConfirm")}</label>
      <button type="submit" className={`${button} self-start border-red-700 text-red-700`}>{t("staff.actions.erase")}</button>
    </Form>
  );
}
