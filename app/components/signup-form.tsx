// The signup's account step (message or create): one schema with the server
// (app/accounts/account-schema.ts), checked as the visitor leaves a field and on submit; without
// JavaScript the server's reply shows the same errors and keeps what was typed (not the password).
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useFetcher } from "react-router";
import { accountStepSchema } from "#app/accounts/account-schema.ts";
import type { AccountStepAnswer } from "#app/accounts/account-step.server.ts";
import { useRootData } from "#app/root.tsx";
import { NICHE_SIGNUP } from "#app/tenancy/niche.ts";
import { DateOfBirthField } from "./date-of-birth-field.tsx";
import { useEmailSuggestion } from "./email-suggestion.tsx";
import { FormMessage, SubmitButton } from "./form-field.tsx";
import { FieldInput, FieldSelect, FieldTextarea, useSchemaForm } from "./schema-form.tsx";

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
}: {
  gate: SignupGateState;
  data?: SignupActionData | undefined;
  targetProfile?: { id: number; name: string } | null;
  onStarted?: () => void;
  inModal?: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SignupActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  useSignupDraft(formRef);
  const site = useRootData()?.site;
  const answer = inModal ? fetcher.data : data;
  const FormComponent = inModal ? fetcher.Form : Form;
  const messageLength = site?.messageLength ?? 1000;
  const schema = useMemo(() => accountStepSchema({ inviteOnly: gate === "invite_only", messageLength }), [gate, messageLength]);
  // who the site's niche expects (a site for gay men: a man seeking men); the visitor's own answer wins
  const presumed = NICHE_SIGNUP[site?.niche ?? "none"];
  const { form, fields, formProps, stateOf } = useSchemaForm(schema, {
    id: inModal ? "signup-modal-form" : "signup",
    lastResult: answer?.result,
    defaultValue: presumed,
  });
  const typed = answer?.result.initialValue?.email;
  const emailHint = useEmailSuggestion("email", answer, answer?.suggestion, typeof typed === "string" ? typed : undefined);

  if (gate === "trafficsource_required") {
    return <FormMessage tone="info" message="signup.closedTrafficSource" />;
  }
  return (
    <FormComponent
      method="post"
      action={targetProfile ? `/members/${targetProfile.id}/signup` : "/signup"}
      ref={formRef}
      {...formProps}
      className="flex flex-col gap-4"
      onInput={onStarted}
      data-testid="signup-form"
    >
      {targetProfile ? (
        <>
          <input type="hidden" name={fields.target_profile.name} value={targetProfile.id} />
          <FieldTextarea
            field={fields.signup_message}
            rows={3}
            maxLength={messageLength}
            label={t("signup.messageTo", { name: targetProfile.name })}
            errorParams={{ max: messageLength }}
            state={stateOf(fields.signup_message)}
          />
        </>
      ) : null}
      <FormMessage message={form.errors?.[0]} params={answer?.params} />
      {gate === "invite_only" ? (
        <FieldInput
          field={fields.invite_code}
          label={t("signup.inviteCode")}
          state={stateOf(fields.invite_code)}
          hint={<p className="mt-1 text-xs text-black/60">{t("signup.inviteOnly")}</p>}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldSelect
          field={fields.gender}
          label={t("signup.iAm")}
          state={stateOf(fields.gender)}
          options={[
            { value: "male", label: t("signup.aMan") },
            { value: "female", label: t("signup.aWoman") },
          ]}
        />
        <FieldSelect
          field={fields.seeking}
          label={t("signup.seeking")}
          state={stateOf(fields.seeking)}
          options={[
            { value: "female", label: t("signup.women") },
            { value: "male", label: t("signup.men") },
          ]}
        />
      </div>
      <FieldInput field={fields.name} label={t("signup.username")} autoComplete="username" state={stateOf(fields.name)} />
      <FieldInput
        field={fields.email}
        type="email"
        label={t("signup.email")}
        autoComplete="email"
        state={stateOf(fields.email)}
        onBlur={emailHint.onBlur}
        hint={emailHint.hint}
      />
      <FieldInput
        field={fields.password}
        type="password"
        label={t("signup.password")}
        autoComplete="new-password"
        state={stateOf(fields.password)}
        hint={<p className="mt-1 text-xs text-black/60">{t("signup.passwordRule")}</p>}
      />
      <DateOfBirthField day={fields.dob_day} month={fields.dob_month} year={fields.dob_year} date={fields.date_of_birth} stateOf={stateOf} />
      <p className="text-xs text-black/60">{t("signup.consent")}</p>
      <SubmitButton busy={fetcher.state !== "idle"}>{targetProfile ? t("signup.sendAndCreate") : t("signup.create")}</SubmitButton>
    </FormComponent>
  );
}
