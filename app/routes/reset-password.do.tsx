// /reset-password/do?token=…: choose the new password (twice).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/reset-password.do";
import { resetPassword } from "#app/accounts/account.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { peekToken } from "#app/auth/tokens.server.ts";
import { newPasswordFormSchema } from "#app/auth/validation.ts";
import { formFields, parseSubmission, readForm } from "#app/utils/request.server.ts";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { NewPasswordFields, useSchemaForm } from "#app/components/schema-form.tsx";
import { Card } from "#app/components/ui/index.ts";

export const handle = { entryWarning: false };

// passwords are never sent back into the page
const NO_ECHO = { hideFields: ["password", "password_repeat"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = !!(await peekToken(token, "password_reset", requestInfo(request, context).site.key));
  return { token, valid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { site } = requestInfo(request, context);
  const form = await readForm(request, context);
  const submission = parseSubmission(form, newPasswordFormSchema);
  if (submission.status !== "success") return data<{ result: SubmissionResult<string[]> }>({ result: submission.reply(NO_ECHO) }, 400);
  const fields = formFields(form);
  // the rules of the token's account (not its e-mail address or username) are checked there
  const result = await resetPassword(site, fields.token?.slice(0, 200) ?? null, fields);
  if (!result.ok) {
    const reply =
      "errors" in result ? { fieldErrors: Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, [v]])) } : { formErrors: [result.error] };
    return data({ result: submission.reply({ ...reply, ...NO_ECHO }) }, 400);
  }
  return redirect("/login?notice=passwordChanged");
}

export default function ResetPasswordDo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { form, fields, formProps, stateOf } = useSchemaForm(newPasswordFormSchema, { id: "new-password", lastResult: actionData?.result });
  return (
    <main className="container-site py-10">
      <Card className="mx-auto max-w-md">
        <h1 className="mb-4 text-2xl font-bold text-primary">{t("reset.newTitle")}</h1>
        {!loaderData.valid ? (
          <FormMessage message="messages.linkInvalid" />
        ) : (
          <Form method="post" {...formProps} className="flex flex-col gap-4">
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <FormMessage message={form.errors?.[0]} />
            <NewPasswordFields password={fields.password} repeat={fields.password_repeat} stateOf={stateOf} />
            <SubmitButton>{t("reset.save")}</SubmitButton>
          </Form>
        )}
      </Card>
    </main>
  );
}
