// /login: e-mail and password; too many failures block the account for some minutes.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { useSignupOpen } from "#app/components/signup-modal.tsx";
import { logIn } from "#app/auth/login-flow.server.ts";
import { getUser } from "#app/auth/user-context.server.ts";
import { FormField, FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { Button, Card } from "#app/components/ui/index.ts";
import { retryAfterHeader } from "#app/limits/rate-limits.server.ts";
import { safeRedirectPath } from "#app/utils/redirect.ts";
import { formFields, readForm } from "#app/utils/request.server.ts";
import { retryAfterHeaders } from "#app/limits/retry-after.ts";

export const headers = retryAfterHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (getUser(context)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), request, "/"));
  return { redirectTo: url.searchParams.get("redirectTo") ?? "", notice: url.searchParams.get("notice") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = formFields(await readForm(request, context));
  const result = await logIn(request, context, form);
  if (!result.ok) {
    const { retryAfterMs, ...failure } = result;
    return data(
      { ...failure, email: (form.email ?? "").slice(0, 254) },
      { status: result.status, headers: retryAfterMs ? retryAfterHeader(retryAfterMs) : undefined },
    );
  }
  return redirect(safeRedirectPath(form.redirectTo, request, "/"), { headers: { "Set-Cookie": result.setCookie } });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const signupOpen = useSignupOpen();
  return (
    <main className="container-site py-10">
      <Card className="mx-auto max-w-md">
        <h1 className="mb-4 text-2xl font-bold text-primary">{t("login.title")}</h1>
        {loaderData.notice ? <FormMessage tone="success" message={`login.notice.${loaderData.notice}`} /> : null}
        <Form method="post" className="mt-2 flex flex-col gap-4" data-testid="login-form">
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <FormMessage message={failure?.message} params={failure?.params} />
          {failure?.reason === "pending_deletion" ? (
            <Button type="submit" name="intent" value="reactivation-mail" variant="outline" size="sm" className="self-start">
              {t("login.sendReactivation")}
            </Button>
          ) : null}
          <FormField name="email" type="email" label={t("signup.email")} autoComplete="email" required defaultValue={failure?.email} />
          <FormField name="password" type="password" label={t("signup.password")} autoComplete="current-password" required />
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
