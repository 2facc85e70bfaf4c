// transitionsvideolanding: the site's faces fade into each other like a video, behind the headline
// (CSS animation, no video file; still for visitors who ask for reduced motion).
import { CTA_CLASS, Headline, ProfilePhoto, SignupTrigger, type LanderData } from "./lander-kit.tsx";

const SLIDE_SECONDS = 4;
/** the keyframes in app.css give each of six slides a sixth of the cycle */
const SLIDES = 6;

export function TransitionsVideoLander({ page }: { page: LanderData }) {
  const faces = page.profiles.slice(0, SLIDES);
  // fewer faces than slides: they come round again
  const slides = faces.length ? Array.from({ length: SLIDES }, (_, i) => faces[i % faces.length]!) : [];
  const cycle = SLIDES * SLIDE_SECONDS;
  return (
    <section className="relative min-h-[70vh] overflow-hidden bg-dark">
      <div className="absolute inset-0" aria-hidden data-testid="lander-transitions">
        {slides.length === 0 ? <img src={page.hero.image} alt="" className="h-full w-full object-cover" /> : null}
        {slides.map((p, i) => (
          <div
            key={i}
            className="lander-slide absolute inset-0"
            style={{ animationDuration: `${cycle}s`, animationDelay: `${i * SLIDE_SECONDS}s`, opacity: i === 0 ? 1 : 0 }}
          >
            <ProfilePhoto profile={p} className="h-full w-full" />
          </div>
        ))}
      </div>
      <div className="absolute inset-0 bg-gradient-to-t from-black/85 via-black/40 to-black/10" />
      <div className="container-site relative flex min-h-[70vh] flex-col justify-end py-12">
        <Headline page={page} light />
        <SignupTrigger className={`${CTA_CLASS} mt-6 self-start`} />
      </div>
    </section>
  );
}
