// socialnetwork: a feed of what the site's members are doing, with the signup beside it.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CTA_CLASS, Headline, ProfilePhoto, SignupTrigger, type LanderData } from "./lander-kit.tsx";

const POSTS = ["postOnline", "postPhoto", "postLooking"] as const;

export function SocialNetworkLander({ page }: { page: LanderData }) {
  const { t } = useTranslation();
  return (
    <section className="bg-light">
      <div className="container-site grid gap-6 py-8 md:grid-cols-[1fr_320px]">
        <div>
          <h2 className="mb-3 text-sm font-bold uppercase tracking-widest text-black/50">{t("landerPages.feedTitle")}</h2>
          <ol className="space-y-3" data-testid="lander-feed">
            {page.profiles.slice(0, 8).map((p, i) => (
              <li key={p.id} className="rounded-xl bg-white p-4 shadow-sm">
                <div className="flex items-center gap-3">
                  <ProfilePhoto profile={p} className="h-11 w-11 rounded-full" />
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{t(`landerPages.${POSTS[i % POSTS.length]!}`, { name: p.name })}</p>
                    <p className="text-xs text-black/50">{[p.age, p.city].filter(Boolean).join(" · ")}</p>
                  </div>
                </div>
                {i % POSTS.length === 1 ? <ProfilePhoto profile={p} className="mt-3 aspect-video w-full rounded-lg" /> : null}
                <SignupTrigger className="mt-3 inline-block text-sm font-semibold text-primary" testId="feed-reply">
                  {t("landerPages.feedReply")}
                </SignupTrigger>
              </li>
            ))}
          </ol>
        </div>
        <aside className="order-first md:order-none">
          <div className="rounded-2xl bg-white p-6 shadow md:sticky md:top-4">
            <Headline page={page} />
            <SignupTrigger className={`${CTA_CLASS} mt-5 w-full text-center`} />
          </div>
        </aside>
      </div>
    </section>
  );
}
