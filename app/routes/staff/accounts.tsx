// /staff/accounts (admins only): the staff accounts, a form to create one, and per account
// disable/enable, role and second-factor reset. A new TOTP secret is shown once, in the answer
// to the post that made it (never stored for display, never cached). The create form is checked
// with createStaffSchema in the browser and in the action; its errors come back under its fields,
// never with the password.
import { z } from "zod";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/accounts";
import { FormMessage } from "#app/components/form-field.tsx";
import { AccountRowActions, CreateStaffForm, NewSecretPanel } from "#app/components/staff/staff-account-forms.tsx";
import { utc } from "#app/components/staff/format.ts";
import { StaffTable } from "#app/components/staff/table.tsx";
import { requireStaff } from "#app/staff/session.server.ts";
import { createStaffSchema, roleSchema } from "#app/staff/staff-account-schema.ts";
import { createStaff, listStaffAccounts, resetStaffTotp, setStaffDisabled, setStaffRole, type StaffAccountResult } from "#app/staff/staff-accounts.server.ts";
import { parseId, parseSubmission, readForm } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, "admin");
  return { me: staff.id, accounts: await listStaffAccounts() };
}

// the page may show a new TOTP secret (the answer to a post): no cache keeps any of it
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

const intent = z.enum(["create", "disable", "enable", "role", "reset-totp"]);

// the password typed is never sent back into the page
const NO_ECHO = { hideFields: ["password"] };

type Answer = {
  ok: boolean;
  /** what the page says above the list (a catalogue key) */
  message?: string;
  params?: Record<string, unknown> | undefined;
  /** a new TOTP secret, shown once */
  secret?: { email: string; secret: string; uri: string } | undefined;
  /** the answer is the create form's */
  form?: "create";
  result?: SubmissionResult<string[]>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, "admin");
  const form = await readForm(request, context);
  const answer = (body: Answer, status: number) => data<Answer>(body, { status, headers: { "Cache-Control": "no-store" } });
  const what = intent.safeParse(form.get("intent"));
  if (!what.success) return answer({ ok: false, message: "messages.invalidInput" }, 400);
  if (what.data === "create") {
    const submission = parseSubmission(form, createStaffSchema);
    if (submission.status !== "success") return answer({ ok: false, form: "create", result: submission.reply(NO_ECHO) }, 400);
    const result = await createStaff(staff, submission.value);
    if (result.ok) return answer({ ...result, form: "create" }, 200);
    // a refusal (the address has an account, the actor is no admin any more) is the form's message
    const { status, ...refusal } = result;
    return answer({ ...refusal, form: "create", result: submission.reply({ formErrors: [result.message], ...NO_ECHO }) }, status);
  }
  const id = parseId(form.get("id"));
  let result: StaffAccountResult;
  if (!id) result = { ok: false, message: "staff.accounts.errors.notFound", status: 404 };
  else if (what.data === "disable" || what.data === "enable") result = await setStaffDisabled(staff, id, what.data === "disable");
  else if (what.data === "reset-totp") result = await resetStaffTotp(staff, id);
  else {
    const role = roleSchema.safeParse({ role: form.get("role") });
    result = role.success ? await setStaffRole(staff, id, role.data.role) : { ok: false, message: "messages.invalidInput", status: 400 };
  }
  const { status, ...body } = result.ok ? { ...result, status: 200 } : result;
  return answer(body, status);
}

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { me, accounts } = loaderData;
  const created = actionData?.form === "create";
  // the create form's refusals show in the form; everything else (and a new account) up here
  const shown = actionData && (actionData.ok || !created) ? actionData : null;
  return (
    <main>
      <h1 className="text-2xl font-bold">{t("staff.accounts.title")}</h1>
      <p className="mt-1 text-sm text-black/60">{t("staff.accounts.intro")}</p>
      {shown ? (
        <div className="mt-4">
          <FormMessage tone={shown.ok ? "success" : "danger"} message={shown.message} params={shown.params} />
        </div>
      ) : null}
      {actionData?.secret ? <NewSecretPanel {...actionData.secret} /> : null}
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
      <CreateStaffForm
        lastResult={created && !actionData.ok ? actionData.result : undefined}
        params={created ? actionData.params : undefined}
        resetAfter={created && actionData.ok ? actionData : null}
      />
    </main>
  );
}
