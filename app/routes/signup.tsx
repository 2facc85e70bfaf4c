// /signup and /members/{id}/signup: step 0 creates the account (message or create), then
// photo, personal info, about me and location (each skippable), then the optional push step
// (only where the deployment has a VAPID key; the browser decides whether it can offer it),
// then confirm e-mail.
import { useEffect, useMemo } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/signup";
import { signupGate } from "#app/accounts/signup.server.ts";
import { submitAccountStep } from "#app/accounts/account-step.server.ts";
import type { InvitationAnswer } from "#app/accounts/invitations.server.ts";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { getUser } from "#app/auth/user-context.server.ts";
import { parseSubmission } from "#app/utils/request.server.ts";
import { FilePicker } from "#app/components/file-picker.tsx";
import { clearSignupDraft, SignupForm, type SignupActionData } from "#app/components/signup-form.tsx";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { Button, Card } from "#app/components/ui/index.ts";
import { ProfileStepFields } from "#app/components/profile-step-fields.tsx";
import { useSchemaForm } from "#app/components/schema-form.tsx";
import { loadProfileSettings, saveProfileFields } from "#app/profiles/profile-edit.server.ts";
import { signupStepSchema } from "#app/profiles/profile-schema.ts";
import { SIGNUP_STEPS, stepIndex, type SignupStep } from "#app/profiles/profile-fields.ts";
import { addPhoto } from "#app/profiles/photos.server.ts";
import { readUploadForm } from "#app/media/upload.server.ts";
import { findTargetProfile } from "#app/profiles/target-profile.server.ts";
import { hasTrafficSource } from "#app/tracking/tracking.server.ts";
import { assertCleanForm, parseId } from "#app/utils/request.server.ts";
import { retryAfterHeader } from "#app/limits/rate-limits.server.ts";
import { retryAfterHeaders } from "#app/limits/retry-after.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { SignupPushStep } from "#app/components/push.tsx";
import { InvitationRequest } from "#app/components/invitation-request.tsx";
import { useRootData } from "#app/root.tsx";

export const handle = { entryWarning: true };

export const headers = retryAfterHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { site } = requestInfo(request, context);
  const user = getUser(context);
  const step = new URL(request.url).searchParams.get("step") as SignupStep | null;
  const target = params.id ? await findTargetProfile(site, user?.profile?.id ?? null, parseId(params.id)) : null;
  if (params.id && !target) throw data(null, { status: 404 });
  if (!user) return { step: "account" as const, gate: signupGate(site, hasTrafficSource(context)), target, user: null, countries: site.countries };
  const current: SignupStep = step === "confirm" || (step === "push" && !!getEnv().vapid) || stepIndex(step) >= 0 ? step! : "photo";
  const saved = current === "location" ? await loadProfileSettings(user.id) : null;
  const location = saved && { country: saved.country, region: saved.region ?? "", city: saved.city ?? "" };
  return { step: current, gate: "open" as const, target, user: { email: user.email, status: user.status }, countries: site.countries, location };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const info = requestInfo(request, context);
  const user = getUser(context);
  // message or create: only to a profile this site shows (checked again where the message is written)
  const target = params.id ? await findTargetProfile(info.site, user?.profile?.id ?? null, parseId(params.id)) : null;
  if (params.id && !target) throw data(null, { status: 404 });
  const read = await readUploadForm(request);
  if (!read.ok) return data({ stepError: read.error }, read.error === "photo.tooLarge" ? 413 : 400);
  const form = read.form;
  assertCleanForm(form, context);

  if (!user) {
    const outcome = await submitAccountStep(request, context, info, form, target);
    if (outcome.kind === "created") return redirect("/signup?step=photo", { headers: { "Set-Cookie": outcome.setCookie } });
    const headers = outcome.retryAfterMs ? retryAfterHeader(outcome.retryAfterMs) : undefined;
    return outcome.kind === "invitation"
      ? data(outcome.answer, { status: outcome.status, headers })
      : data<SignupActionData>(outcome.answer, { status: outcome.status, headers });
  }

  const step = new URL(request.url).searchParams.get("step") as SignupStep;
  // after the last profile step: the push step where push can be offered at all, else confirm
  const next = SIGNUP_STEPS[stepIndex(step) + 1] ?? (getEnv().vapid ? "push" : "confirm");
  if (form.get("intent") === "skip") return redirect(`/signup?step=${next}`);
  if (step === "photo") {
    const file = form.get("photo");
    if (!(file instanceof File) || file.size === 0) return data({ stepError: "photo.invalid" }, 400);
    const result = await addPhoto(user.profile!.id, user.paidUser, file, info.site);
    if ("error" in result) return data({ stepError: result.error, stepParams: "limit" in result ? { count: result.limit } : {} }, 400);
    return redirect(`/signup?step=${next}`);
  }
  const schema = signupStepSchema(step, info.site.countries);
  if (!schema) return data({ stepError: "validation.checkFields" }, 400);
  const submission = parseSubmission(form, schema);
  if (submission.status !== "success") return data({ stepError: "validation.checkFields", result: submission.reply() }, 400);
  await saveProfileFields(user.profile!.id, submission.value);
  return redirect(`/signup?step=${next}`);
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { step } = loaderData;
  const siteName = useRootData()?.site.name ?? "";
  useEffect(() => {
    if (step !== "account") clearSignupDraft();
  }, [step]);
  return (
    <main className="container-site py-10">
      <Card className="mx-auto max-w-lg">
        {step === "account" && loaderData.gate === "trafficsource_required" ? (
          <>
            <InvitationRequest siteName={siteName} answer={actionData as InvitationAnswer | undefined} />
            <HaveAccount />
          </>
        ) : step === "account" ? (
          <>
            <h1 className="mb-4 text-2xl font-bold text-primary">{t("signup.title", { siteName })}</h1>
            <SignupForm gate={loaderData.gate} data={accountAnswer(actionData)} targetProfile={loaderData.target} />
            <HaveAccount />
          </>
        ) : step === "push" ? (
          <PushStep />
        ) : step === "confirm" ? (
          <ConfirmStep email={loaderData.user!.email} confirmed={loaderData.user!.status === "active"} />
        ) : (
          <ProfileStep
            key={step}
            step={step}
            countries={loaderData.countries}
            location={"location" in loaderData ? loaderData.location : null}
            data={actionData as StepData | undefined}
          />
        )}
      </Card>
    </main>
  );
}

