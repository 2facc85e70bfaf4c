// /login: e-mail and password; too many failures block the account for some minutes.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, redirect } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/login";
import { useSignupOpen } from "#app/components/signup-modal.tsx";
import { logIn } from "#app/auth/login-flow.server.ts";
import { getUser } from "#app/auth/user-context.server.ts";
import { loginSchema } from "#app/auth/validation.ts";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { FieldInput, useSchemaForm } from "#app/components/schema-form.tsx";
import { Button, Card } from "#app/components/ui/index.ts";
import { retryAfterHeader } from "#app/limits/rate-limits.server.ts";
import { safeRedirectPath } from "#app/utils/redirect.ts";
import { formFields, parseSubmission, readForm } from "#app/utils/request.server.ts";
import { retryAfterHeaders } from "#app/limits/retry-after.ts";

export const headers = retryAfterHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (getUser(context)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), request, "/"));
  return { redirectTo: url.searchParams.get("redirectTo") ?? "", notice: url.searchParams.get("notice") };
}

// the password is never sent back into the page
const NO_ECHO = { hideFields: ["password"] };

type LoginReply = { result: SubmissionResult<string[]>; reason?: string; params?: Record<string, unknown> | undefined };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const submission = parseSubmission(form, loginSchema);
  if (submission.status !== "success") return data<LoginReply>({ result: submission.reply({ formErrors: ["messages.loginFailed"], ...NO_ECHO }) }, 400);
  const fields = formFields(form);
  const result = await logIn(request, context, fields);
  if (!result.ok) {
    return data<LoginReply>(
      { result: submission.reply({ formErrors: [result.message], ...NO_ECHO }), reason: result.reason, params: result.params },
      { status: result.status, headers: result.retryAfterMs ? retryAfterHeader(result.retryAfterMs) : undefined },
    );
  }
  return redirect(safeRedirectPath(fields.redirectTo, request, "/"), { headers: { "Set-Cookie": result.setCookie } });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const signupOpen = useSignupOpen();
  const { form, fields, formProps } = useSchemaForm(loginSchema, { id: "login", lastResult: actionData?.result });
  // a failed login says so above the form; its fields are not "valid" (only the pair was wrong)
  const stateOf = (field: { errors?: string[] | undefined }) => (field.errors?.length ? "invalid" : "idle");
  const failure = form.errors?.[0];
  return (
    <main className="container-site py-10">
      <Card className="mx-auto max-w-md">
        <h1 className="mb-4 text-2xl font-bold text-primary">{t("login.title")}</h1>
        {loaderData.notice ? <FormMessage tone="success" message={`login.notice.${loaderData.notice}`} /> : null}
        <Form method="post" {...formProps} className="mt-2 flex flex-col gap-4" data-testid="login-form">
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <FormMessage message={failure} params={actionData?.params} />
          {actionData?.reason === "pending_deletion" ? (
            <Button type="submit" name="intent" value="reactivation-mail" variant="outline" size="sm" className="self-start">
              {t("login.sendReactivation")}
            </Button>
          ) : null}
          <FieldInput field={fields.email} type="email" label={t("signup.email")} autoComplete="email" state={stateOf(fields.email)} />
          <FieldInput field={fields.password} type="password" label={t("signup.password")} autoComplete="current-password" state={stateOf(fields.password)} />
          <SubmitButton className="w-full">{t("nav.login")}</SubmitButton>
        </Form>
        <div className="mt-4 flex justify-between text-sm">
          <Link to="/reset-password" className="underline">
            {t("login.forgot")}
          </Link>
          <Link to="/signup" className="font-semibold underline">
            {signupOpen ? t("nav.signup") : t("signup.invitation.submit")}
          </Link>
        </div>
      </Card>
    </main>
  );
}
