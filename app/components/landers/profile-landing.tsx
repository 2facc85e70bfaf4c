// The three landings around one profile (/members/{id}/landing, landing2, landing3). Each design
// is its own component; every call to action opens the signup with this profile as the target.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ProfileLandingData } from "#app/landers/profile-landing-route.server.ts";
import type { ProfileLandingDesign } from "#app/landers/profile-landing.server.ts";
import { FictionalMark } from "#app/components/fictional-mark.tsx";
import { PartnerOfferCard } from "#app/components/partner-offer-card.tsx";
import { MemberPhoto } from "#app/components/member-photo.tsx";
import { PHOTO_SIZES } from "#app/profiles/photo-sizes.ts";
import { CTA_CLASS, LanderSignupProvider, SignupTrigger } from "./lander-kit.tsx";

type Page = ProfileLandingData;
type Props = { page: Page };

const DESIGNS: Record<ProfileLandingDesign, (p: Props) => React.ReactNode> = {
  landing: HeroCardLanding,
  landing2: ProfileWithSimilarLanding,
  landing3: ChatTeaserLanding,
};

export function ProfileLandingView({ page }: Props) {
  const Design = DESIGNS[page.design];
  return (
    <LanderSignupProvider bounceLogging={page.bounceLogging} target={{ id: page.profile.id, name: page.profile.name }}>
      <main
        data-profile-landing={page.design}
        data-slug={page.slug ?? ""}
        data-target-profile={page.profile.id}
        data-bounce-logging={page.bounceLogging ? "on" : undefined}
      >
        <Design page={page} />
      </main>
    </LanderSignupProvider>
  );
}

/** Headline and copy: the slug's wording in the visitor's language, else the catalogue's for the design. */
function useText(page: Page) {
  const { t } = useTranslation();
  const vars = { name: page.profile.name, siteName: page.siteName };
  return {
    headline: page.text?.headline ?? t(`profileLanding.${page.design}.headline`, vars),
    copy: page.text?.copy ?? t(`profileLanding.${page.design}.copy`, vars),
  };
}

function Photo({ page, className = "" }: { page: Page; className?: string }) {
  const p = page.profile;
  return p.photo ? (
    <img src={p.photo} alt={p.name} className={`object-cover ${className}`} data-testid="landing-photo" />
  ) : (
    <div className={`flex items-center justify-center bg-accent text-5xl text-primary/50 ${className}`} role="img" aria-label={p.name}>
      ♥
    </div>
  );
}

/** Name, age, city and the online dot. */
function Facts({ page, light = false }: { page: Page; light?: boolean }) {
  const { t } = useTranslation();
  const p = page.profile;
  return (
    <div>
      <p className="flex items-center gap-2 text-2xl font-bold" data-testid="landing-name">
        <span>
          {p.name}
          {p.age !== null ? `, ${p.age}` : ""}
        </span>
        {p.fictional ? <FictionalMark /> : null}
      </p>
      <p className={`text-sm ${light ? "text-white/80" : "text-black/60"}`}>
        {p.city ? <span data-testid="landing-city">{p.city}</span> : null}
        {p.online ? (
          <span className="ml-2 inline-flex items-center gap-1 font-semibold text-success">
            <span className="h-2 w-2 rounded-full bg-success" aria-hidden />
            {t("search.online")}
          </span>
        ) : null}
      </p>
    </div>
  );
}

function Teaser({ page }: { page: Page }) {
  const { t } = useTranslation();
  if (!page.profile.teaser) return null;
  return (
    <blockquote className="mt-4 border-l-4 border-secondary pl-3 italic text-black/80" data-testid="landing-teaser">
      <span className="sr-only">{t("profileLanding.aboutMe")}: </span>“{page.profile.teaser}”
    </blockquote>
  );
}

/** landing: one big card, the photo beside the profile's own words. */
function HeroCardLanding({ page }: Props) {
  const { t } = useTranslation();
  const text = useText(page);
  return (
    <section className="bg-gradient-to-br from-accent to-light">
      <div className="container-site py-10 md:py-16">
        <article className="mx-auto grid max-w-4xl overflow-hidden rounded-2xl bg-white shadow-xl md:grid-cols-2" data-testid="landing-hero-card">
          <Photo page={page} className="aspect-[4/5] w-full md:aspect-auto md:h-full" />
          <div className="flex flex-col justify-center p-6 md:p-10">
            <h1 className="text-3xl font-black leading-tight text-primary md:text-4xl" data-testid="lander-headline">
              {text.headline}
            </h1>
            <div className="mt-4">
              <Facts page={page} />
            </div>
            <Teaser page={page} />
            <p className="mt-4 text-black/70" data-testid="lander-copy">
              {text.copy}
            </p>
            <SignupTrigger className={`${CTA_CLASS} mt-6 text-center`}>{t("profileLanding.cta", { name: page.profile.name })}</SignupTrigger>
          </div>
        </article>
      </div>
    </section>
  );
}