/** The account step's reply (an unreadable post answers a step error instead). */
const accountAnswer = (answer: unknown) => (answer && typeof answer === "object" && "result" in answer ? (answer as SignupActionData) : undefined);

function HaveAccount() {
  const { t } = useTranslation();
  return (
    <p className="mt-4 text-sm">
      {t("signup.haveAccount")}{" "}
      <Link to="/login" className="font-semibold underline">
        {t("nav.login")}
      </Link>
    </p>
  );
}

interface StepData {
  stepError?: string;
  stepParams?: Record<string, unknown>;
  result?: SubmissionResult<string[]>;
}
type StepProps = { step: SignupStep; countries: string[]; location: Record<string, string> | null; data?: StepData | undefined };

function ProfileStep(props: StepProps) {
  return props.step === "photo" ? (
    <StepForm step="photo" data={props.data} formProps={{ encType: "multipart/form-data" }}>
      <FilePicker name="photo" />
    </StepForm>
  ) : (
    <FieldsStep {...props} />
  );
}

/** Personal info, about me, location: validated with the step's schema in the browser too. */
function FieldsStep({ step, countries, location, data }: StepProps) {
  const schema = useMemo(() => signupStepSchema(step, countries)!, [step, countries]);
  const { form, fields, formProps, stateOf } = useSchemaForm(schema, { id: `signup-${step}`, lastResult: data?.result, defaultValue: location ?? undefined });
  return (
    <StepForm step={step} data={data} formProps={formProps}>
      <ProfileStepFields step={step as "personal" | "about" | "location"} form={form} fields={fields as never} stateOf={stateOf} countries={countries} />
    </StepForm>
  );
}

function StepForm({
  step,
  data,
  formProps,
  children,
}: {
  step: SignupStep;
  data?: StepData | undefined;
  formProps: React.ComponentProps<typeof Form>;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const index = stepIndex(step) + 1;
  return (
    <>
      <Form method="post" action={`/signup?step=${step}`} {...formProps} className="flex flex-col gap-4" data-testid={`signup-step-${step}`}>
        <p className="text-sm text-black/60">{t("signup.stepOf", { step: index, total: SIGNUP_STEPS.length })}</p>
        <h1 className="text-2xl font-bold text-primary">{t(`signup.steps.${step}.title`)}</h1>
        <p className="text-sm text-black/70">{t(`signup.steps.${step}.intro`)}</p>
        <FormMessage message={data?.stepError} params={data?.stepParams} />
        {children}
        <div className="flex items-center justify-between gap-3">
          <Button type="submit" form={`skip-${step}`} variant="ghost" size="sm">
            {t("signup.skip")}
          </Button>
          <SubmitButton>{t("signup.next")}</SubmitButton>
        </div>
      </Form>
      {/* skipping posts nothing of the step's form, so nothing in it is checked */}
      <Form method="post" action={`/signup?step=${step}`} id={`skip-${step}`} hidden>
        <input type="hidden" name="intent" value="skip" />
      </Form>
    </>
  );
}

function PushStep() {
  const publicKey = useRootData()?.site.pushPublicKey ?? null;
  return <SignupPushStep publicKey={publicKey} next="/signup?step=confirm" />;
}

function ConfirmStep({ email, confirmed }: { email: string; confirmed: boolean }) {
  const { t } = useTranslation();
  const resend = useFetcher<{ sent?: boolean; error?: string }>();
  return (
    <div className="flex flex-col gap-4" data-testid="signup-step-confirm">
      <h1 className="text-2xl font-bold text-primary">{t("signup.steps.confirm.title")}</h1>
      <p>{confirmed ? t("activation.doneBody") : t("signup.steps.confirm.intro", { email })}</p>
      {!confirmed ? (
        <resend.Form method="post" action="/api/activation-mail" className="flex flex-col items-start gap-2">
          <Button type="submit" variant="outline" size="sm">
            {resend.data?.sent ? t("alerts.activationSent") : t("alerts.activationResend")}
          </Button>
          {resend.data?.error ? (
            <p role="alert" className="text-sm text-danger">
              {resend.data.error}
            </p>
          ) : null}
        </resend.Form>
      ) : null}
      <Button to="/signup-matches" className="self-start" data-testid="signup-to-matches">
        {t("signup.toMatches")}
      </Button>
    </div>
  );
}
