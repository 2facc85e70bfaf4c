// The forms of /staff/accounts: create an account, the actions on one account, and the panel that
// shows a new TOTP secret once. The admin's own row has no disable or demote (the server refuses
// them too).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";

const button = "rounded-full border border-slate-900 px-3 py-0.5 text-xs font-semibold hover:bg-slate-900 hover:text-white";
const input = "rounded border border-black/20 px-3 py-1.5";

export function CreateStaffForm() {
  const { t } = useTranslation();
  return (
    <Form method="post" className="mt-6 flex max-w-md flex-col gap-2 rounded-lg border border-black/10 bg-white p-4" data-testid="create-staff-form">
      <h2 className="text-lg font-semibold">{t("staff.accounts.createTitle")}</h2>
      <input type="hidden" name="intent" value="create" />
      <label htmlFor="staff-email" className="text-sm font-medium">{t("staff.member.email")}</label>
      <input id="staff-email" name="email" type="email" required maxLength={254} autoComplete="off" className={input} />
      <label htmlFor="staff-name" className="text-sm font-medium">{t("staff.accounts.name")}</label>
      <input id="staff-name" name="name" required maxLength={100} autoComplete="off" className={input} />
      <label htmlFor="staff-role" className="text-sm font-medium">{t("staff.accounts.role")}</label>
      <select id="staff-role" name="role" defaultValue="support" className={input}>
        <option value="support">{t("staff.roles.support")}</option>
        <option value="admin">{t("staff.roles.admin")}</option>
      </select>
      <label htmlFor="staff-password" className="text-sm font-medium">{t("staff.accounts.password")}</label>
      <input id="staff-password" name="password" type="password" required minLength={12} maxLength={128} autoComplete="new-password" className={input} />
      <p className="text-xs text-black/60">{t("staff.accounts.passwordHelp")}</p>
      <button type="submit" className="self-start rounded-full bg-slate-900 px-4 py-1.5 text-sm font-semibold text-white">{t("staff.accounts.create")}</button>
    </Form>
  );
}

export function AccountRowActions({ id, role, disabled, self }: { id: number; role: string; disabled: boolean; self: boolean }) {
  const { t } = useTranslation();
  const other = role === "admin" ? "support" : "admin";
  return (
    <div className="flex flex-wrap gap-2">
      {self ? <span className="text-xs text-black/60">{t("staff.accounts.you")}</span> : (
        <>
          <Form method="post">
            <input type="hidden" name="intent" value={disabled ? "enable" : "disable"} />
            <input type="hidden" name="id" value={id} />
            <button type="submit" className={button}>{disabled ? t("staff.accounts.enable") : t("staff.accounts.disable")}</button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="role" value={other} />
            <button type="submit" className={button}>{t("staff.accounts.makeRole", { role: t(`staff.roles.${other}`) })}</button>
          </Form>
        </>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="reset-totp" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className={button}>{t("staff.accounts.resetTotp")}</button>
      </Form>
    </div>
  );
}

export function NewSecretPanel({ email, secret, uri }: { email: string; secret: string; uri: string }) {
  const { t } = useTranslation();
  return (
    <section className="mt-4 rounded-lg border border-amber-500 bg-amber-50 p-4" data-testid="new-secret">
      <h2 className="font-semibold">{t("staff.accounts.secretTitle", { email })}</h2>
      <p className="mt-1 text-sm">{t("staff.accounts.secretHelp")}</p>
      <p className="mt-2 text-sm">{t("staff.accounts.secret")}: <code className="select-all break-all font-mono" data-testid="new-secret-value">{secret}</code></p>
      <p className="mt-1 text-sm">{t("staff.accounts.uri")}: <code className="select-all break-all font-mono text-xs" data-testid="new-secret-uri">{uri}</code></p>
    </section>
  );
}
