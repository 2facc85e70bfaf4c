// /profile/delete: why are you leaving (reasons), what could help instead (solutions,
// including the company's delete discount, issued to the member who chooses to stay), then the
// deletion itself.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/profile.delete";
import { requestDeletion } from "#app/accounts/account.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { destroySession } from "#app/auth/session.server.ts";
import { requireUser } from "#app/auth/user-context.server.ts";
import { Button, Card } from "#app/components/ui/index.ts";
import { issueRetentionDiscount } from "#app/payments/retention.server.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import { redirectWithToast } from "#app/toast/toast.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { readForm } from "#app/utils/request.server.ts";

export const DELETE_REASONS = ["found_partner", "too_expensive", "too_many_emails", "no_matches", "privacy", "other"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const { site } = requestInfo(request, context);
  const reason = z.enum(DELETE_REASONS).safeParse(new URL(request.url).searchParams.get("reason"));
  const company = await getCompanyInfo(site.company_id);
  return { reason: reason.success ? reason.data : null, discount: company?.delete_discount ?? 0 };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { site, locale, origin } = requestInfo(request, context);
  const form = await readForm(request, context);
  if (form.get("intent") === "stay") {
    const percent = (await getCompanyInfo(site.company_id))?.delete_discount ?? 0;
    if (percent <= 0) return redirect("/credits");
    await issueRetentionDiscount(getDb(), site.key, user.id, percent);
    return redirectWithToast("/credits", { kind: "success", key: "deletion.stayToast", values: { percent: String(percent) } });
  }
  const reason = z.enum(DELETE_REASONS).safeParse(form.get("reason"));
  await requestDeletion(site, user.id, reason.success ? reason.data : null, locale, origin);
  return redirect("/account-deleted", { headers: { "Set-Cookie": await destroySession(request) } });
}

export default function DeleteAccount({ loaderData: d }: Route.ComponentProps) {
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
  return (
    <main className="container-site max-w-xl py-10">
      <h1 className="text-2xl font-bold text-primary">{t("deletion.solutionsTitle")}</h1>
      <Card className="mt-6 flex flex-col gap-4" data-testid="delete-solutions">
        <p>{t(`deletion.solutions.${d.reason}`)}</p>
        {d.reason === "too_many_emails" ? (
          <Link to="/profile/settings" className="font-semibold underline">
            {t("settings.notificationsTitle")}
          </Link>
        ) : null}
        {d.discount > 0 && (d.reason === "too_expensive" || d.reason === "no_matches" || d.reason === "other") ? (
          <div className="rounded-lg border border-secondary bg-secondary/10 p-4">
            <p className="font-semibold">{t("deletion.discountOffer", { percent: d.discount })}</p>
            <Form method="post">
              <Button type="submit" name="intent" value="stay" variant="secondary" className="mt-2">
                {t("deletion.stay")}
              </Button>
            </Form>
          </div>
        ) : null}
        <p className="text-sm text-black/70">{t("deletion.explain")}</p>
        <Form method="post" className="flex flex-wrap gap-3">
          <input type="hidden" name="reason" value={d.reason} />
          <Button to="/" variant="outline">
            {t("deletion.keep")}
          </Button>
          <Button type="submit" variant="danger" data-testid="delete-confirm">
            {t("deletion.confirm")}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
