// A partner's offer among profile cards (spec: cam profile cards, types cam and resell). It is an
// advert and says so: a visible label, rel="sponsored", and it opens the partner's site apart.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { PartnerOfferCard as Offer } from "#app/partners/offers.server.ts";
import { Badge, Card, cx } from "./ui/index.ts";

export function PartnerOfferCard({ offer, className = "" }: { offer: Offer; className?: string }) {
  const { t } = useTranslation();
  const title = offer.label ?? t(`partnerOffers.title.${offer.type}`);
  return (
    <Card
      as="a"
      padding="none"
      href={offer.url}
      target="_blank"
      rel="sponsored noopener noreferrer"
      className={cx("group relative block overflow-hidden border-2 border-dashed border-secondary transition hover:shadow-md", className)}
      data-testid="partner-offer"
      data-offer-type={offer.type}
    >
      <div className="relative aspect-[4/5] bg-dark">
        {offer.image ? (
          <img src={offer.image} alt="" loading="lazy" className="h-full w-full object-cover opacity-90" />
        ) : (
          <div className="flex h-full items-center justify-center text-4xl text-white/60" aria-hidden>
            {offer.type === "cam" ? "●" : "♥"}
          </div>
        )}
        <Badge tone="secondary" className="absolute left-2 top-2 uppercase" data-testid="partner-offer-label">
          {t("partnerOffers.label")}
        </Badge>
        {offer.type === "cam" ? (
          <Badge tone="primary" className="absolute right-2 top-2">
            {t("partnerOffers.live")}
          </Badge>
        ) : null}
      </div>
      <div className="p-2">
        <p className="truncate font-semibold group-hover:text-primary">{title}</p>
        <p className="truncate text-xs text-black/60">
          {t(`partnerOffers.cta.${offer.type}`)} ↗<span className="sr-only"> ({t("partnerOffers.newWindow")})</span>
        </p>
      </div>
    </Card>
  );
}
