// The action forms on a member's console page; admin-only ones are shown to admins only (and
// refused to others by the server). The forms staff fill in are conform forms checked with the
// schemas the action parses (app/staff/member-action-schema.ts); each shows only its own answer.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { FormMessage, SubmitButton } from "#app/components/form-field.tsx";
import { FieldInput, FieldTextarea, useResetAfter, useSchemaForm } from "#app/components/schema-form.tsx";
import { Button, Card, Checkbox } from "#app/components/ui/index.ts";
import { answerFor, type FormAnswer } from "#app/staff/form-answer.ts";
import { creditsSchema, erasureSchema, refundSchema, switchSchema } from "#app/staff/member-action-schema.ts";

type SwitchIntent = "ban" | "hide-profile" | "direct-debit-block" | "fictional";
type Switches = Record<SwitchIntent, boolean>;
type Answer = FormAnswer | null | undefined;

interface Props {
  role: string;
  status: string;
  locked: boolean;
  sessions: number;
  creditsKey: string;
  switches: Switches;
  hasProfile: boolean;
  /** the last post's answer (each form picks its own) */
  answer: Answer;
}

export function MemberActions({ role, status, locked, sessions, creditsKey, switches, hasProfile, answer }: Props) {
  const { t } = useTranslation();
  return (
    <Card as="section" padding="sm" className="flex flex-col items-start gap-3" data-testid="member-actions">
      <h2 className="text-lg font-semibold">{t("staff.actions.title")}</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="lift-lockout" />
        <Button type="submit" variant="outline" size="sm" disabled={!locked}>
          {t("staff.actions.liftLockout")}
        </Button>
      </Form>
      {status === "not_confirmed" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="resend-activation" />
          <Button type="submit" variant="outline" size="sm">
            {t("staff.actions.resendActivation")}
          </Button>
        </Form>
      ) : null}
      {status !== "deleted" && status !== "banned" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="password-reset" />
          <Button type="submit" variant="outline" size="sm">
            {t("staff.actions.passwordReset")}
          </Button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="revoke-sessions" />
        <Button type="submit" variant="outline" size="sm" disabled={sessions === 0}>
          {t("staff.actions.revokeSessions", { count: sessions })}
        </Button>
      </Form>
      {status !== "deleted" ? (
        <Form method="post" className="flex w-full flex-col gap-1 border-t border-black/10 pt-3" data-testid="export-form">
          <input type="hidden" name="intent" value="export-data" />
          <Button type="submit" variant="outline" size="sm" className="self-start">
            {t("staff.actions.exportData")}
          </Button>
          <p className="text-xs text-black/60">{t("staff.actions.exportHelp")}</p>
        </Form>
      ) : null}
      {role === "admin" ? <CreditsForm creditsKey={creditsKey} answer={answer} /> : null}
      {role === "admin" && status !== "deleted" ? (
        <div className="flex w-full flex-col gap-3 border-t border-black/10 pt-3" data-testid="switch-actions">
          <h3 className="font-semibold">{t("staff.actions.conductTitle")}</h3>
          {(["ban", "hide-profile", "direct-debit-block", "fictional"] as const)
            .filter((intent) => hasProfile || intent === "ban" || intent === "direct-debit-block")
            .map((intent) => (
              <SwitchForm key={intent} intent={intent} on={switches[intent]} answer={answer} />
            ))}
        </div>
      ) : null}
      {role === "admin" && status !== "deleted" ? <ErasureForm answer={answer} /> : null}
    </Card>
  );
}

/** Credits granted (positive) or deducted (negative) with a reason; the form's key books it once. */
function CreditsForm({ creditsKey, answer }: { creditsKey: string; answer: Answer }) {
  const { t } = useTranslation();
  const { lastResult, params, saved } = answerFor(answer, "credits");
  const ref = useResetAfter(saved);
  const { form, fields, formProps, stateOf } = useSchemaForm(creditsSchema, { id: "credits", lastResult });
  return (
    <Form ref={ref} method="post" {...formProps} className="flex w-full flex-col gap-2 border-t border-black/10 pt-3" data-testid="credits-form">
      <h3 className="font-semibold">{t("staff.actions.creditsTitle")}</h3>
      <FormMessage message={form.errors?.[0] ?? fields.key.errors?.[0]} params={params} />
      <input type="hidden" name="intent" value="credits" />
      <input type="hidden" name={fields.key.name} value={creditsKey} />
      <FieldInput field={fields.amount} type="number" step={1} label={t("staff.actions.amount")} state={stateOf(fields.amount)} />
      <FieldTextarea field={fields.reason} rows={2} maxLength={500} label={t("staff.actions.reason")} state={stateOf(fields.reason)} />
      <SubmitButton variant="outline" size="sm" className="self-start">
        {t("staff.actions.applyCredits")}
      </SubmitButton>
    </Form>
  );
}

