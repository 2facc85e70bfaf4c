// /directdebit's two steps: the mandate form (account holder, IBAN, address, phone) and the
// one-time code, each checked with its schema (app/payments/direct-debit-form.ts) in the browser
// and in the action. Works without JavaScript (the reply shows the same errors); messages are
// catalogue keys.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { codeSchema, mandateSchema } from "#app/payments/direct-debit-form.ts";
import { FormMessage } from "./form-field.tsx";
import { FieldInput, useSchemaForm, type FieldState } from "./schema-form.tsx";
import { Button, Card } from "./ui/index.ts";

export interface OrderSummary {
  credits: number;
  price: string;
  /** the price before the member's discount, when one applies */
  listPrice: string | null;
}

export function OrderCard({ order, children }: { order: OrderSummary; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="container-site flex max-w-xl flex-col gap-6 py-8 sm:py-10">
      <div className="flex items-center justify-between gap-4 rounded-2xl bg-primary p-5 text-white shadow-md" data-testid="dd-order">
        <div>
          <h1 className="text-xl font-bold sm:text-2xl">{t("directdebit.title")}</h1>
          <p className="mt-1 text-sm text-white/90">{t("directdebit.package", { credits: order.credits })}</p>
        </div>
        <p className="flex flex-col items-end">
          {order.listPrice ? (
            <s className="text-sm text-white/75" data-testid="dd-list-price">
              {order.listPrice}
            </s>
          ) : null}
          <span className="text-2xl font-extrabold whitespace-nowrap sm:text-3xl">{order.price}</span>
        </p>
      </div>
      <Card as="section">{children}</Card>
      <Link to="/credits" className="self-center text-sm text-primary underline">
        {t("directdebit.otherMethod")}
      </Link>
    </main>
  );
}

type MandateField = "accountHolder" | "iban" | "street" | "houseNumber" | "zip" | "city" | "phone";

function MandateInput({
  field,
  state,
  autoComplete,
  type = "text",
  className,
}: {
  field: FieldMetadata<unknown>;
  state: FieldState;
  autoComplete: string;
  type?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const iban = field.name === "iban" ? { spellCheck: false, autoCapitalize: "characters", placeholder: "NL91 ABNA 0417 1643 00" } : {};
  return (
    <FieldInput
      field={field}
      type={type}
      label={t(`directdebit.${field.name as MandateField}`)}
      autoComplete={autoComplete}
      className={className}
      state={state}
      {...iban}
    />
  );
}

export function MandateForm({
  order,
  lastResult,
  message,
}: {
  order: OrderSummary;
  lastResult?: SubmissionResult<string[]> | undefined;
  /** the code step's refusal (a code gone stale), shown when the mandate is asked again */
  message?: string | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const { form, fields: f, formProps, stateOf } = useSchemaForm(mandateSchema, { id: "dd-mandate", lastResult });
  return (
    <Form method="post" {...formProps} className="flex flex-col gap-4" data-testid="dd-mandate">
      <input type="hidden" name="intent" value="details" />
      <p className="text-sm text-black/70">{t("directdebit.intro", { credits: order.credits, price: order.price })}</p>
      <FormMessage message={form.errors?.[0] ?? message} />
      <MandateInput field={f.accountHolder} state={stateOf(f.accountHolder)} autoComplete="name" />
      <MandateInput field={f.iban} state={stateOf(f.iban)} autoComplete="off" />
      <div className="grid grid-cols-3 gap-3">
        <MandateInput field={f.street} state={stateOf(f.street)} autoComplete="address-line1" className="col-span-2" />
        <MandateInput field={f.houseNumber} state={stateOf(f.houseNumber)} autoComplete="off" />
      </div>
      <div className="grid grid-cols-3 gap-3">
        <MandateInput field={f.zip} state={stateOf(f.zip)} autoComplete="postal-code" />
        <MandateInput field={f.city} state={stateOf(f.city)} autoComplete="address-level2" className="col-span-2" />
      </div>
      <MandateInput field={f.phone} state={stateOf(f.phone)} autoComplete="tel" type="tel" />
      <Button type="submit" disabled={busy} size="lg" block className="mt-2">
        {t("directdebit.sendCode")}
      </Button>
    </Form>
  );
}

export interface ChallengeView {
  token: string;
  ibanMasked: string;
  accountHolder: string;
  email: string;
  minutes: number;
}

export function CodeForm({
  order,
  challenge,
  lastResult,
  restartTo,
}: {
  order: OrderSummary;
  challenge: ChallengeView;
  lastResult?: SubmissionResult<string[]> | undefined;
  restartTo: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const { form, fields, formProps, stateOf } = useSchemaForm(codeSchema, { id: "dd-code", lastResult });
  return (
    <Form method="post" {...formProps} className="flex flex-col gap-4" data-testid="dd-code">
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name={fields.challenge.name} value={challenge.token} />
      <h2 className="text-lg font-semibold">{t("directdebit.codeTitle")}</h2>
      <p className="text-sm text-black/70">{t("directdebit.codeSent", { email: challenge.email, minutes: challenge.minutes })}</p>
      <p className="rounded-lg bg-light px-3 py-2 font-mono text-sm" data-testid="dd-iban">
        {t("directdebit.debitFrom", { iban: challenge.ibanMasked, holder: challenge.accountHolder })}
      </p>
      <FormMessage message={form.errors?.[0]} />
      <FieldInput
        field={fields.otp}
        label={t("directdebit.otp")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        state={stateOf(fields.otp)}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
      />
      <Button type="submit" disabled={busy} size="lg" block>
        {t("directdebit.confirm", { price: order.price })}
      </Button>
      <Link to={restartTo} className="self-center text-sm text-primary underline">
        {t("directdebit.newCode")}
      </Link>
    </Form>
  );
}
