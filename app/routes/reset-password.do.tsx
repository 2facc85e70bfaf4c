// /reset-password/do?token=…: choose the new password (twice).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/reset-password.do";
import { resetPassword } from "#app/accounts/account.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { peekToken } from "#app/auth/tokens.server.ts";
import { formFields, readForm } from "#app/utils/request.server.ts";
import { FormField, FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { Card } from "#app/components/ui/index.ts";

export const handle = { entryWarning: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = !!(await peekToken(token, "password_reset", requestInfo(request, context).site.key));
  return { token, valid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { site } = requestInfo(request, context);
  const form = formFields(await readForm(request, context));
  const result = await resetPassword(site, form.token?.slice(0, 200) ?? null, form);
  if (!result.ok) return data({ errors: "errors" in result ? result.errors : {}, error: "error" in result ? result.error : undefined }, 400);
  return redirect("/login?notice=passwordChanged");
}

export default function ResetPasswordDo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <main className="container-site py-10">
      <Card className="mx-auto max-w-md">
        <h1 className="mb-4 text-2xl font-bold text-primary">{t("reset.newTitle")}</h1>
        {!loaderData.valid ? (
          <FormMessage message="messages.linkInvalid" />
        ) : (
          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <FormMessage message={actionData?.error} />
            <FormField
              name="password"
              type="password"
              label={t("settings.newPassword")}
              autoComplete="new-password"
              error={errors.password}
              validated={!!actionData}
            />
            <FormField
              name="password_repeat"
              type="password"
              label={t("settings.repeatPassword")}
              autoComplete="new-password"
              error={errors.password_repeat}
              validated={!!actionData}
            />
            <SubmitButton>{t("reset.save")}</SubmitButton>
          </Form>
        )}
      </Card>
    </main>
  );
}
