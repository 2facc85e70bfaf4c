// /reset-password: ask for a reset link by e-mail (at most three a day per account).
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import type { Route } from "./+types/reset-password";
import { requestPasswordReset } from "#app/auth/account.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { emailField } from "#app/auth/validation.ts";
import { FormField, FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { readForm } from "#app/utils/request.server.ts";

export const handle = { entryWarning: false };

export async function action({ request, context }: Route.ActionArgs) {
  const { site, locale, origin } = requestInfo(request, context);
  const email = emailField.safeParse((await readForm(request, context)).get("email"));
  if (!email.success) return data({ error: "validation.invalidEmail", sent: false }, 400);
  const result = await requestPasswordReset(site, email.data, locale, origin);
  if (!result.ok) return data({ error: result.error === "limit" ? "messages.tooManyResets" : "messages.emailNotFound", sent: false }, result.error === "limit" ? 429 : 404);
  return { error: undefined, sent: true };
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container-site py-10">
      <div className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm">
        <h1 className="mb-2 text-2xl font-bold text-primary">{t("reset.title")}</h1>
        <p className="mb-4 text-sm text-black/70">{t("reset.intro")}</p>
        {actionData?.sent ? <FormMessage tone="success" message="reset.sent" /> : (
          <Form method="post" className="flex flex-col gap-4">
            <FormMessage message={actionData?.error} />
            <FormField name="email" type="email" label={t("signup.email")} required autoComplete="email" />
            <SubmitButton>{t("reset.send")}</SubmitButton>
          </Form>
        )}
      </div>
    </main>
  );
}
