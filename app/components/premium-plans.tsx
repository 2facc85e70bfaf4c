// The pieces /premium and /pricing share: the free-versus-premium comparison (spec section 6),
// what credits buy, the premium claim and the call to buy credits.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Badge, Button, Card } from "./ui/index.ts";
import { formatCountdown } from "./time-bonus.tsx";

export interface PlanFacts {
  costs: { message: number; photo: number; gift: number };
  refundDays: number;
  limits: { freeConversations: number; freePhotos: number; premiumPhotos: number };
  claimPercent: number;
  member: { paidUser: boolean; credits: number } | null;
  discount: { percentage: number; kind: string; secondsLeft: number | null } | null;
}

const Check = () => (
  <svg viewBox="0 0 20 20" className="mx-auto h-5 w-5 text-success" fill="currentColor" aria-hidden>
    <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
  </svg>
);
const Cross = () => (
  <svg viewBox="0 0 20 20" className="mx-auto h-5 w-5 text-black/30" fill="currentColor" aria-hidden>
    <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
  </svg>
);

function Cell({ value }: { value: boolean | string }) {
  const { t } = useTranslation();
  if (value === true)
    return (
      <>
        <Check />
        <span className="sr-only">{t("discounts.premium.yes")}</span>
      </>
    );
  if (value === false)
    return (
      <>
        <Cross />
        <span className="sr-only">{t("discounts.premium.no")}</span>
      </>
    );
  return <span className="font-semibold">{value}</span>;
}

/** Free versus premium, side by side; the premium column stands out. */
export function PlanComparison({ facts }: { facts: PlanFacts }) {
  const { t } = useTranslation();
  const rows: [string, boolean | string, boolean | string][] = [
    [t("discounts.premium.rowConversations"), t("discounts.premium.upTo", { n: facts.limits.freeConversations }), t("discounts.premium.noLimit")],
    [t("discounts.premium.rowSeePhotos"), false, true],
    [t("discounts.premium.rowUpload"), String(facts.limits.freePhotos), String(facts.limits.premiumPhotos)],
    [t("discounts.premium.rowWithoutCredits"), false, true],
    [t("discounts.premium.rowMatchChances"), false, `+${facts.claimPercent}%`],
    [t("discounts.premium.rowSubscription"), t("discounts.premium.none"), t("discounts.premium.none")],
  ];
  return (
    <Card padding="none" className="overflow-hidden">
      <table className="w-full text-sm sm:text-base" data-testid="plan-comparison">
        <thead>
          <tr>
            <th className="p-3 text-left font-normal text-black/60 sm:p-4">
              <span className="sr-only">{t("discounts.premium.feature")}</span>
            </th>
            <th scope="col" className="w-24 p-3 text-center font-bold sm:w-32 sm:p-4">
              {t("discounts.premium.free")}
            </th>
            <th scope="col" className="w-28 bg-primary p-3 text-center font-bold text-white sm:w-36 sm:p-4">
              {t("discounts.premium.premium")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, free, premium]) => (
            <tr key={label} className="border-t border-black/5">
              <th scope="row" className="p-3 text-left font-normal sm:p-4">
                {label}
              </th>
              <td className="p-3 text-center sm:p-4">
                <Cell value={free} />
              </td>
              <td className="bg-primary/5 p-3 text-center text-primary sm:p-4">
                <Cell value={premium} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** What a message, a photo and a gift cost in credits on this site. */
export function CreditCosts({ costs }: { costs: PlanFacts["costs"] }) {
  const { t } = useTranslation();
  const items = [
    { label: t("pricing.message"), credits: costs.message },
    { label: t("pricing.photo"), credits: costs.photo },
    { label: t("pricing.gift"), credits: costs.gift },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-3" data-testid="credit-costs">
      {items.map((i) => (
        <Card as="li" key={i.label} padding="sm" className="flex items-center gap-3 sm:flex-col sm:text-center">
          <span className="flex-1 text-sm text-black/70">{i.label}</span>
          <span className="text-lg font-bold text-primary">{t("pricing.credits", { count: i.credits })}</span>
        </Card>
      ))}
    </ul>
  );
}

/** The discount the member would get now, with its countdown when it ends soon. */
export function DiscountRibbon({ discount }: { discount: NonNullable<PlanFacts["discount"]> }) {
  const { t } = useTranslation();
  return (
    <p
      className="flex flex-wrap items-center justify-center gap-2 rounded-xl bg-secondary/20 px-4 py-3 text-center text-sm font-semibold text-dark ring-1 ring-secondary"
      data-testid="premium-discount"
    >
      <Badge tone="secondary">-{discount.percentage}%</Badge>
      {t("discounts.premium.discountNow", { percent: discount.percentage })}
      {discount.secondsLeft !== null && discount.secondsLeft < 86_400 ? (
        <span className="font-mono tabular-nums text-primary">{formatCountdown(discount.secondsLeft)}</span>
      ) : null}
    </p>
  );
}

/** The call to buy credits, for a premium member too (buying again): primary on light backgrounds, light on the brand-coloured hero. */
export function BuyCreditsButton({ facts, tone = "primary", className = "" }: { facts: PlanFacts; tone?: "primary" | "light"; className?: string }) {
  const { t } = useTranslation();
  const label = facts.member?.paidUser
    ? t("discounts.premium.ctaMore")
    : facts.discount
      ? t("discounts.premium.ctaDiscount", { percent: facts.discount.percentage })
      : t("discounts.premium.cta");
  return (
    <Button to="/credits" variant={tone} size="lg" className={className} data-testid="buy-credits">
      {label}
    </Button>
  );
}
