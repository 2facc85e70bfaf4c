import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useFetcher } from "react-router";
import { useEmailSuggestion } from "./email-suggestion.tsx";
import { controlClass } from "./ui/index.ts";
import { FormField, FormMessage, SelectField, SubmitButton } from "./form-field.tsx";
import { DateOfBirthField } from "./date-of-birth-field.tsx";
import { useRootData } from "#app/root.tsx";
import { NICHE_SIGNUP } from "#app/tenancy/niche.ts";
import type { AccountStepAnswer } from "#app/accounts/account-step.server.ts";

/** The account step's answer (app/accounts/account-step.server.ts). */
export type SignupActionData = AccountStepAnswer;

export type SignupGateState = "open" | "trafficsource_required" | "invite_only";

const DRAFT_KEY = "signup-draft";
const DRAFT_FIELDS = ["email", "name", "password", "dob_day", "dob_month", "dob_year", "signup_message"] as const;

/** Keeps the form draft (email, name, password, date of birth, message) across a reload, for this tab only. */
function useSignupDraft(form: React.RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    try {
      const draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "{}") as Record<string, string>;
      for (const f of DRAFT_FIELDS) {
        const input = el.elements.namedItem(f) as HTMLInputElement | HTMLSelectElement | null;
        if (input && !input.value && draft[f]) input.value = draft[f];
      }
    } catch {}
    const save = () => {
      const data = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, (el.elements.namedItem(f) as HTMLInputElement | null)?.value ?? ""]));
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(data));
    };
    el.addEventListener("input", save);
    return () => el.removeEventListener("input", save);
  }, [form]);
}

export const clearSignupDraft = () => {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {}
};

/** Step 0: message or create. Posts to /signup; works as a page and inside the modal. */
export function SignupForm({
  gate,
  data,
  targetProfile,
  onStarted,
  inModal,
  messageLength = 1000,
}: {
  gate: SignupGateState;
  /** the site's message_length, for the error of a message that is too long */
  messageLength?: number;
  data?: SignupActionData | undefined;
  targetProfile?: { id: number; name: string } | null;
  onStarted?: () => void;
  inModal?: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SignupActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  useSignupDraft(formRef);
  const result = inModal ? fetcher.data : data;
  const FormComponent = inModal ? fetcher.Form : Form;
  const errors = result?.errors ?? {};
  const validated = !!result?.errors;
  const values = result?.values ?? {};
  const emailHint = useEmailSuggestion("email", result, result?.suggestion, values.email);
  // who the site's niche expects (a site for gay men: a man seeking men); the visitor's own answer wins
  const presumed = NICHE_SIGNUP[useRootData()?.site.niche ?? "none"];

  if (gate === "trafficsource_required") {
    return <FormMessage tone="info" message="signup.closedTrafficSource" />;
  }
  return (
    <FormComponent
      method="post"
      action={targetProfile ? `/members/${targetProfile.id}/signup` : "/signup"}
      ref={formRef}
      className="flex flex-col gap-4"
      onInput={onStarted}
      data-testid="signup-form"
      noValidate
    >
      {targetProfile ? (
        <>
          <input type="hidden" name="target_profile" value={targetProfile.id} />
          <div>
            <label htmlFor="signup_message" className="mb-1 block text-sm font-medium">
              {t("signup.messageTo", { name: targetProfile.name })}
            </label>
            <textarea
              id="signup_message"
              name="signup_message"
              rows={3}
              maxLength={1000}
              defaultValue={values.signup_message}
              aria-invalid={errors.signup_message ? true : undefined}
              aria-describedby={errors.signup_message ? "signup_message-error" : undefined}
              className={controlClass(errors.signup_message ? "invalid" : validated ? "valid" : "idle", undefined, true)}
            />
            {errors.signup_message ? (
              <p id="signup_message-error" className="mt-1 text-sm text-danger" role="alert">
                {t(errors.signup_message, { max: result?.messageLength ?? messageLength })}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
      <FormMessage message={result?.formError} params={result?.formParams} />
      {gate === "invite_only" ? (
        <FormField
          name="invite_code"
          label={t("signup.inviteCode")}
          error={errors.invite_code}
          validated={validated}
          defaultValue={values.invite_code}
          required
          hint={<p className="mt-1 text-xs text-black/60">{t("signup.inviteOnly")}</p>}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="gender"
          label={t("signup.iAm")}
          required
          error={errors.gender}
          validated={validated}
          defaultValue={values.gender ?? presumed.gender}
          options={[
            { value: "male", label: t("signup.aMan") },
            { value: "female", label: t("signup.aWoman") },
          ]}
        />
        <SelectField
          name="seeking"
          label={t("signup.seeking")}
          required
          error={errors.seeking}
          validated={validated}
          defaultValue={values.seeking ?? presumed.seeking}
          options={[
            { value: "female", label: t("signup.women") },
            { value: "male", label: t("signup.men") },
          ]}
        />
      </div>
      <FormField
        name="name"
        label={t("signup.username")}
        autoComplete="username"
        required
        error={errors.name}
        validated={validated}
        defaultValue={values.name}
      />
      <FormField
        name="email"
        type="email"
        label={t("signup.email")}
        autoComplete="email"
        required
        error={errors.email}
        validated={validated}
        defaultValue={values.email}
        onBlur={emailHint.onBlur}
        hint={emailHint.hint}
      />
      <FormField
        name="password"
        type="password"
        label={t("signup.password")}
        autoComplete="new-password"
        required
        error={errors.password}
        validated={validated}
        hint={<p className="mt-1 text-xs text-black/60">{t("signup.passwordRule")}</p>}
      />
      <DateOfBirthField error={errors.date_of_birth} validated={validated} values={values} />
      <p className="text-xs text-black/60">{t("signup.consent")}</p>
      <SubmitButton busy={fetcher.state !== "idle"}>{targetProfile ? t("signup.sendAndCreate") : t("signup.create")}</SubmitButton>
    </FormComponent>
  );
}
