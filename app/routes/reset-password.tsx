// /reset-password: ask for a reset link by e-mail (at most three a day per account).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import type { Route } from "./+types/reset-password";
import { requestPasswordReset } from "#app/accounts/account.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { emailField } from "#app/auth/validation.ts";
import { FormField, FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { Card } from "#app/components/ui/index.ts";
import { minutesOf, retryAfterHeader } from "#app/limits/rate-limits.server.ts";
import { readForm } from "#app/utils/request.server.ts";
import { retryAfterHeaders } from "#app/limits/retry-after.ts";

export const handle = { entryWarning: false };

export const headers = retryAfterHeaders;

type ResetActionData = { sent: boolean; error?: string; params?: Record<string, unknown> };

export async function action({ request, context }: Route.ActionArgs) {
  const { site, locale, origin, visitor } = requestInfo(request, context);
  const email = emailField.safeParse((await readForm(request, context)).get("email"));
  if (!email.success) return data<ResetActionData>({ error: "validation.invalidEmail", sent: false }, 400);
  const result = await requestPasswordReset(site, email.data, locale, origin, visitor.ip);
  if (result.ok) return data<ResetActionData>({ sent: true });
  if (result.error === "too_many_requests") {
    return data<ResetActionData>(
      { error: "messages.tooManyRequests", params: { minutes: minutesOf(result.retryAfterMs) }, sent: false },
      { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
    );
  }
  if (result.error === "limit") return data<ResetActionData>({ error: "messages.tooManyResets", sent: false }, 429);
  return data<ResetActionData>({ error: "messages.emailNotFound", sent: false }, 404);
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container-site py-10">
      <Card className="mx-auto max-w-md">
        <h1 className="mb-2 text-2xl font-bold text-primary">{t("reset.title")}</h1>
        <p className="mb-4 text-sm text-black/70">{t("reset.intro")}</p>
        {actionData?.sent ? (
          <FormMessage tone="success" message="reset.sent" />
        ) : (
          <Form method="post" className="flex flex-col gap-4">
            <FormMessage message={actionData?.error} params={actionData?.params} />
            <FormField name="email" type="email" label={t("signup.email")} required autoComplete="email" />
            <SubmitButton>{t("reset.send")}</SubmitButton>
          </Form>
        )}
      </Card>
    </main>
  );
}
