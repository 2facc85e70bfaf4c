// The signup page of a site that takes new members only through its partners: says so, and
// lets the visitor ask for an invitation (stored; staff send it from the console), saying what
// happens next. A plain form: it works without JavaScript.
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { InvitationAnswer } from "#app/accounts/invitations.server.ts";
import { FormField, FormMessage, SubmitButton } from "./form-field.tsx";

export function InvitationRequest({ siteName, answer }: { siteName: string; answer?: InvitationAnswer | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const result = answer?.invitation;
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
      <Form method="post" action="/signup" className="flex flex-col gap-4" data-testid="invitation-form" noValidate>
        <input type="hidden" name="intent" value="invitation" />
        {result && "error" in result && result.error !== "validation.invalidEmail" ? <FormMessage message={result.error} params={result.params} /> : null}
        <FormField
          name="email"
          type="email"
          label={t("signup.email")}
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={result && "error" in result ? result.email : undefined}
          error={result && "error" in result && result.error === "validation.invalidEmail" ? result.error : undefined}
        />
        <SubmitButton busy={busy}>{t("signup.invitation.submit")}</SubmitButton>
      </Form>
      <div className="rounded-lg bg-accent/60 p-3 text-sm">
        <p className="font-semibold">{t("signup.invitation.nextTitle")}</p>
        <p className="mt-1 text-black/75">{t("signup.invitation.next", { siteName })}</p>
      </div>
    </div>
  );
}
