// gallery: a grid of profile cards; beyond the first eight the faces are blurred until signup.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { PartnerOfferCard } from "#app/components/partner-offer-card.tsx";
import { CTA_CLASS, Headline, ProfilePhoto, SignupTrigger, type LanderData } from "./lander-kit.tsx";

const OPEN_CARDS = 8;

export function GalleryLander({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  return (
    <section className="bg-light">
      <div className="container-site py-10">
        <div className="flex flex-col items-start justify-between gap-4 md:flex-row md:items-end">
          <Headline page={page} />
          <SignupTrigger className={CTA_CLASS} />
        </div>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="lander-gallery">
          {page.profiles.map((p, i) => (
            <li key={p.id} className="overflow-hidden rounded-xl bg-white shadow-sm" data-profile-id={p.id}>
              <SignupTrigger className="block" testId={null} label={p.name}>
                <div className="relative">
                  <ProfilePhoto profile={p} className={`aspect-[4/5] w-full ${i >= OPEN_CARDS ? "blur-md" : ""}`} />
                  {i >= OPEN_CARDS ? (
                    <span className="absolute inset-0 flex items-center justify-center p-2 text-center text-sm font-bold text-white drop-shadow">
                      {t("landerPages.galleryLocked")}
                    </span>
                  ) : null}
                </div>
                <p className="truncate p-2 font-semibold">
                  {p.name}, {p.age}
                </p>
              </SignupTrigger>
            </li>
          ))}
          {page.partnerOffers.map((o) => (
            <li key={o.url}>
              <PartnerOfferCard offer={o} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
