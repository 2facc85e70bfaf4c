// maplanding: who is near the visitor, as pins on a drawn map of their area. The map is an
// inline SVG drawn here (no tiles, no third-party calls); pin positions are spread by profile id.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useRootData } from "#app/root.tsx";
import { CTA_CLASS, Headline, ProfilePhoto, SignupTrigger, type LanderData } from "./lander-kit.tsx";
import { countryName } from "#app/utils/format.ts";

/** A stable spot for a profile on the map, in percent, away from the edges. */
const spot = (id: number) => ({ left: 10 + ((id * 37) % 78), top: 12 + ((id * 53) % 70) });

export function MapLander({ page }: { page: LanderData }) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const country = root?.country ?? null;
  const place = country ? countryName(country, i18n.language) : null;
  const pins = page.profiles.slice(0, 10);
  return (
    <section className="bg-light">
      <div className="container-site grid gap-8 py-10 md:grid-cols-[2fr_3fr] md:items-center">
        <div>
          <Headline page={page} />
          <p className="mt-4 font-semibold text-primary" data-testid="map-place">
            {place ? t("landerPages.mapNear", { place }) : t("landerPages.mapNearYou")}
          </p>
          <SignupTrigger className={`${CTA_CLASS} mt-6`} />
        </div>
        <div className="relative overflow-hidden rounded-2xl shadow-lg" data-testid="lander-map">
          <svg viewBox="0 0 400 300" className="block h-auto w-full" role="img" aria-label={t("landerPages.mapLabel")}>
            <rect width="400" height="300" fill="#dbeafe" />
            <path
              d="M20 40 C90 10 160 30 220 20 S350 30 385 70 L380 200 C350 260 280 290 200 280 S60 270 30 220 Z"
              fill="#f1f5e9"
              stroke="#cbd5c0"
              strokeWidth="2"
            />
            <path d="M60 230 C120 180 170 200 230 150 S330 90 370 110" fill="none" stroke="#93c5fd" strokeWidth="6" strokeLinecap="round" />
            <g stroke="#ffffff" strokeWidth="5" fill="none" strokeLinecap="round">
              <path d="M40 120 L360 160" />
              <path d="M150 30 L190 280" />
              <path d="M260 40 L300 270" />
              <path d="M50 70 L330 240" />
            </g>
            <g stroke="#e2e8f0" strokeWidth="2" fill="none">
              <path d="M80 60 L120 250" />
              <path d="M220 30 L230 280" />
              <path d="M30 180 L380 110" />
            </g>
            <circle cx="200" cy="150" r="46" fill="currentColor" className="text-primary" opacity="0.12" />
          </svg>
          {pins.map((p) => {
            const s = spot(p.id);
            return (
              <div key={p.id} className="absolute -translate-x-1/2 -translate-y-1/2" style={{ left: `${s.left}%`, top: `${s.top}%` }}>
                <SignupTrigger testId="map-pin" label={p.name} className="block rounded-full ring-2 ring-primary">
                  <ProfilePhoto profile={p} className="h-9 w-9 rounded-full border-2 border-white shadow md:h-11 md:w-11" />
                </SignupTrigger>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
