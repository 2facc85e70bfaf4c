// The signup page of a site that takes new members only through its partners: says so, and
// lets the visitor ask for an invitation (stored; staff send it from the console), saying what
// happens next. Checked with its schema as the visitor leaves the field and on submit; without
// JavaScript the server's answer shows the same errors.
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { invitationRequestSchema } from "#app/accounts/account-schema.ts";
import type { InvitationAnswer } from "#app/accounts/invitations.server.ts";
import { FormMessage, SubmitButton } from "./form-field.tsx";
import { FieldInput, useSchemaForm } from "./schema-form.tsx";

export function InvitationRequest({ siteName, answer }: { siteName: string; answer?: InvitationAnswer | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const result = answer?.invitation;
  const { form, fields, formProps, stateOf } = useSchemaForm(invitationRequestSchema, {
    id: "invitation",
    lastResult: result && "result" in result ? result.result : undefined,
  });
  if (result && "requested" in result) {
    return (
      <div className="flex flex-col gap-3" role="status" data-testid="invitation-requested">
        <h1 className="text-2xl font-bold text-primary">{t("signup.invitation.doneTitle")}</h1>
        <p>{t("signup.invitation.doneBody", { email: result.requested, siteName })}</p>
        <p className="text-sm text-black/60">{t("signup.invitation.privacy")}</p>
        <Link to="/" className="self-start font-semibold text-primary underline">
          {t("signup.invitation.home", { siteName })}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-primary">{t("signup.closedTitle", { siteName })}</h1>
      <p>{t("signup.invitation.intro", { siteName })}</p>
      <Form method="post" action="/signup" {...formProps} className="flex flex-col gap-4" data-testid="invitation-form">
        <input type="hidden" name="intent" value="invitation" />
        <FormMessage message={form.errors?.[0]} params={result && "params" in result ? result.params : undefined} />
        <FieldInput field={fields.email} type="email" label={t("signup.email")} autoComplete="email" maxLength={254} state={stateOf(fields.email)} />
        <SubmitButton busy={busy}>{t("signup.invitation.submit")}</SubmitButton>
      </Form>
      <div className="rounded-lg bg-accent/60 p-3 text-sm">
        <p className="font-semibold">{t("signup.invitation.nextTitle")}</p>
        <p className="mt-1 text-black/75">{t("signup.invitation.next", { siteName })}</p>
      </div>
    </div>
  );
}
