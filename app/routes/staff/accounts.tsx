// /staff/accounts (admins only): the staff accounts, a form to create one, and per account
// disable/enable, role and second-factor reset. A new TOTP secret is shown once, in the answer
// to the post that made it (never stored for display, never cached).
import { z } from "zod";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import type { Route } from "./+types/accounts";
import { FormMessage } from "#app/components/form-field.tsx";
import { AccountRowActions, CreateStaffForm, NewSecretPanel } from "#app/components/staff/staff-account-forms.tsx";
import { utc } from "#app/components/staff/format.ts";
import { StaffTable } from "#app/components/staff/table.tsx";
import { requireStaff } from "#app/staff/session.server.ts";
import {
  createStaff,
  createStaffForm,
  listStaffAccounts,
  resetStaffTotp,
  roleForm,
  setStaffDisabled,
  setStaffRole,
  type StaffAccountResult,
} from "#app/staff/staff-accounts.server.ts";
import { formFields, parseId, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, "admin");
  return { me: staff.id, accounts: await listStaffAccounts() };
}

// the page may show a new TOTP secret (the answer to a post): no cache keeps any of it
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

const intent = z.enum(["create", "disable", "enable", "role", "reset-totp"]);

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, "admin");
  const form = formFields(await readForm(request, context));
  const what = intent.safeParse(form.intent);
  let result: StaffAccountResult;
  if (!what.success) {
    result = { ok: false, message: "messages.invalidInput", status: 400 };
  } else if (what.data === "create") {
    const input = createStaffForm.safeParse(form);
    result = input.success ? await createStaff(staff, input.data) : { ok: false, message: "staff.accounts.errors.createInvalid", status: 400 };
  } else {
    const id = parseId(form.id);
    const role = roleForm.safeParse(form);
    if (!id) result = { ok: false, message: "staff.accounts.errors.notFound", status: 404 };
    else if (what.data === "disable" || what.data === "enable") result = await setStaffDisabled(staff, id, what.data === "disable");
    else if (what.data === "reset-totp") result = await resetStaffTotp(staff, id);
    else result = role.success ? await setStaffRole(staff, id, role.data.role) : { ok: false, message: "messages.invalidInput", status: 400 };
  }
  const { status, ...body } = result.ok ? { ...result, status: 200 } : result;
  return data(body, { status, headers: { "Cache-Control": "no-store" } });
}

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { me, accounts } = loaderData;
  return (
    <main>
      <h1 className="text-2xl font-bold">{t("staff.accounts.title")}</h1>
      <p className="mt-1 text-sm text-black/60">{t("staff.accounts.intro")}</p>
      {actionData ? (
        <div className="mt-4">
          <FormMessage tone={actionData.ok ? "success" : "danger"} message={actionData.message} params={actionData.params} />
        </div>
      ) : null}
      {actionData && "secret" in actionData && actionData.secret ? <NewSecretPanel {...actionData.secret} /> : null}
      <StaffTable
        title={t("staff.accounts.list")}
        testId="staff-accounts"
        headers={[
          t("staff.member.email"),
          t("staff.accounts.name"),
          t("staff.accounts.role"),
          t("staff.accounts.created"),
          t("staff.accounts.lastLogin"),
          t("staff.member.status"),
          "",
        ]}
        rows={accounts.map((a) => [
          a.email,
          a.name,
          t(`staff.roles.${a.role}`),
          utc(a.createdAt),
          utc(a.lastLoginAt),
          <span key="s" data-testid={`staff-status-${a.id}`}>
            {a.disabled ? t("staff.accounts.disabled") : t("staff.accounts.active")}
          </span>,
          <AccountRowActions key="x" id={a.id} role={a.role} disabled={a.disabled} self={a.id === me} />,
        ])}
      />
      <CreateStaffForm />
    </main>
  );
}