/** One reversible action (ban, hide, block, mark) with its required reason; the button says what a click does now. */
function SwitchForm({ intent, on, answer }: { intent: SwitchIntent; on: boolean; answer: Answer }) {
  const { t } = useTranslation();
  const { lastResult, params, saved } = answerFor(answer, `switch-${intent}`);
  const ref = useResetAfter(saved);
  const { form, fields, formProps, stateOf } = useSchemaForm(switchSchema, { id: `switch-${intent}`, lastResult });
  return (
    <Form ref={ref} method="post" {...formProps} className="flex flex-col gap-1" data-testid={`switch-${intent}`}>
      <FormMessage message={form.errors?.[0] ?? fields.on.errors?.[0]} params={params} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={fields.on.name} value={on ? "0" : "1"} />
      <FieldInput field={fields.reason} maxLength={500} label={t("staff.actions.reasonShort")} state={stateOf(fields.reason)} />
      <SubmitButton variant="outline" size="sm" className="self-start">
        {t(`staff.actions.switch.${intent}.${on ? "off" : "on"}`)}
      </SubmitButton>
    </Form>
  );
}

/** Erasure on a request received by mail: irreversible, so a reason and a ticked confirmation. */
function ErasureForm({ answer }: { answer: Answer }) {
  const { t } = useTranslation();
  const { lastResult, params } = answerFor(answer, "erase");
  const { form, fields, formProps, stateOf } = useSchemaForm(erasureSchema, { id: "erase", lastResult });
  const confirmError = fields.confirm.errors?.[0];
  return (
    <Form method="post" {...formProps} className="flex w-full flex-col gap-2 border-t border-black/10 pt-3" data-testid="erase-form">
      <h3 className="font-semibold">{t("staff.actions.eraseTitle")}</h3>
      <p className="text-xs text-black/60">{t("staff.actions.eraseHelp")}</p>
      <FormMessage message={form.errors?.[0]} params={params} />
      <input type="hidden" name="intent" value="erase" />
      <FieldTextarea field={fields.reason} rows={2} maxLength={500} label={t("staff.actions.reason")} state={stateOf(fields.reason)} />
      <Checkbox
        name={fields.confirm.name}
        id={fields.confirm.id}
        value="erase"
        required
        defaultChecked={fields.confirm.initialValue === "erase"}
        error={confirmError ? t(confirmError) : undefined}
        label={t("staff.actions.eraseConfirm")}
        className="text-sm"
      />
      <SubmitButton variant="danger-outline" size="sm" className="self-start">
        {t("staff.actions.erase")}
      </SubmitButton>
    </Form>
  );
}

/** A completed payment's refund (admins): its unused credits, outside the refund period only with the override and a reason. */
export function RefundForm({ payment, answer }: { payment: number; answer: Answer }) {
  const { t } = useTranslation();
  const { lastResult, params, saved } = answerFor(answer, `refund-${payment}`);
  const ref = useResetAfter(saved);
  const { form, fields, formProps, stateOf } = useSchemaForm(refundSchema, { id: `refund-${payment}`, lastResult });
  return (
    // in a table cell that does not wrap: this form wraps its texts, and holds its hidden label (no sideways scrolling)
    <Form
      ref={ref}
      method="post"
      {...formProps}
      className="relative flex w-56 flex-col items-start gap-1 whitespace-normal text-xs"
      data-testid={`refund-${payment}`}
    >
      <FormMessage message={form.errors?.[0] ?? fields.payment.errors?.[0]} params={params} />
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name={fields.payment.name} value={payment} />
      <Checkbox
        name={fields.override.name}
        id={fields.override.id}
        value="1"
        defaultChecked={fields.override.initialValue === "1"}
        label={t("staff.actions.refundOverride")}
      />
      <FieldInput
        field={fields.reason}
        maxLength={500}
        hideLabel
        placeholder={t("staff.actions.reasonShort")}
        label={t("staff.actions.reasonShort")}
        state={stateOf(fields.reason)}
        className="w-full"
      />
      <SubmitButton variant="outline" size="sm">
        {t("staff.actions.refund")}
      </SubmitButton>
    </Form>
  );
}
