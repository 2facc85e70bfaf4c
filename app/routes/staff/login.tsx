// /staff/login: staff e-mail, password and authenticator code (a member account cannot log in here).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/login";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { FieldInput, useSchemaForm } from "#app/components/schema-form.tsx";
import { Card } from "#app/components/ui/index.ts";
import { currentStaff } from "#app/staff/session.server.ts";
import { staffLogIn } from "#app/staff/login.server.ts";
import { staffLoginSchema } from "#app/staff/login-schema.ts";
import { formFields, parseSubmission, readForm } from "#app/utils/request.server.ts";
import { safeRedirectPath } from "#app/utils/redirect.ts";

const back = (target: unknown, request: Request) => {
  const path = safeRedirectPath(target, request, "/staff");
  return path === "/staff" || path.startsWith("/staff/") || path.startsWith("/staff?") ? path : "/staff";
};

// neither the password nor the code is sent back into the page
const NO_ECHO = { hideFields: ["password", "code"] };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await currentStaff(request)) throw redirect(back(url.searchParams.get("redirectTo"), request));
  return { redirectTo: (url.searchParams.get("redirectTo") ?? "").slice(0, 500) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const submission = parseSubmission(form, staffLoginSchema);
  const fields = formFields(form);
  const result = await staffLogIn(request, context, fields);
  if (!result.ok)
    return data<{ result: SubmissionResult<string[]> }>({ result: submission.reply({ formErrors: [result.message], ...NO_ECHO }) }, { status: result.status });
  return redirect(back(fields.redirectTo, request), { headers: { "Set-Cookie": result.setCookie } });
}

export default function StaffLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { form, fields, formProps, stateOf } = useSchemaForm(staffLoginSchema, { id: "staff-login", lastResult: actionData?.result });
  return (
    <Card as="main" className="mx-auto max-w-md">
      <h1 className="mb-4 text-2xl font-bold">{t("staff.login.title")}</h1>
      <Form method="post" {...formProps} className="flex flex-col gap-4" data-testid="staff-login-form">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormMessage message={form.errors?.[0]} />
        <FieldInput field={fields.email} type="email" label={t("staff.login.email")} autoComplete="username" state={stateOf(fields.email)} />
        <FieldInput
          field={fields.password}
          type="password"
          label={t("staff.login.password")}
          autoComplete="current-password"
          state={stateOf(fields.password)}
        />
        <FieldInput
          field={fields.code}
          label={t("staff.login.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          state={stateOf(fields.code)}
        />
        <SubmitButton>{t("staff.login.submit")}</SubmitButton>
      </Form>
    </Card>
  );
}
