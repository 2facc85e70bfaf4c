// /members: the members search, and the home page after login.
import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, useFetcher, useLocation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/members";
import { getUser } from "#app/auth/user-context.server.ts";
import { ProfileGrid } from "#app/components/profile-card.tsx";
import { SignupButton } from "#app/components/signup-modal.tsx";
import { REGIONS } from "#app/profiles/geo-data.ts";
import { MAX_AGE, MIN_AGE, parseSearch, searchQuery } from "#app/search/search-params.ts";
import { searchMembers } from "#app/search/search.server.ts";
import { searchVisible } from "#app/search/visibility.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { hasTrafficSource } from "#app/tracking/tracking.server.ts";
import { partnerOffers } from "#app/partners/offers.server.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";

// a like from a card changes the card, not the search results
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction && /^\/members\/\d+\/like$/.test(formAction) ? false : defaultShouldRevalidate;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const user = getUser(context);
  if (!searchVisible(site, !!user, hasTrafficSource(context))) {
    return { visible: false as const };
  }
  const viewer = user?.profile ? { profileId: user.profile.id, hasBlocks: user.hasBlocks } : null;
  const state = parseSearch(new URL(request.url), site, user?.profile?.seeking ?? null);
  const from = state.upto ? 1 : state.page;
  const to = state.upto || state.page;
  const result = await searchMembers(site, viewer, state, from, to);
  return {
    visible: true as const,
    state,
    ...result,
    lastPage: to,
    fields: site.search_fields,
    countries: site.countries,
    regions: state.country ? [...(REGIONS[state.country as keyof typeof REGIONS] ?? [])] : [],
    offers: partnerOffers(site, context.get(localeContext).locale),
  };
}

export default function Members({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!d.visible) {
    return (
      <main className="container-site py-16 text-center" data-testid="search-hidden">
        <h1 className="text-2xl font-bold text-primary">{t("search.hiddenTitle")}</h1>
        <p className="mx-auto mt-3 max-w-md">{t("search.hiddenBody")}</p>
        <div className="mt-6 flex justify-center"><SignupButton /></div>
      </main>
    );
  }
  return <Search d={d} />;
}

type Data = Extract<Route.ComponentProps["loaderData"], { visible: true }>;

function Search({ d }: { d: Data }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const more = useFetcher<typeof loader>();
  const [pages, setPages] = useState({ key: location.search, extra: [] as Data["profiles"], last: d.lastPage, hasMore: d.hasMore });
  // a new search (filters changed) starts from its first page again
  if (pages.key !== location.search) setPages({ key: location.search, extra: [], last: d.lastPage, hasMore: d.hasMore });
  useEffect(() => {
    const data = more.data;
    if (more.state === "idle" && data && data.visible) {
      setPages((p) => ({ ...p, extra: [...p.extra, ...data.profiles.filter((x) => !p.extra.some((e) => e.id === x.id))], last: data.lastPage, hasMore: data.hasMore }));
    }
  }, [more.state, more.data]);
  const profiles = [...d.profiles, ...pages.extra];
  const countryName = new Intl.DisplayNames([i18n.language], { type: "region" });
  const s = d.state;
  const show = (f: string) => d.fields.includes(f as never);
  return (
    <main className="container-site py-6">
      <Form method="get" className="mb-6 grid grid-cols-2 gap-3 rounded-lg bg-white p-4 shadow-sm md:grid-cols-6" data-testid="search-form">
        {show("gender") ? (
          <label className="min-w-0 text-sm">{t("search.gender")}
            <select name="gender" defaultValue={s.gender} className="mt-1 w-full rounded border border-black/20 bg-white px-2 py-1.5">
              <option value="female">{t("signup.women")}</option>
              <option value="male">{t("signup.men")}</option>
            </select>
          </label>
        ) : <input type="hidden" name="gender" value={s.gender} />}
        {show("country") ? (
          <label className="min-w-0 text-sm">{t("profile.fields.country")}
            <select name="country" defaultValue={s.country ?? ""} className="mt-1 w-full rounded border border-black/20 bg-white px-2 py-1.5">
              <option value="">{t("search.allCountries")}</option>
              {d.countries.map((c) => <option key={c} value={c}>{countryName.of(c)}</option>)}
            </select>
          </label>
        ) : null}
        {show("countryregion") && d.regions.length ? (
          <label className="min-w-0 text-sm">{t("profile.fields.region")}
            <select name="countryregion" defaultValue={s.region ?? ""} className="mt-1 w-full rounded border border-black/20 bg-white px-2 py-1.5">
              <option value="">{t("search.allRegions")}</option>
              {d.regions.map((r) => <option key={r} value={r}>{r}</option>)}
            </select>
          </label>
        ) : null}
        {show("min_age") ? (
          <label className="min-w-0 text-sm">{t("search.minAge")}
            <input type="number" name="min_age" min={MIN_AGE} max={MAX_AGE} defaultValue={s.minAge} className="mt-1 w-full rounded border border-black/20 px-2 py-1.5" />
          </label>
        ) : null}
        {show("max_age") ? (
          <label className="min-w-0 text-sm">{t("search.maxAge")}
            <input type="number" name="max_age" min={MIN_AGE} max={MAX_AGE} defaultValue={s.maxAge} className="mt-1 w-full rounded border border-black/20 px-2 py-1.5" />
          </label>
        ) : null}
        {/* the whole row on phones: "Zurücksetzen" and its kin do not fit half a card */}
        <div className="col-span-2 flex min-w-0 items-end gap-2 md:col-span-1">
          <button type="submit" className="flex-1 rounded-full bg-primary px-4 py-1.5 font-semibold text-white">{t("search.search")}</button>
          <Link to="/members" className="px-2 py-1.5 text-sm underline">{t("search.clear")}</Link>
        </div>
      </Form>
      <p className="mb-3 text-sm text-black/60" data-testid="search-total">{t("search.total", { count: d.total })}</p>
      {profiles.length ? <ProfileGrid profiles={profiles} likeSource="search" offers={d.offers} /> : <p className="py-10 text-center" data-testid="search-empty">{t("search.none")}</p>}
      {pages.hasMore ? (
        <div className="mt-6 text-center">
          <a
            href={`/members?${searchQuery(s, { upto: pages.last + 1 })}`}
            onClick={(e) => { e.preventDefault(); more.load(`/members?${searchQuery(s, { page: pages.last + 1 })}`); }}
            className="inline-block rounded-full border border-primary px-6 py-2 font-semibold text-primary"
            data-testid="load-more"
          >
            {more.state === "loading" ? t("search.loading") : t("search.more")}
          </a>
        </div>
      ) : null}
    </main>
  );
}
