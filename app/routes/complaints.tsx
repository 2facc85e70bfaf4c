// /complaints: how to complain and to whom, and the complaint form (members and visitors). A
// complaint lands in the staff console's queue and is confirmed by mail.
import { randomBytes } from "node:crypto";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/complaints";
import { getUser } from "#app/auth/user-context.server.ts";
import { FormMessage } from "#app/components/form-field.tsx";
import { FieldInput, FieldSelect, FieldTextarea, useSchemaForm } from "#app/components/schema-form.tsx";
import { Button, Card } from "#app/components/ui/index.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { ipKey, minutesOf, retryAfterHeader, take } from "#app/limits/rate-limits.server.ts";
import { CASE_TEXT, COMPLAINT_CATEGORIES } from "#app/support/case-rules.ts";
import { fileComplaint } from "#app/support/cases.server.ts";
import { complaintSchema, memberComplaintSchema } from "#app/support/case-schema.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import { siteContext, visitorContext } from "#app/tenancy/context.ts";
import { redirectWithToast } from "#app/toast/toast.server.ts";
import { parseSubmission, readForm } from "#app/utils/request.server.ts";

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

type ComplaintReply = { result: SubmissionResult<string[]>; params?: Record<string, unknown> };

export async function action({ request, context }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const user = getUser(context);
  // a member's complaint is answered at their account's address
  const submission = parseSubmission(await readForm(request, context), user ? memberComplaintSchema : complaintSchema);
  if (submission.status !== "success") return data<ComplaintReply>({ result: submission.reply() }, 400);
  const limited = await take(["supportCaseIp", ipKey(context.get(visitorContext).ip)]);
  if (!limited.ok) {
    return data<ComplaintReply>(
      { result: submission.reply({ formErrors: ["messages.tooManyRequests"] }), params: { minutes: minutesOf(limited.retryAfterMs) } },
      { status: 429, headers: retryAfterHeader(limited.retryAfterMs) },
    );
  }
  const complaint = { email: user?.email ?? "", ...submission.value };
  const id = await fileComplaint(site, { userId: user?.id ?? null, locale: context.get(localeContext).locale }, complaint);
  return redirectWithToast("/complaints", { kind: "success", key: "support.complaint.sentToast", values: { id: String(id) } });
}

const TEXT_LIMITS = { min: CASE_TEXT.complaintMin, max: CASE_TEXT.max };

export default function Complaints({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const schema = d.memberEmail ? memberComplaintSchema : complaintSchema;
  const { form, fields, formProps, stateOf } = useSchemaForm(schema, { id: "complaint", lastResult: actionData?.result });
  // conform's fields are a proxy (no `in`): a visitor's form has the e-mail field, a member's not
  const email = d.memberEmail ? null : ((fields as Record<string, FieldMetadata<unknown>>).email ?? null);
  return (
    <main className="container-site py-10">
      <Card as="article" className="mx-auto max-w-2xl md:p-10">
        <h1 className="text-3xl font-bold text-primary">{t("complaints.title")}</h1>
        <p className="mt-4 leading-relaxed">{t("complaints.intro")}</p>

        <Form method="post" {...formProps} className="mt-6 space-y-4">
          <input type="hidden" name={fields.key.name} value={d.key} />
          <FormMessage message={form.errors?.[0]} params={actionData?.params} />
          <FieldSelect
            field={fields.category}
            label={t("support.complaint.category")}
            state={stateOf(fields.category)}
            placeholder={t("support.complaint.choose")}
            options={COMPLAINT_CATEGORIES.map((c) => ({ value: c, label: t(`support.categories.${c}`) }))}
          />
          {email ? (
            <FieldInput field={email} type="email" autoComplete="email" label={t("support.complaint.email")} state={stateOf(email)} />
          ) : (
            <div>
              <label htmlFor="complaint-email" className="mb-1 block text-sm font-medium">
                {t("support.complaint.email")}
              </label>
              <p id="complaint-email" className="rounded-lg border border-black/10 bg-light px-3 py-2 text-sm">
                {d.memberEmail}
              </p>
            </div>
          )}
          <FieldTextarea
            field={fields.text}
            rows={6}
            maxLength={CASE_TEXT.max}
            label={t("support.complaint.text")}
            hint={t("support.complaint.textHint", { min: CASE_TEXT.complaintMin })}
            errorParams={TEXT_LIMITS}
            state={stateOf(fields.text)}
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
