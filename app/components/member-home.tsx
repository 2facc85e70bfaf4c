// A member's home: "New for you" (new likes, new matches, unread messages, each with faces and a
// way there), then the faces of their search, photos first.
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { MemberHomeData } from "#app/home/member-home.server.ts";
import { ProfileGrid } from "./profile-card.tsx";
import { Button, Card } from "./ui/index.ts";
import { ChatIcon } from "./chat/icons.tsx";
import { HeartIcon, SparkIcon } from "./icons.tsx";

type Face = MemberHomeData["news"]["likes"]["faces"][number];

function Faces({ faces }: { faces: Face[] }) {
  if (!faces.length) return null;
  return (
    <span className="flex -space-x-2" aria-hidden>
      {faces.map((f) =>
        f.thumb ? (
          <img key={f.id} src={f.thumb} alt="" className="h-8 w-8 rounded-full object-cover ring-2 ring-white" />
        ) : (
          <span key={f.id} className="flex h-8 w-8 items-center justify-center rounded-full bg-accent text-xs font-bold text-primary ring-2 ring-white">
            {f.name.slice(0, 1)}
          </span>
        ),
      )}
    </span>
  );
}

function Tile({ to, count, label, faces, icon, testId }: { to: string; count: number; label: string; faces: Face[]; icon: React.ReactNode; testId: string }) {
  return (
    <li className="min-w-0">
      <Link
        to={to}
        className="flex h-full items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-black/5 hover:ring-primary/40 sm:p-4"
        data-testid={testId}
        data-count={count}
      >
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary">{icon}</span>
        <span className="min-w-0 flex-1">
          <span className="block text-xl font-bold leading-tight text-dark">{count}</span>
          <span className="block truncate text-sm text-black/70">{label}</span>
        </span>
        <Faces faces={faces} />
      </Link>
    </li>
  );
}

export function MemberHome({ d }: { d: MemberHomeData }) {
  const { t } = useTranslation();
  const { likes, matches, unread } = d.news;
  const anything = likes.count + matches.count + unread.count > 0;
  return (
    <main className="container-site flex flex-col gap-6 py-5 sm:py-8">
      <section aria-labelledby="home-news-title">
        <h1 id="home-news-title" className="mb-3 text-xl font-bold text-dark sm:text-2xl">
          {t("home.member.newTitle")}
        </h1>
        {anything ? (
          <ul className="grid gap-3 sm:grid-cols-3" data-testid="home-news">
            {unread.count ? (
              <Tile
                to={unread.only ? `/chats/${unread.only}` : "/chats"}
                count={unread.count}
                label={t("home.member.unread")}
                faces={unread.faces}
                icon={<ChatIcon className="h-5 w-5" />}
                testId="home-unread"
              />
            ) : null}
            {matches.count ? (
              <Tile
                to="/likes/matches"
                count={matches.count}
                label={t("home.member.matches")}
                faces={matches.faces}
                icon={<SparkIcon className="h-5 w-5" />}
                testId="home-matches"
              />
            ) : null}
            {likes.count ? (
              <Tile
                to="/likes/received"
                count={likes.count}
                label={t("home.member.likes")}
                faces={likes.faces}
                icon={<HeartIcon className="h-5 w-5" />}
                testId="home-likes"
              />
            ) : null}
          </ul>
        ) : (
          <Card padding="sm" className="flex flex-wrap items-center justify-between gap-3" data-testid="home-news-none">
            <p className="text-sm text-black/70">{t("home.member.nothingNew")}</p>
            <Button to="/swipe-game" size="sm">
              {t("likes.empty.swipe")}
            </Button>
          </Card>
        )}
      </section>
      <section aria-labelledby="home-faces-title">
        <div className="mb-3 flex items-baseline justify-between gap-4">
          <h2 id="home-faces-title" className="text-xl font-bold text-dark sm:text-2xl">
            {t("home.newMembers")}
          </h2>
          <Link to="/members" className="shrink-0 text-sm font-semibold text-primary hover:underline">
            {t("home.member.searchAll")}
          </Link>
        </div>
        {d.faces.length ? <ProfileGrid profiles={d.faces} likeSource="search" /> : <p className="py-6 text-center text-black/60">{t("search.none")}</p>}
        {d.total > d.faces.length ? (
          <div className="mt-6 text-center">
            <Button to="/members" variant="outline">
              {t("home.seeAll")}
            </Button>
          </div>
        ) : null}
      </section>
    </main>
  );
}
