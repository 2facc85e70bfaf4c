// The site's home page. For visitors: the brand, a way to sign up above the fold and, where the
// site lets visitors search, real members from its pool. For members: what is new for them and
// the faces of their search (app/home/member-home.server.ts).
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { getUser } from "#app/auth/user-context.server.ts";
import { ProfileGrid } from "#app/components/profile-card.tsx";
import { MemberHome } from "#app/components/member-home.tsx";
import { memberHome } from "#app/home/member-home.server.ts";
import { MemberPhoto } from "#app/components/member-photo.tsx";
import { PHOTO_SIZES } from "#app/profiles/photo-sizes.ts";
import { SignupButton } from "#app/components/signup-modal.tsx";
import { HomeFeatures } from "#app/components/home-features.tsx";
import { homeContent, illustrationsOf } from "#app/home/home-content.server.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { useRootData } from "#app/root.tsx";
import { parseSearch } from "#app/search/search-params.ts";
import { recentFaces } from "#app/search/search.server.ts";
import { searchVisible } from "#app/search/visibility.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { hasTrafficSource } from "#app/tracking/tracking.server.ts";

const FACES = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const user = getUser(context);
  if (user && !user.profile) throw redirect("/members");
  if (user?.profile) return data({ member: await memberHome(site, { ...user, profile: user.profile }, new URL(request.url)) }, PRIVATE);
  const home = homeContent(site, context.get(localeContext).locale);
  if (!searchVisible(site, false, hasTrafficSource(context))) return { member: null, home, members: [], total: 0, illustrations: illustrationsOf(site) };
  const state = parseSearch(new URL("/members", request.url), site, null);
  const { profiles: members, total } = await recentFaces(site, state, FACES);
  return { member: null, home, members, total, illustrations: members.some((m) => m.thumb) ? [] : illustrationsOf(site) };
}

/** A member's home is theirs alone: never kept by a cache. */
const PRIVATE = { headers: { "Cache-Control": "private, no-store" } };

/**
 * The hero per the site file's home.style: its background, headline type, the tagline's and the
 * smaller lines' colours, and what sits above the headline. On bold's flat brand colour the words
 * are plain white: the secondary colour and dimmed white there fell below 4.5:1 (Pride's teal).
 */
const HERO_STYLES = {
  warm: {
    section: "bg-gradient-to-br from-primary to-dark",
    headline: "font-bold",
    tagline: "text-secondary",
    copy: "text-white/85",
    muted: "text-white/75",
    rule: false,
  },
  elegant: {
    section: "bg-gradient-to-b from-dark via-dark to-primary",
    headline: "font-serif font-normal tracking-tight",
    tagline: "text-secondary",
    copy: "text-white/85",
    muted: "text-white/75",
    rule: true,
  },
  bold: { section: "bg-primary", headline: "font-extrabold tracking-tight", tagline: "text-white", copy: "text-white", muted: "text-white", rule: false },
} as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.member) return <MemberHome d={loaderData.member} />;
  return <VisitorHome d={loaderData} />;
}

function VisitorHome({ d }: { d: Extract<Route.ComponentProps["loaderData"], { member: null }> }) {
  const { t } = useTranslation();
  const { site } = useRootData()!;
  const faces = d.members.filter((m) => m.thumb).slice(0, 4);
  const hero = HERO_STYLES[d.home.style];
  return (
    <main>
      <section className={`${hero.section} text-white`} data-hero-style={d.home.style}>
        <div className="container-site grid items-center gap-8 py-10 md:grid-cols-[3fr_2fr] md:py-20">
          <div>
            {site.tagline ? (
              <p className={`text-sm font-semibold uppercase tracking-widest ${hero.tagline}`} data-testid="home-tagline">
                {site.tagline}
              </p>
            ) : null}
            {hero.rule ? <span className="mt-4 block h-px w-16 bg-secondary" aria-hidden /> : null}
            <h1 className={`mt-3 max-w-2xl text-3xl leading-tight sm:text-4xl md:text-5xl ${hero.headline}`} data-testid="site-title">
              {d.home.headline ?? site.title}
            </h1>
            <p className={`mt-4 max-w-xl text-lg ${hero.copy}`} data-testid="home-copy">
              {d.home.copy ?? site.description}
            </p>
            <div className="mt-6 flex flex-wrap items-center gap-4" data-testid="home-cta">
              <SignupButton size="hero" />
              <Link to="/login" className="font-semibold text-white underline-offset-4 hover:underline">
                {t("nav.login")}
              </Link>
            </div>
            {d.total > 0 ? (
              <p className={`mt-4 text-sm ${hero.muted}`} data-testid="home-total">
                {t("home.memberCount", { count: d.total })}
              </p>
            ) : null}
          </div>
          {faces.length ? (
            <ul className="grid grid-cols-4 gap-2 md:grid-cols-2 md:gap-3" aria-label={t("home.newMembers")} data-testid="home-faces">
              {faces.map((m, i) => (
                <li key={m.id} className={`overflow-hidden rounded-xl shadow-lg ring-2 ring-white/30 ${i % 2 ? "md:translate-y-6" : ""}`}>
                  <Link to={`/members/${m.id}`} className="block aspect-[4/5]">
                    <MemberPhoto
                      thumb={m.thumb!}
                      display={m.display}
                      alt={m.name}
                      sizes={PHOTO_SIZES.homeFace}
                      priority
                      className="h-full w-full object-cover"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          ) : d.illustrations.length ? (
            <ul className="grid grid-cols-4 gap-2 md:grid-cols-2 md:gap-3" aria-hidden="true" data-testid="home-illustrations">
              {d.illustrations.map((src, i) => (
                <li key={src} className={`overflow-hidden rounded-xl shadow-lg ring-2 ring-white/30 ${i % 2 ? "md:translate-y-6" : ""}`}>
                  <img src={src} alt="" width={300} height={375} className="aspect-[4/5] h-full w-full object-cover" />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
      {d.members.length ? (
        <section className="container-site py-10" aria-labelledby="home-members-title">
          <div className="mb-4 flex items-baseline justify-between gap-4">
            <h2 id="home-members-title" className="text-2xl font-bold text-dark">
              {t("home.newMembers")}
            </h2>
            <Link to="/members" className="shrink-0 font-semibold text-primary hover:underline">
              {t("home.seeAll")}
            </Link>
          </div>
          <ProfileGrid profiles={d.members} atTop={false} />
        </section>
      ) : null}
      <HomeFeatures features={d.home.features} siteName={site.name} />
      <section className="container-site pb-4 text-center text-sm text-black/60">
        <p>{t("home.adultsOnly", { siteName: site.name })}</p>
      </section>
    </main>
  );
}
