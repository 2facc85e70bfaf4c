// tinderswipe: a stack of the site's profiles, like or pass one at a time; the third like (or
// the end of the stack) opens the signup.
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CrossIcon, HeartIcon } from "#app/components/icons.tsx";
import { CTA_CLASS, Headline, ProfilePhoto, SignupTrigger, type LanderData } from "./lander-kit.tsx";

const LIKES_BEFORE_SIGNUP = 3;

export function TinderSwipeLander({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [likes, setLikes] = useState(0);
  const current = page.profiles[index];
  const done = !current || likes >= LIKES_BEFORE_SIGNUP;
  const next = (liked: boolean) => {
    if (liked) setLikes((n) => n + 1);
    setIndex((i) => i + 1);
  };
  return (
    <section className="bg-gradient-to-b from-accent to-light">
      <div className="container-site grid items-center gap-8 py-10 md:grid-cols-2">
        <Headline page={page} />
        <div className="mx-auto w-full max-w-sm" data-testid="swipe-stack">
          {done ? (
            <div className="rounded-2xl bg-white p-8 text-center shadow-xl">
              <HeartIcon className="mx-auto h-12 w-12 text-primary" />
              <p className="mt-4 text-xl font-bold">{t("landerPages.swipeDone")}</p>
              <SignupTrigger className={`${CTA_CLASS} mt-6`} />
            </div>
          ) : (
            <div>
              <div className="relative">
                {page.profiles
                  .slice(index + 1, index + 3)
                  .reverse()
                  .map((p, i) => (
                    <div
                      key={p.id}
                      className="absolute inset-0 rounded-2xl bg-white shadow"
                      style={{ transform: `translateY(${(2 - i) * 8}px) scale(${0.94 + i * 0.03})` }}
                      aria-hidden
                    />
                  ))}
                <article className="relative overflow-hidden rounded-2xl bg-white shadow-xl">
                  <ProfilePhoto profile={current} className="aspect-[4/5] w-full" />
                  <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 pt-16 text-white">
                    <p className="text-2xl font-bold">
                      {current.name}, {current.age}
                    </p>
                    {current.city ? <p className="text-sm text-white/80">{current.city}</p> : null}
                  </div>
                </article>
              </div>
              <div className="mt-5 flex justify-center gap-6">
                <button
                  type="button"
                  onClick={() => next(false)}
                  className="flex h-14 w-14 items-center justify-center rounded-full bg-white text-black/60 shadow-lg"
                  aria-label={t("landerPages.swipePass")}
                >
                  <CrossIcon className="h-7 w-7" />
                </button>
                <button
                  type="button"
                  onClick={() => next(true)}
                  className="flex h-14 w-14 items-center justify-center rounded-full bg-primary text-white shadow-lg"
                  aria-label={t("landerPages.swipeLike")}
                >
                  <HeartIcon className="h-7 w-7" />
                </button>
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
