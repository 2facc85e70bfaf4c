// alonetonight: a night sky, the question, the faces of who is online tonight.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CTA_CLASS, Headline, ProfilePhoto, SignupTrigger, type LanderData } from "./lander-kit.tsx";

export function AloneTonightLander({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  const online = page.profiles.slice(0, 8);
  return (
    <section className="relative overflow-hidden bg-dark text-white">
      <svg
        className="absolute right-4 top-4 h-14 w-14 text-secondary opacity-60 md:right-10 md:top-8 md:h-40 md:w-40 md:opacity-100"
        viewBox="0 0 100 100"
        aria-hidden
      >
        <path fill="currentColor" d="M70 10a42 42 0 1 0 20 62A36 36 0 0 1 70 10z" />
      </svg>
      <div className="container-site relative py-14 md:py-20">
        <p className="text-sm font-bold uppercase tracking-[0.3em] text-secondary">{t("landerPages.aloneKicker")}</p>
        <Headline page={page} light className="mt-3" />
        {page.total > 0 ? (
          <p className="mt-6 font-semibold text-white/90" data-testid="lander-online">
            {t("landerPages.onlineTonight", { number: page.total })}
          </p>
        ) : null}
        <ul className="mt-4 flex flex-wrap gap-3">
          {online.map((p) => (
            <li key={p.id} className="relative">
              <ProfilePhoto profile={p} className="h-16 w-16 rounded-full border-2 border-white/80 md:h-20 md:w-20" />
              <span className="absolute bottom-1 right-1 h-3.5 w-3.5 rounded-full border-2 border-dark bg-success" aria-hidden />
            </li>
          ))}
        </ul>
        <SignupTrigger className={`${CTA_CLASS} mt-8`} />
      </div>
    </section>
  );
}
