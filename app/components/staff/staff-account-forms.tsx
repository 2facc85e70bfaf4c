// The forms of /staff/accounts: create an account, the actions on one account, and the panel that
// shows a new TOTP secret once. The admin's own row has no disable or demote (the server refuses
// them too).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { Button, Card, Select, TextField } from "#app/components/ui/index.ts";

const STAFF_ROLES = ["support", "admin", "marketing"] as const;

export function CreateStaffForm() {
  const { t } = useTranslation();
  return (
    <Card as={Form} method="post" padding="sm" className="mt-6 flex max-w-md flex-col gap-3" data-testid="create-staff-form">
      <h2 className="text-lg font-semibold">{t("staff.accounts.createTitle")}</h2>
      <input type="hidden" name="intent" value="create" />
      <TextField id="staff-email" name="email" type="email" required maxLength={254} autoComplete="off" label={t("staff.member.email")} />
      <TextField id="staff-name" name="name" required maxLength={100} autoComplete="off" label={t("staff.accounts.name")} />
      <Select
        id="staff-role"
        name="role"
        defaultValue="support"
        label={t("staff.accounts.role")}
        options={[
          { value: "support", label: t("staff.roles.support") },
          { value: "admin", label: t("staff.roles.admin") },
          { value: "marketing", label: t("staff.roles.marketing") },
        ]}
      />
      <TextField
        id="staff-password"
        name="password"
        type="password"
        required
        minLength={12}
        maxLength={128}
        autoComplete="new-password"
        label={t("staff.accounts.password")}
        hint={t("staff.accounts.passwordHelp")}
      />
      <Button type="submit" size="sm" className="self-start">
        {t("staff.accounts.create")}
      </Button>
    </Card>
  );
}

export function AccountRowActions({ id, role, disabled, self }: { id: number; role: string; disabled: boolean; self: boolean }) {
  const { t } = useTranslation();
  const others = STAFF_ROLES.filter((r) => r !== role);
  return (
    <div className="flex flex-wrap gap-2">
      {self ? (
        <span className="text-xs text-black/60">{t("staff.accounts.you")}</span>
      ) : (
        <>
          <Form method="post">
            <input type="hidden" name="intent" value={disabled ? "enable" : "disable"} />
            <input type="hidden" name="id" value={id} />
            <Button type="submit" variant="outline" size="sm">
              {disabled ? t("staff.accounts.enable") : t("staff.accounts.disable")}
            </Button>
          </Form>
          {others.map((other) => (
            <Form method="post" key={other}>
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="id" value={id} />
              <input type="hidden" name="role" value={other} />
              <Button type="submit" variant="outline" size="sm">
                {t("staff.accounts.makeRole", { role: t(`staff.roles.${other}`) })}
              </Button>
            </Form>
          ))}
        </>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="reset-totp" />
        <input type="hidden" name="id" value={id} />
        <Button type="submit" variant="outline" size="sm">
          {t("staff.accounts.resetTotp")}
        </Button>
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
      <p className="mt-2 text-sm">
        {t("staff.accounts.secret")}:{" "}
        <code className="select-all break-all font-mono" data-testid="new-secret-value">
          {secret}
        </code>
      </p>
      <p className="mt-1 text-sm">
        {t("staff.accounts.uri")}:{" "}
        <code className="select-all break-all font-mono text-xs" data-testid="new-secret-uri">
          {uri}
        </code>
      </p>
    </section>
  );
}
