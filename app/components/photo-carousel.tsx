// A profile's photos one at a time: a row that scrolls sideways and snaps to each photo (a swipe
// on a touch screen, a sideways scroll without JavaScript), the arrows and the arrow keys on a
// desktop, and the counter ("2 / 4") that a screen reader hears as "Photo 2 of 4".
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { DISPLAY_MAX_SIZE, PHOTO_SIZES } from "#app/profiles/photo-sizes.ts";
import { ChevronIcon } from "./icons.tsx";
import { MemberPhoto } from "./member-photo.tsx";
import { cx } from "./ui/index.ts";

export interface CarouselPhoto {
  id: number;
  url: string;
  thumb: string;
  width: number | null;
  height: number | null;
}

const ARROW =
  "absolute top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-dark shadow-md ring-1 ring-black/10 " +
  "transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-0";

export function PhotoCarousel({ photos, name }: { photos: CarouselPhoto[]; name: string }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const total = photos.length;

  // Where the arrows or keys sent the row, until it is there or the member scrolls it: the counter
  // does not follow the scroll on its way, and a scroll the browser ended short of it (a second key
  // press during the first smooth scroll, aimed where the row still was) is finished.
  const target = useRef<number | null>(null);

  // the photo in view follows the scroll (a swipe, a trackpad, the arrows)
  const onScroll = useCallback(() => {
    const el = track.current;
    if (!el || !el.clientWidth) return;
    const at = el.scrollLeft / el.clientWidth;
    if (target.current !== null && Math.abs(at - target.current) > 0.01) return;
    target.current = null;
    setIndex(Math.max(0, Math.min(total - 1, Math.round(at))));
  }, [total]);
  useEffect(onScroll, [onScroll]);
  const onScrollEnd = () => {
    const el = track.current;
    if (el && target.current !== null) el.scrollTo({ left: target.current * el.clientWidth, behavior: "auto" });
  };
  const memberScrolls = () => {
    target.current = null;
  };

  const go = (to: number) => {
    const el = track.current;
    if (!el) return;
    const next = Math.max(0, Math.min(total - 1, to));
    // a press while the row is on its way jumps: a smooth scroll aimed where the row still is would be ignored
    const instant = target.current !== null || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    target.current = next;
    el.scrollTo({ left: next * el.clientWidth, behavior: instant ? "auto" : "smooth" });
    setIndex(next);
  };

  if (!total)
    return (
      <div className="flex aspect-[4/5] items-center justify-center rounded-2xl bg-accent text-6xl text-primary/40" aria-hidden>
        ♥
      </div>
    );

  const photo = (p: CarouselPhoto, i: number) => (
    <MemberPhoto
      thumb={p.thumb}
      src={p.url}
      // photos stored before their size was: taken as the largest 4:5 display size
      display={{ url: p.url, width: p.width ?? DISPLAY_MAX_SIZE.width, height: p.height ?? DISPLAY_MAX_SIZE.height }}
      alt={total > 1 ? t("profileView.photoAlt", { name, current: i + 1, total }) : name}
      sizes={PHOTO_SIZES.profile}
      priority={i === 0}
      className="aspect-[4/5] h-auto w-full object-cover"
      testId="profile-photo"
    />
  );

  if (total === 1) return <div className="overflow-hidden rounded-2xl bg-accent">{photo(photos[0]!, 0)}</div>;

  return (
    <section
      className="relative"
      aria-roledescription={t("profileView.carousel")}
      aria-label={t("profileView.photosOf", { name })}
      data-testid="photo-carousel"
    >
      <div
        ref={track}
        onScroll={onScroll}
        onScrollEnd={onScrollEnd}
        onPointerDown={memberScrolls}
        onWheel={memberScrolls}
        onTouchStart={memberScrolls}
        tabIndex={0}
        role="group"
        aria-label={t("profileView.photosKeys")}
        onKeyDown={(e) => {
          if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
            e.preventDefault();
            go((target.current ?? index) + (e.key === "ArrowRight" ? 1 : -1));
          } else memberScrolls();
        }}
        className="flex snap-x snap-mandatory overflow-x-auto overflow-y-hidden rounded-2xl bg-accent [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&::-webkit-scrollbar]:hidden"
      >
        {photos.map((p, i) => (
          <div
            key={p.id}
            className="w-full shrink-0 snap-center snap-always"
            role="group"
            aria-roledescription={t("profileView.slide")}
            aria-label={t("profileView.photoOf", { current: i + 1, total })}
            aria-hidden={i !== index || undefined}
          >
            {photo(p, i)}
          </div>
        ))}
      </div>
      <button
        type="button"
        onClick={() => go((target.current ?? index) - 1)}
        disabled={index === 0}
        aria-label={t("profileView.previousPhoto")}
        className={cx(ARROW, "left-3 max-sm:hidden")}
        data-testid="carousel-previous"
      >
        <ChevronIcon direction="left" className="h-6 w-6" />
      </button>
      <button
        type="button"
        onClick={() => go((target.current ?? index) + 1)}
        disabled={index === total - 1}
        aria-label={t("profileView.nextPhoto")}
        className={cx(ARROW, "right-3 max-sm:hidden")}
        data-testid="carousel-next"
      >
        <ChevronIcon direction="right" className="h-6 w-6" />
      </button>
      {/* the counter: "2 / 4" to the eye, "Photo 2 of 4" to a screen reader, announced as it changes */}
      <p
        className="absolute right-3 top-3 rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold tabular-nums text-white"
        aria-live="polite"
        aria-atomic="true"
      >
        <span aria-hidden>
          {index + 1} / {total}
        </span>
        <span className="sr-only">{t("profileView.photoOf", { current: index + 1, total })}</span>
      </p>
      <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center gap-1.5" aria-hidden>
        {photos.map((p, i) => (
          <span key={p.id} className={cx("h-1.5 rounded-full bg-white shadow transition-all", i === index ? "w-5" : "w-1.5 opacity-60")} />
        ))}
      </div>
    </section>
  );
}
