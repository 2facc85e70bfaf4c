// The forms of /staff/accounts: create an account (conform, checked with createStaffSchema in the
// browser and in the action), the actions on one account, and the panel that shows a new TOTP
// secret once. The admin's own row has no disable or demote (the server refuses them too).
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { FieldInput, FieldSelect, useResetAfter, useSchemaForm } from "#app/components/schema-form.tsx";
import { Button, Card } from "#app/components/ui/index.ts";
import { createStaffSchema, STAFF_ROLES } from "#app/staff/staff-account-schema.ts";

export function CreateStaffForm({
  lastResult,
  params,
  resetAfter,
}: {
  /** the server's reply to a refused create (without the password) */
  lastResult?: SubmissionResult<string[]> | undefined;
  /** the refusal's params (the address that has an account) */
  params?: Record<string, unknown> | undefined;
  /** the answer to a created account: the form empties itself */
  resetAfter: object | null;
}) {
  const { t } = useTranslation();
  const ref = useResetAfter(resetAfter);
  const { form, fields, formProps, stateOf } = useSchemaForm(createStaffSchema, {
    id: "create-staff",
    lastResult,
    defaultValue: { role: "support" },
  });
  return (
    <Card as={Form} ref={ref} method="post" {...formProps} padding="sm" className="mt-6 flex max-w-md flex-col gap-3" data-testid="create-staff-form">
      <h2 className="text-lg font-semibold">{t("staff.accounts.createTitle")}</h2>
      <FormMessage message={form.errors?.[0]} params={params} />
      <input type="hidden" name="intent" value="create" />
      <FieldInput field={fields.email} type="email" autoComplete="off" label={t("staff.member.email")} state={stateOf(fields.email)} />
      <FieldInput field={fields.name} autoComplete="off" label={t("staff.accounts.name")} state={stateOf(fields.name)} />
      <FieldSelect
        field={fields.role}
        label={t("staff.accounts.role")}
        state={stateOf(fields.role)}
        options={STAFF_ROLES.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }))}
      />
      <FieldInput
        field={fields.password}
        type="password"
        autoComplete="new-password"
        label={t("staff.accounts.password")}
        hint={t("staff.accounts.passwordHelp")}
        state={stateOf(fields.password)}
      />
      <SubmitButton size="sm" className="self-start">
        {t("staff.accounts.create")}
      </SubmitButton>
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
