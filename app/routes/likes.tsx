// /likes and /likes/{type}: the likes overview with its tabs (spec section 2): profiles the
// member liked, who liked them (new likes marked until their profile is opened) and matches.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Link } from "react-router";
import { Badge, Button, Card, Tabs } from "#app/components/ui/index.ts";
import { z } from "zod";
import type { Route } from "./+types/likes";
import { requireUser } from "#app/auth/user-context.server.ts";
import { ChatIcon, HeartIcon, SparkIcon } from "#app/components/icons.tsx";
import { FIRST_ROW_CARDS, ProfileCard } from "#app/components/profile-card.tsx";
import { LIKES_PAGE_SIZE, LIKES_TABS, likesCounts, likesList, type LikesTab } from "#app/likes/likes.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { useLiveRevalidation } from "#app/live/live-state.tsx";

/** /likes opens on the likes received: where the likes badge points. */
const DEFAULT_TAB: LikesTab = "received";
const MAX_PAGE = 20;
const tabSchema = z.enum(LIKES_TABS);
const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const tab = tabSchema.safeParse(params.type ?? DEFAULT_TAB);
  if (!tab.success || !user.profile) throw data(null, { status: 404 });
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const [list, counts] = await Promise.all([likesList(site, user.profile.id, tab.data, page * LIKES_PAGE_SIZE), likesCounts(site, user.profile.id)]);
  return { tab: tab.data, ...list, hasMore: list.hasMore && page < MAX_PAGE, page, counts };
}

export default function Likes({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  useLiveRevalidation((e) => e.type === "like" || e.type === "match" || e.type === "counts");
  const tabs: { tab: LikesTab; count: number }[] = [
    { tab: "liked", count: d.counts.liked },
    { tab: "received", count: d.counts.received },
    { tab: "matches", count: d.counts.matches },
  ];
  return (
    <main className="container-site py-6" data-testid="likes-page">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-black tracking-tight">{t("likes.title")}</h1>
          <p className="mt-1 text-sm text-black/60">{t("likes.subtitle")}</p>
        </div>
        <div className="flex gap-2">
          <Button to="/swipe-game" size="sm">
            <HeartIcon className="h-4 w-4" />
            {t("swipe.title")}
          </Button>
          <Button to="/match-finder" variant="outline" size="sm">
            <SparkIcon className="h-4 w-4" />
            {t("matchFinder.short")}
          </Button>
        </div>
      </header>

      <Tabs
        className="mt-5"
        label={t("likes.tabs")}
        items={tabs.map(({ tab, count }) => ({
          to: tab === DEFAULT_TAB ? "/likes" : `/likes/${tab}`,
          label: t(`likes.tab.${tab}`),
          current: d.tab === tab,
          count,
          testId: `likes-tab-${tab}`,
          extra:
            tab === "received" && d.counts.new > 0 ? (
              <Badge tone="secondary" className="shadow-sm" data-testid="likes-new-count">
                {t("likes.newCount", { count: d.counts.new })}
              </Badge>
            ) : null,
        }))}
      />

      <section className="mt-6" aria-live="polite">
        {d.cards.length ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="likes-list">
            {d.cards.map((card, i) => (
              <ProfileCard
                key={card.id}
                profile={card}
                priority={i < FIRST_ROW_CARDS}
                likeSource="likes"
                footer={
                  d.tab === "matches" ? (
                    <Link
                      to={`/members/${card.id}/chat`}
                      className="flex items-center justify-center gap-1.5 border-t border-black/5 py-2.5 text-sm font-bold text-primary hover:bg-accent"
                      data-testid="match-chat"
                    >
                      <ChatIcon className="h-4 w-4" />
                      {t("likes.write")}
                    </Link>
                  ) : null
                }
              />
            ))}
          </div>
        ) : (
          <EmptyTab tab={d.tab} />
        )}
        {d.hasMore ? (
          <div className="mt-6 text-center">
            <Button to={`?page=${d.page + 1}`} preventScrollReset variant="outline" data-testid="likes-more">
              {t("search.more")}
            </Button>
          </div>
        ) : null}
      </section>
    </main>
  );
}

function EmptyTab({ tab }: { tab: LikesTab }) {
  const { t } = useTranslation();
  const icon =
    tab === "matches" ? (
      <SparkIcon className="h-10 w-10" />
    ) : tab === "received" ? (
      <HeartIcon className="h-10 w-10" />
    ) : (
      <HeartIcon filled={false} className="h-10 w-10" />
    );
  return (
    <Card padding="none" className="mx-auto max-w-md px-6 py-10 text-center" data-testid="likes-empty">
      <div className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-accent text-primary">{icon}</div>
      <h2 className="mt-4 text-xl font-bold">{t(`likes.empty.${tab}.title`)}</h2>
      <p className="mt-2 text-sm text-black/70">{t(`likes.empty.${tab}.body`)}</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button to="/swipe-game">
          <HeartIcon className="h-4 w-4" />
          {t("likes.empty.swipe")}
        </Button>
        <Button to={tab === "received" ? "/profile" : "/members"} variant="outline">
          {tab === "received" ? t("likes.empty.profile") : t("likes.empty.search")}
        </Button>
      </div>
    </Card>
  );
}
