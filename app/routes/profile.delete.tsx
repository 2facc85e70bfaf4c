// /profile/delete: why are you leaving (reasons), what could help instead (solutions,
// including the company's delete discount for the reasons it is offered for, issued to the member
// who chooses to stay), then the deletion itself, confirmed with the member's password.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/profile.delete";
import { requestDeletion } from "#app/accounts/account.server.ts";
import { DELETE_REASONS, deletionSchema, RETENTION_REASONS, staySchema } from "#app/accounts/deletion-schema.ts";
import { confirmOwnPassword } from "#app/auth/login.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { destroySession } from "#app/auth/session.server.ts";
import { requireUser } from "#app/auth/user-context.server.ts";
import { FieldInput, useSchemaForm } from "#app/components/schema-form.tsx";
import { Button, Card } from "#app/components/ui/index.ts";
import { minutesOf } from "#app/limits/rate-limits.server.ts";
import { issueRetentionDiscount } from "#app/payments/retention.server.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import { redirectWithToast } from "#app/toast/toast.server.ts";
import { methodNotAllowed } from "#app/utils/api.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseSubmission, readForm, refuse } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const { site } = requestInfo(request, context);
  const reason = z.enum(DELETE_REASONS).safeParse(new URL(request.url).searchParams.get("reason"));
  const company = await getCompanyInfo(site.company_id);
  return { reason: reason.success ? reason.data : null, discount: company?.delete_discount ?? 0 };
}

const NO_PASSWORD = { hideFields: ["password"] };

export async function action({ request, context }: Route.ActionArgs) {
  // only the page's own forms (POST) change anything: a PATCH or DELETE starts no deletion
  if (request.method !== "POST") return methodNotAllowed(context, "GET, POST");
  const user = requireUser(context, request);
  const { site, locale, origin, visitor } = requestInfo(request, context);
  const form = await readForm(request, context);
  const intent = form.get("intent");
  if (intent === "stay") {
    // issued only where the page offers it: for the reasons of RETENTION_REASONS
    const stay = staySchema.safeParse({ reason: form.get("reason") });
    if (!stay.success) return redirect("/profile/delete");
    const percent = (await getCompanyInfo(site.company_id))?.delete_discount ?? 0;
    if (percent <= 0) return redirect("/credits");
    await issueRetentionDiscount(getDb(), site.key, user.id, percent);
    return redirectWithToast("/credits", { kind: "success", key: "deletion.stayToast", values: { percent: String(percent) } });
  }
  if (intent !== "delete") refuse(context, 400);
  const submission = parseSubmission(form, deletionSchema);
  if (submission.status !== "success") return data({ result: submission.reply(NO_PASSWORD), minutes: undefined }, 400);
  const checked = await confirmOwnPassword(site, user.id, submission.value.password, visitor.ip);
  if (!checked.ok) {
    const blocked = checked.reason === "blocked";
    const result = submission.reply({ fieldErrors: { password: [blocked ? "messages.tooManyAttempts" : "deletion.passwordWrong"] }, ...NO_PASSWORD });
    return data({ result, minutes: blocked ? minutesOf(checked.retryAfterMs) : undefined }, blocked ? 429 : 400);
  }
  await requestDeletion(site, user.id, submission.value.reason, locale, origin);
  return redirect("/account-deleted", { headers: { "Set-Cookie": await destroySession(request) } });
}

export default function DeleteAccount({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!d.reason) {
    return (
      <main className="container-site max-w-xl py-10">
        <h1 className="text-2xl font-bold text-primary">{t("deletion.reasonsTitle")}</h1>
        <Card as={Form} method="get" className="mt-6 flex flex-col gap-3" data-testid="delete-reasons">
          {DELETE_REASONS.map((r) => (
            <label key={r} className="flex items-center gap-2">
              <input type="radio" name="reason" value={r} required className="h-4 w-4 accent-primary" />
              {t(`deletion.reasons.${r}`)}
            </label>
          ))}
          <Button type="submit" className="mt-2 self-start">
            {t("deletion.continue")}
          </Button>
        </Card>
      </main>
    );
  }
  return <Solutions reason={d.reason} discount={d.discount} answer={actionData} />;
}

function Solutions({ reason, discount, answer }: { reason: (typeof DELETE_REASONS)[number]; discount: number; answer: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation();
  const { fields, formProps, stateOf } = useSchemaForm(deletionSchema, { id: "delete-account", lastResult: answer?.result, defaultValue: { reason } });
  return (
    <main className="container-site max-w-xl py-10">
      <h1 className="text-2xl font-bold text-primary">{t("deletion.solutionsTitle")}</h1>
      <Card className="mt-6 flex flex-col gap-4" data-testid="delete-solutions">
        <p>{t(`deletion.solutions.${reason}`)}</p>
        {reason === "too_many_emails" ? (
          <Link to="/profile/settings" className="font-semibold underline">
            {t("settings.notificationsTitle")}
          </Link>
        ) : null}
        {discount > 0 && RETENTION_REASONS.includes(reason) ? (
          <div className="rounded-lg border border-secondary bg-secondary/10 p-4">
            <p className="font-semibold">{t("deletion.discountOffer", { percent: discount })}</p>
            <Form method="post">
              <input type="hidden" name="reason" value={reason} />
              <Button type="submit" name="intent" value="stay" variant="secondary" className="mt-2">
                {t("deletion.stay")}
              </Button>
            </Form>
          </div>
        ) : null}
        <p className="text-sm text-black/70">{t("deletion.explain")}</p>
        <Form method="post" {...formProps} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="reason" value={reason} />
          <FieldInput
            field={fields.password}
            type="password"
            autoComplete="current-password"
            label={t("deletion.password")}
            hint={t("deletion.passwordHint")}
            state={stateOf(fields.password)}
            errorParams={answer?.minutes ? { minutes: answer.minutes } : undefined}
          />
          <div className="flex flex-wrap gap-3">
            <Button to="/" variant="outline">
              {t("deletion.keep")}
            </Button>
            <Button type="submit" variant="danger" data-testid="delete-confirm">
              {t("deletion.confirm")}
            </Button>
          </div>
        </Form>
      </Card>
    </main>
  );
}
