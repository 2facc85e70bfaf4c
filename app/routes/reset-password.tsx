// /reset-password: ask for a reset link by e-mail (at most three a day per account).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/reset-password";
import { requestPasswordReset } from "#app/accounts/account.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { resetRequestSchema } from "#app/auth/validation.ts";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { FieldInput, useSchemaForm } from "#app/components/schema-form.tsx";
import { Card } from "#app/components/ui/index.ts";
import { minutesOf, retryAfterHeader } from "#app/limits/rate-limits.server.ts";
import { parseSubmission, readForm } from "#app/utils/request.server.ts";
import { retryAfterHeaders } from "#app/limits/retry-after.ts";

export const handle = { entryWarning: false };

export const headers = retryAfterHeaders;

type ResetReply = { sent: boolean; result?: SubmissionResult<string[]>; params?: Record<string, unknown> };

export async function action({ request, context }: Route.ActionArgs) {
  const { site, locale, origin, visitor } = requestInfo(request, context);
  const submission = parseSubmission(await readForm(request, context), resetRequestSchema);
  if (submission.status !== "success") return data<ResetReply>({ sent: false, result: submission.reply() }, 400);
  const result = await requestPasswordReset(site, submission.value.email, locale, origin, visitor.ip);
  if (result.ok) return data<ResetReply>({ sent: true });
  const refused = (message: string) => submission.reply({ formErrors: [message] });
  if (result.error === "too_many_requests") {
    return data<ResetReply>(
      { sent: false, result: refused("messages.tooManyRequests"), params: { minutes: minutesOf(result.retryAfterMs) } },
      { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
    );
  }
  if (result.error === "limit") return data<ResetReply>({ sent: false, result: refused("messages.tooManyResets") }, 429);
  return data<ResetReply>({ sent: false, result: refused("messages.emailNotFound") }, 404);
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { form, fields, formProps, stateOf } = useSchemaForm(resetRequestSchema, { id: "reset", lastResult: actionData?.result });
  return (
    <main className="container-site py-10">
      <Card className="mx-auto max-w-md">
        <h1 className="mb-2 text-2xl font-bold text-primary">{t("reset.title")}</h1>
        <p className="mb-4 text-sm text-black/70">{t("reset.intro")}</p>
        {actionData?.sent ? (
          <FormMessage tone="success" message="reset.sent" />
        ) : (
          <Form method="post" {...formProps} className="flex flex-col gap-4">
            <FormMessage message={form.errors?.[0]} params={actionData?.params} />
            <FieldInput field={fields.email} type="email" label={t("signup.email")} autoComplete="email" state={stateOf(fields.email)} />
            <SubmitButton>{t("reset.send")}</SubmitButton>
          </Form>
        )}
      </Card>
    </main>
  );
}
