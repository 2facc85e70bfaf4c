// video: a muted, looping, autoplaying hero video with its poster; without a video file (or where
// the browser cannot play it) the poster image is the hero.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CTA_CLASS, Headline, ProfilePhoto, SignupTrigger, type LanderData } from "./lander-kit.tsx";

export function VideoLander({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  const { video, poster } = page.hero;
  return (
    <>
      <section className="relative min-h-[60vh] overflow-hidden bg-dark">
        {video ? (
          <video
            className="absolute inset-0 h-full w-full object-cover"
            poster={poster}
            autoPlay
            muted
            loop
            playsInline
            data-testid="lander-video"
            aria-label={t("landerPages.videoLabel", { siteName: page.siteName })}
          >
            <source src={video} type={video.endsWith(".webm") ? "video/webm" : "video/mp4"} />
            <img src={poster} alt="" className="h-full w-full object-cover" />
          </video>
        ) : (
          <img src={poster} alt="" className="absolute inset-0 h-full w-full object-cover" data-testid="lander-poster" />
        )}
        <div className="absolute inset-0 bg-gradient-to-r from-black/80 via-black/50 to-transparent" />
        <div className="container-site relative flex min-h-[60vh] flex-col justify-center py-12">
          <Headline page={page} light />
          <SignupTrigger className={`${CTA_CLASS} mt-6 self-start`} />
        </div>
      </section>
      {page.profiles.length ? (
        <div className="container-site grid grid-cols-3 gap-3 py-8 md:grid-cols-6">
          {page.profiles.slice(0, 6).map((p) => (
            <SignupTrigger key={p.id} className="block overflow-hidden rounded-xl bg-white shadow-sm" testId="video-face" label={p.name}>
              <ProfilePhoto profile={p} className="aspect-square w-full" />
              <span className="block truncate p-2 text-sm font-semibold">
                {p.name}, {p.age}
              </span>
            </SignupTrigger>
          ))}
        </div>
      ) : null}
    </>
  );
}
