// The checkout's UI: package cards (styles p0 to p3, one best value), the method block of a
// payment country, the order summary and the payment result's states. Prices are formatted in
// the member's locale and the package's currency.
import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { countryName, formatMoney } from "#app/utils/format.ts";
import { MethodMarks } from "./payment-marks.tsx";
import { Badge, Button, Card, type ButtonVariant } from "./ui/index.ts";

export interface PackageView {
  id: number;
  credits: number;
  priceCents: number;
  currency: string;
  country: string | null;
  style: string;
  bestValue: boolean;
}

const STYLE: Record<string, { card: string; price: string; button: ButtonVariant }> = {
  p0: { card: "bg-white border border-black/10", price: "text-dark", button: "outline" },
  p1: { card: "bg-white border border-primary/30", price: "text-primary", button: "primary" },
  p2: { card: "bg-white border-2 border-secondary shadow-lg md:-translate-y-2", price: "text-primary", button: "primary" },
  p3: { card: "bg-dark text-white border border-dark", price: "text-secondary", button: "secondary" },
};

export function useMoney() {
  const { i18n } = useTranslation();
  return (cents: number, currency: string) => formatMoney(cents, currency, i18n.language);
}

export function PackageCard({ pkg, href, cheapestPerCredit }: { pkg: PackageView; href: string; cheapestPerCredit: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const style = STYLE[pkg.style] ?? STYLE.p0!;
  const perCredit = pkg.priceCents / pkg.credits;
  const saving = Math.round((1 - perCredit / cheapestPerCredit) * 100);
  return (
    <li className={`relative flex flex-col rounded-2xl p-4 transition sm:p-5 ${style.card}`} data-testid={`package-${pkg.id}`} data-style={pkg.style}>
      {pkg.bestValue ? (
        <Badge
          tone="secondary"
          className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap px-3 uppercase tracking-wide shadow"
          data-testid="best-value"
        >
          {t("checkout.bestValue")}
        </Badge>
      ) : null}
      <p className="text-4xl font-black tracking-tight">{pkg.credits}</p>
      <p className="text-sm font-semibold opacity-70">{t("checkout.creditsUnit", { count: pkg.credits })}</p>
      <p className={`mt-4 text-2xl font-bold ${style.price}`} data-testid="package-price">
        {money(pkg.priceCents, pkg.currency)}
      </p>
      <p className="mb-4 text-xs opacity-70">
        {t("checkout.perCredit", { price: money(Math.round(perCredit), pkg.currency) })}
        {saving > 0 ? <span className="ml-1 font-bold">· {t("checkout.save", { percent: saving })}</span> : null}
      </p>
      <Button
        to={href}
        variant={style.button}
        size="sm"
        className="mt-auto"
        aria-label={t("checkout.choosePackage", { credits: t("checkout.creditsCount", { count: pkg.credits }), price: money(pkg.priceCents, pkg.currency) })}
      >
        {t("checkout.choose")}
      </Button>
    </li>
  );
}

export function MethodName({ method }: { method: string }) {
  const { t } = useTranslation();
  return <>{t(`checkout.methods.${method}`)}</>;
}

/** A method as a small chip with its mark: what /credits says can be used, and the failed payment's retry links. */
export function MethodChip({ method }: { method: string }) {
  return (
    <span
      className="inline-flex h-10 items-center gap-2 rounded-lg border border-black/15 bg-white px-3 text-sm font-semibold text-dark shadow-sm"
      data-testid={`method-${method}`}
    >
      <MethodMarks method={method} className="h-5" />
      <span>
        <MethodName method={method} />
      </span>
    </span>
  );
}

/** A method to choose on the order overview: a tile with a radio mark, its name and its mark. */
export function MethodTile({ method, selected }: { method: string; selected: boolean }) {
  return (
    <span
      className={`flex min-h-14 w-full items-center gap-3 rounded-xl border-2 bg-white px-3 py-2 text-sm font-semibold transition ${
        selected ? "border-primary bg-accent/50 text-dark shadow-sm" : "border-black/10 text-dark hover:border-primary/40"
      }`}
      data-testid={`method-${method}`}
    >
      <span
        className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 ${selected ? "border-primary" : "border-black/25"}`}
        aria-hidden
      >
        {selected ? <span className="h-2.5 w-2.5 rounded-full bg-primary" /> : null}
      </span>
      <span className="min-w-0 flex-1 leading-tight">
        <MethodName method={method} />
      </span>
      <MethodMarks method={method} />
    </span>
  );
}

export function MethodBlock({ methods, country, children }: { methods: string[]; country: string; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Card as="section" className="mt-8" aria-labelledby="methods-title" data-testid="method-block">
      <h2 id="methods-title" className="text-lg font-bold">
        {t("checkout.methodsTitle", { country: countryName(country, i18n.language) })}
      </h2>
      {methods.length ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {methods.map((m) => (
            <li key={m}>
              <MethodChip method={m} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-black/60">{t("checkout.noMethods")}</p>
      )}
      <p className="mt-3 text-xs text-black/60">{t("checkout.secure")}</p>
      {children}
    </Card>
  );
}

export function SummaryRow({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-2 ${strong ? "border-t border-black/10 pt-3 text-lg font-black" : ""}`}>
      <dt className={strong ? "" : "text-black/70"}>{label}</dt>
      <dd className="text-right font-semibold">{value}</dd>
    </div>
  );
}

export function Notice({ tone, children, testId }: { tone: "danger" | "success" | "info"; children: ReactNode; testId?: string }) {
  const cls =
    tone === "danger"
      ? "border-danger/40 bg-danger/10 text-danger"
      : tone === "success"
        ? "border-success/40 bg-success/10 text-success"
        : "border-black/10 bg-light text-dark";
  return (
    <p role={tone === "danger" ? "alert" : "status"} className={`rounded-xl border px-4 py-3 text-sm font-semibold ${cls}`} data-testid={testId}>
      {children}
    </p>
  );
}

export function Spinner() {
  return <span className="inline-block h-8 w-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary" aria-hidden />;
}
