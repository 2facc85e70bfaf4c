// /directdebit's two steps: the mandate form (account holder, IBAN, address, phone) and the
// one-time code. Works without JavaScript (plain posts); messages are catalogue keys.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, useNavigation } from "react-router";
import { FormField, FormMessage } from "./form-field.tsx";
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

export interface MandateFormState {
  errors?: Record<string, string> | undefined;
  values?: Record<string, string> | undefined;
  message?: string | undefined;
}

const _FIELDS = [
  ["accountHolder", "name", "text"],
  ["iban", "off", "text"],
  ["street", "address-line1", "text"],
  ["houseNumber", "off", "text"],
  ["zip", "postal-code", "text"],
  ["city", "address-level2", "text"],
  ["phone", "tel", "tel"],
] as const;

export function MandateForm({ order, state }: { order: OrderSummary; state: MandateFormState }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const validated = !!state.errors;
  const field = (name: (typeof _FIELDS)[number][0], autoComplete: string, type: string, className = "") => (
    <FormField
      key={name}
      name={name}
      type={type}
      label={t(`directdebit.${name}`)}
      autoComplete={autoComplete}
      required
      className={className}
      defaultValue={state.values?.[name]}
      error={state.errors?.[name]}
      validated={validated}
      {...(name === "iban" ? { spellCheck: false, autoCapitalize: "characters", placeholder: "NL91 ABNA 0417 1643 00", maxLength: 64 } : { maxLength: 80 })}
    />
  );
  return (
    <Form method="post" className="flex flex-col gap-4" data-testid="dd-mandate" noValidate>
      <input type="hidden" name="intent" value="details" />
      <p className="text-sm text-black/70">{t("directdebit.intro", { credits: order.credits, price: order.price })}</p>
      <FormMessage message={state.message} />
      {field("accountHolder", "name", "text")}
      {field("iban", "off", "text")}
      <div className="grid grid-cols-3 gap-3">
        {field("street", "address-line1", "text", "col-span-2")}
        {field("houseNumber", "off", "text")}
      </div>
      <div className="grid grid-cols-3 gap-3">
        {field("zip", "postal-code", "text")}
        {field("city", "address-level2", "text", "col-span-2")}
      </div>
      {field("phone", "tel", "tel")}
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
  message,
  restartTo,
}: {
  order: OrderSummary;
  challenge: ChallengeView;
  message?: string | undefined;
  restartTo: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="flex flex-col gap-4" data-testid="dd-code">
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="challenge" value={challenge.token} />
      <h2 className="text-lg font-semibold">{t("directdebit.codeTitle")}</h2>
      <p className="text-sm text-black/70">{t("directdebit.codeSent", { email: challenge.email, minutes: challenge.minutes })}</p>
      <p className="rounded-lg bg-light px-3 py-2 font-mono text-sm" data-testid="dd-iban">
        {t("directdebit.debitFrom", { iban: challenge.ibanMasked, holder: challenge.accountHolder })}
      </p>
      <FormMessage message={message} />
      <FormField
        name="otp"
        label={t("directdebit.otp")}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
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