/** landing2: the profile on top of a strip of similar faces from the site's pool (and partner offers). */
function ProfileWithSimilarLanding({ page }: Props) {
  const { t } = useTranslation();
  const text = useText(page);
  return (
    <section className="bg-light">
      <div className="container-site py-10">
        <h1 className="text-3xl font-black leading-tight text-primary md:text-5xl" data-testid="lander-headline">
          {text.headline}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-black/70" data-testid="lander-copy">
          {text.copy}
        </p>
        <div className="mt-8 flex flex-col gap-6 rounded-2xl bg-white p-4 shadow-sm sm:flex-row sm:items-center">
          <Photo page={page} className="h-40 w-40 shrink-0 rounded-full border-4 border-secondary" />
          <div className="flex-1">
            <Facts page={page} />
            <Teaser page={page} />
          </div>
          <SignupTrigger className={`${CTA_CLASS} text-center`}>{t("profileLanding.cta", { name: page.profile.name })}</SignupTrigger>
        </div>
        {page.similar.length || page.partnerOffers.length ? (
          <>
            <h2 className="mt-10 text-xl font-bold">{t("profileLanding.landing2.similarTitle", { name: page.profile.name })}</h2>
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="landing-similar">
              {page.similar.map((p) => (
                <li key={p.id} className="overflow-hidden rounded-xl bg-white shadow-sm" data-profile-id={p.id}>
                  <SignupTrigger className="block" testId="similar-card" label={p.name}>
                    {p.thumb ? (
                      <MemberPhoto
                        thumb={p.thumb}
                        display={p.display}
                        alt={p.name}
                        sizes={PHOTO_SIZES.landingCard}
                        className="aspect-[4/5] w-full object-cover"
                      />
                    ) : (
                      <div className="aspect-[4/5] w-full bg-accent" aria-hidden />
                    )}
                    <p className="truncate p-2 text-sm font-semibold">
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
          </>
        ) : null}
      </div>
    </section>
  );
}

/** landing3: a chat window with the profile's greeting; reading on and replying is signing up. */
function ChatTeaserLanding({ page }: Props) {
  const { t } = useTranslation();
  const text = useText(page);
  const p = page.profile;
  return (
    <section className="bg-dark text-white">
      <div className="container-site grid gap-8 py-10 md:grid-cols-2 md:items-center md:py-16">
        <div>
          <h1 className="text-3xl font-black leading-tight md:text-5xl" data-testid="lander-headline">
            {text.headline}
          </h1>
          <p className="mt-3 text-lg text-white/85" data-testid="lander-copy">
            {text.copy}
          </p>
        </div>
        <div className="overflow-hidden rounded-2xl bg-white text-dark shadow-2xl" data-testid="landing-chat">
          <div className="flex items-center gap-3 bg-primary p-3 text-white">
            <Photo page={page} className="h-12 w-12 rounded-full border-2 border-white" />
            <Facts page={page} light />
          </div>
          <div className="space-y-3 bg-light p-4">
            <div className="max-w-[85%] rounded-2xl rounded-tl-none bg-white p-3 shadow-sm">
              <p data-testid="landing-chat-message">{t("profileLanding.landing3.message")}</p>
              <p className="mt-2 select-none blur-sm" aria-hidden>
                {p.teaser ?? t("profileLanding.landing3.hidden")}
              </p>
              <p className="mt-1 text-right text-xs text-black/50">{t("profileLanding.landing3.justNow")}</p>
            </div>
            <p className="text-center text-sm text-black/60">{t("profileLanding.landing3.locked")}</p>
          </div>
          <div className="flex gap-2 border-t border-black/10 p-3">
            <SignupTrigger className="flex-1 rounded-full border border-black/20 px-4 py-2 text-black/50" testId="landing-chat-input">
              {t("profileLanding.landing3.placeholder")}
            </SignupTrigger>
            <SignupTrigger className="rounded-full bg-secondary px-5 py-2 font-bold text-dark">
              {t("profileLanding.landing3.reply", { name: p.name })}
            </SignupTrigger>
          </div>
        </div>
      </div>
    </section>
  );
}
