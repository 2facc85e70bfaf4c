// /complaints: how to complain and to whom, and the complaint form (members and visitors). A
// complaint lands in the staff console's queue and is confirmed by mail.
import { randomBytes } from "node:crypto";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/complaints";
import { getUser } from "#app/auth/user-context.server.ts";
import { fieldErrors } from "#app/auth/validation.ts";
import { FormMessage } from "#app/components/form-field.tsx";
import { Button, Card, Select, TextArea, TextField } from "#app/components/ui/index.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { ipKey, minutesOf, retryAfterHeader, take } from "#app/limits/rate-limits.server.ts";
import { CASE_TEXT, COMPLAINT_CATEGORIES } from "#app/support/case-rules.ts";
import { complaintSchema, fileComplaint } from "#app/support/cases.server.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { redirectWithToast } from "#app/toast/toast.server.ts";
import { formFields, readForm } from "#app/utils/request.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const company = await getCompanyInfo(site.company_id);
  return {
    supportEmail: site.support_email,
    companyName: company?.name ?? site.name,
    address: company ? `${company.address}, ${company.city}, ${company.country}` : "",
    memberEmail: getUser(context)?.email ?? null,
    key: randomBytes(18).toString("base64url"),
  };
}

interface ComplaintActionData {
  errors?: Record<string, string>;
  formError?: string;
  formParams?: Record<string, unknown>;
  values?: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const user = getUser(context);
  const fields = formFields(await readForm(request, context));
  // a member's complaint is answered at their account's address
  if (user) fields.email = user.email;
  const values = {
    category: (fields.category ?? "").slice(0, 40),
    email: (fields.email ?? "").slice(0, 254),
    text: (fields.text ?? "").slice(0, CASE_TEXT.max),
  };
  const parsed = complaintSchema.safeParse(fields);
  if (!parsed.success) return data<ComplaintActionData>({ errors: fieldErrors(parsed.error), values }, 400);
  const limited = await take(["supportCaseIp", ipKey(context.get(visitorContext).ip)]);
  if (!limited.ok) {
    return data<ComplaintActionData>(
      { formError: "messages.tooManyRequests", formParams: { minutes: minutesOf(limited.retryAfterMs) }, values },
      { status: 429, headers: retryAfterHeader(limited.retryAfterMs) },
    );
  }
  const id = await fileComplaint(site, { userId: user?.id ?? null, locale: context.get(localeContext).locale }, parsed.data);
  return redirectWithToast("/complaints", { kind: "success", key: "support.complaint.sentToast", values: { id: String(id) } });
}

export default function Complaints({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values;
  const error = (f: string) => (errors[f] ? t(errors[f]!, { min: CASE_TEXT.complaintMin, max: CASE_TEXT.max }) : undefined);
  return (
    <main className="container-site py-10">
      <Card as="article" className="mx-auto max-w-2xl md:p-10">
        <h1 className="text-3xl font-bold text-primary">{t("complaints.title")}</h1>
        <p className="mt-4 leading-relaxed">{t("complaints.intro")}</p>

        <Form method="post" className="mt-6 space-y-4" data-testid="complaint-form" noValidate>
          <input type="hidden" name="key" value={d.key} />
          <FormMessage message={actionData?.formError} params={actionData?.formParams} />
          <Select
            id="complaint-category"
            name="category"
            required
            label={t("support.complaint.category")}
            defaultValue={values?.category ?? ""}
            error={error("category")}
            placeholder={t("support.complaint.choose")}
            options={COMPLAINT_CATEGORIES.map((c) => ({ value: c, label: t(`support.categories.${c}`) }))}
          />
          {d.memberEmail ? (
            <div>
              <label htmlFor="complaint-email" className="mb-1 block text-sm font-medium">
                {t("support.complaint.email")}
              </label>
              <p id="complaint-email" className="rounded-lg border border-black/10 bg-light px-3 py-2 text-sm">
                {d.memberEmail}
              </p>
            </div>
          ) : (
            <TextField
              id="complaint-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              label={t("support.complaint.email")}
              defaultValue={values?.email ?? ""}
              error={error("email")}
            />
          )}
          <TextArea
            id="complaint-text"
            name="text"
            rows={6}
            required
            minLength={CASE_TEXT.complaintMin}
            maxLength={CASE_TEXT.max}
            label={t("support.complaint.text")}
            defaultValue={values?.text ?? ""}
            hint={t("support.complaint.textHint", { min: CASE_TEXT.complaintMin })}
            error={error("text")}
          />
          <Button type="submit" disabled={busy} data-testid="complaint-send">
            {t("support.complaint.send")}
          </Button>
        </Form>

        <h2 className="mt-10 text-lg font-semibold">{t("support.complaint.otherWays")}</h2>
        <p className="mt-2 leading-relaxed">
          {t("complaints.byEmail")}{" "}
          <a className="font-semibold underline" href={`mailto:${d.supportEmail}`}>
            {d.supportEmail}
          </a>
        </p>
        <p className="mt-4 leading-relaxed">{t("complaints.byPost", { companyName: d.companyName, address: d.address })}</p>
        <p className="mt-4 text-sm text-black/70">{t("complaints.answerTime")}</p>
      </Card>
    </main>
  );
}
