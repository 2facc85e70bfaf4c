// /match-finder and /signup-matches (the step after signup): likely matches from the member's
// pool, as cards with like buttons (app/likes/matching.server.ts decides who and in which order).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/match-finder";
import { requireUser } from "#app/auth/user-context.server.ts";
import { HeartIcon, SparkIcon } from "#app/components/icons.tsx";
import { FIRST_ROW_CARDS, ProfileCard } from "#app/components/profile-card.tsx";
import { Button, Card } from "#app/components/ui/index.ts";
import { likelyMatches, loadSeeker } from "#app/likes/matching.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { useRootData } from "#app/root.tsx";

const SHOWN = { "match-finder": 24, "signup-matches": 12 } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const seeker = user.profile ? await loadSeeker(user.profile.id) : null;
  if (!seeker) throw data(null, { status: 404 });
  const signup = new URL(request.url).pathname.replace(/\/$/, "") === "/signup-matches";
  const cards = await likelyMatches(site, seeker, { take: SHOWN[signup ? "signup-matches" : "match-finder"] });
  return { signup, name: user.profile!.name, cards: cards.map((c) => ({ ...c, liked: false })) };
}

// a like keeps its card in place (the list itself leaves out profiles already liked)
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction && /^\/members\/\d+\/like$/.test(formAction) ? false : defaultShouldRevalidate;

export default function MatchFinder({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const siteName = useRootData()?.site.name ?? "";
  return (
    <main className="container-site py-6" data-testid={d.signup ? "signup-matches" : "match-finder"}>
      <header className="overflow-hidden rounded-2xl bg-dark px-5 py-6 text-white shadow-sm sm:px-8">
        <p className="flex items-center gap-1.5 text-xs font-bold uppercase tracking-[0.18em] text-secondary">
          <SparkIcon className="h-4 w-4" />
          {t("matchFinder.kicker")}
        </p>
        <h1 className="mt-2 text-2xl font-black sm:text-3xl">{d.signup ? t("matchFinder.signupTitle", { name: d.name }) : t("matchFinder.title")}</h1>
        <p className="mt-2 max-w-2xl text-sm text-white/80">{t("matchFinder.intro")}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          {d.signup ? (
            <Button to="/members?api_signup_complete=1" variant="light" data-testid="signup-matches-continue">
              {t("matchFinder.continue", { siteName })}
            </Button>
          ) : null}
          <Button to="/swipe-game">
            <HeartIcon className="h-4 w-4" />
            {t("swipe.title")}
          </Button>
        </div>
      </header>
      {d.cards.length ? (
        <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="match-list">
          {d.cards.map((card, i) => (
            <ProfileCard
              key={card.id}
              profile={card}
              priority={i < FIRST_ROW_CARDS}
              likeSource="match_finder"
              footer={
                card.shared.length ? (
                  <p className="line-clamp-2 border-t border-black/5 px-2 py-1.5 text-xs font-semibold text-primary" data-testid="shared-interests">
                    {t("matchFinder.shared", { count: card.shared.length })}: {card.shared.map((i) => t(`profile.interests.${i}`)).join(", ")}
                  </p>
                ) : null
              }
            />
          ))}
        </div>
      ) : (
        <Card className="mx-auto mt-8 max-w-md text-center" data-testid="match-empty">
          <h2 className="text-xl font-bold">{t("matchFinder.emptyTitle")}</h2>
          <p className="mt-2 text-sm text-black/70">{t("matchFinder.emptyBody")}</p>
          <Button to="/members" className="mt-6">
            {t("likes.empty.search")}
          </Button>
        </Card>
      )}
      {d.signup && d.cards.length ? (
        <div className="mt-8 text-center">
          <Button to="/members?api_signup_complete=1" size="lg">
            {t("matchFinder.continue", { siteName })}
          </Button>
        </div>
      ) : null}
    </main>
  );
}
