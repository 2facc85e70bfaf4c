// collagelanding: a mosaic of the site's faces behind the headline.
import { Headline, CTA_CLASS, ProfilePhoto, SignupTrigger, type LanderData } from "./lander-kit.tsx";

export function CollageLander({ page }: { page: LanderData }) {
  const tiles = page.profiles.slice(0, 12);
  return (
    <section className="relative overflow-hidden bg-dark">
      <div className="grid grid-cols-3 gap-1 opacity-70 md:grid-cols-6" aria-hidden data-testid="collage">
        {tiles.map((p, i) => (
          <ProfilePhoto key={p.id} profile={p} className={`aspect-square w-full ${i % 5 === 0 ? "scale-105" : ""}`} />
        ))}
        {tiles.length === 0 ? <div className="col-span-full h-80 bg-gradient-to-br from-primary to-dark" /> : null}
      </div>
      <div className="absolute inset-0 flex items-center justify-center bg-gradient-to-b from-black/30 via-black/60 to-black/80 p-4">
        <div className="max-w-2xl rounded-2xl bg-black/40 p-6 text-center backdrop-blur-sm">
          <Headline page={page} light className="flex flex-col items-center" />
          <SignupTrigger className={`${CTA_CLASS} mt-6`} />
        </div>
      </div>
    </section>
  );
}
