// /staff/login: staff e-mail, password and authenticator code (a member account cannot log in here).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/login";
import { FormField, FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { Card } from "#app/components/ui/index.ts";
import { currentStaff } from "#app/staff/session.server.ts";
import { staffLogIn } from "#app/staff/login.server.ts";
import { formFields, readForm } from "#app/utils/request.server.ts";
import { safeRedirectPath } from "#app/utils/redirect.ts";

const back = (target: unknown, request: Request) => {
  const path = safeRedirectPath(target, request, "/staff");
  return path === "/staff" || path.startsWith("/staff/") || path.startsWith("/staff?") ? path : "/staff";
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await currentStaff(request)) throw redirect(back(url.searchParams.get("redirectTo"), request));
  return { redirectTo: (url.searchParams.get("redirectTo") ?? "").slice(0, 500) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = formFields(await readForm(request, context));
  const result = await staffLogIn(request, context, form);
  if (!result.ok) return data({ message: result.message, email: result.email }, { status: result.status });
  return redirect(back(form.redirectTo, request), { headers: { "Set-Cookie": result.setCookie } });
}

export default function StaffLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Card as="main" className="mx-auto max-w-md">
      <h1 className="mb-4 text-2xl font-bold">{t("staff.login.title")}</h1>
      <Form method="post" className="flex flex-col gap-4" data-testid="staff-login-form">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormMessage message={actionData?.message} />
        <FormField name="email" type="email" label={t("staff.login.email")} autoComplete="username" required defaultValue={actionData?.email} />
        <FormField name="password" type="password" label={t("staff.login.password")} autoComplete="current-password" required />
        <FormField name="code" label={t("staff.login.code")} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />
        <SubmitButton>{t("staff.login.submit")}</SubmitButton>
      </Form>
    </Card>
  );
}
