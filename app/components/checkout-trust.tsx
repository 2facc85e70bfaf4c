// What a member looks for before paying: the secure connection, who sells (the site's operating
// company), where the pay button takes them (the provider's page, clearly a test with the test
// provider) and the way back to where they started buying.
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { PayDestination, Seller } from "#app/payments/order.server.ts";
import type { ReturnTarget as ReturnLink } from "#app/payments/return-to.server.ts";
import { BackIcon } from "./chat/icons.tsx";

function Padlock({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

/** The padlock line, where the member goes to pay and the seller, under the pay button. */
export function CheckoutTrust({ destination, seller }: { destination: PayDestination | null; seller: Seller | null }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 space-y-1.5 border-t border-black/10 pt-3 text-xs text-black/65" data-testid="checkout-trust">
      <p className="flex items-center gap-1.5 font-semibold text-success">
        <Padlock />
        {t("checkout.secureLine")}
      </p>
      {destination ? <p>{t(`checkout.payOn.${destination}`)}</p> : null}
      {seller ? <p data-testid="seller">{t("checkout.soldBy", { company: seller.name, city: seller.city })}</p> : null}
    </div>
  );
}

export function useReturnLabel() {
  const { t } = useTranslation();
  return (target: ReturnLink) => (target.kind === "page" ? t("checkout.backTo.page") : t(`checkout.backTo.${target.kind}`, { name: target.name }));
}

/** "← Back to your chat with Dagmar" above the checkout's pages, for a member who changes their mind. */
export function ReturnBar({ target }: { target: ReturnLink | null }) {
  const label = useReturnLabel();
  if (!target) return null;
  return (
    <Link to={target.path} className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline" data-testid="return-link">
      <BackIcon className="h-4 w-4" />
      {label(target)}
    </Link>
  );
}
