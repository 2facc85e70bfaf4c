// /members: the members search, and the home page after login.
import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, useFetcher, useLocation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/members";
import { getUser } from "#app/auth/user-context.server.ts";
import { ProfileGrid } from "#app/components/profile-card.tsx";
import { SignupButton } from "#app/components/signup-modal.tsx";
import { Button, buttonClass, Card, Select, TextField } from "#app/components/ui/index.ts";
import { REGIONS } from "#app/profiles/geo-data.ts";
import { MAX_AGE, MIN_AGE, parseSearch, searchQuery } from "#app/search/search-params.ts";
import { searchExtras, searchMembers } from "#app/search/search.server.ts";
import { searchPages, searchVisible } from "#app/search/visibility.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { hasTrafficSource } from "#app/tracking/tracking.server.ts";
import { partnerOffers } from "#app/partners/offers.server.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { countryName } from "#app/utils/format.ts";

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
  const { from, to, limited } = searchPages(state, !!user);
  const result = await searchMembers(site, viewer, state, from, to);
  // where the results end: the similar results, their count and, for an empty search, other profiles
  const extras = result.hasMore ? { similar: [], similarTotal: 0, others: [] } : await searchExtras(site, viewer, state, result.total);
  return {
    visible: true as const,
    state,
    ...result,
    ...extras,
    // a visitor sees the first page; more is for members
    hasMore: !limited && result.hasMore,
    moreForMembers: limited && result.hasMore,
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
        <div className="mt-6 flex justify-center">
          <SignupButton />
        </div>
      </main>
    );
  }
  return <Search d={d} />;
}

type Data = Extract<Route.ComponentProps["loaderData"], { visible: true }>;

/** What shows where the results end (the page that ends them carries it). */
const tailOf = (d: Pick<Data, "similar" | "similarTotal" | "others">) => ({ similar: d.similar, similarTotal: d.similarTotal, others: d.others });

function Search({ d }: { d: Data }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const more = useFetcher<typeof loader>();
  const first = () => ({ key: location.search, extra: [] as Data["profiles"], last: d.lastPage, hasMore: d.hasMore, tail: tailOf(d) });
  const [pages, setPages] = useState(first);
  // a new search (filters changed) starts from its first page again
  if (pages.key !== location.search) setPages(first());
  useEffect(() => {
    const data = more.data;
    if (more.state === "idle" && data && data.visible) {
      setPages((p) => ({
        ...p,
        extra: [...p.extra, ...data.profiles.filter((x) => !p.extra.some((e) => e.id === x.id))],
        last: data.lastPage,
        hasMore: data.hasMore,
        tail: tailOf(data),
      }));
    }
  }, [more.state, more.data]);
  const profiles = [...d.profiles, ...pages.extra];
  const s = d.state;
  const show = (f: string) => d.fields.includes(f as never);
  const summary = [
    s.gender === "male" ? t("signup.men") : t("signup.women"),
    `${s.minAge}–${s.maxAge}`,
    s.country ? countryName(s.country, i18n.language) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <main className="container-site py-4 md:py-6">
      {/* on phones the filters fold behind one control (a checkbox: it opens without JavaScript too), so faces come first */}
      <input type="checkbox" id="search-filters-open" className="peer sr-only md:hidden" />
      <label
        htmlFor="search-filters-open"
        className="mb-3 flex cursor-pointer items-center justify-between gap-3 rounded-xl bg-white px-4 py-2.5 text-sm shadow-sm ring-1 ring-black/5 peer-focus-visible:outline-2 peer-focus-visible:outline-primary md:hidden"
        data-testid="search-filters-toggle"
      >
        <span className="font-semibold text-dark">{t("search.filters")}</span>
        <span className="min-w-0 truncate text-black/60">{summary}</span>
      </label>
      <Card
        as={Form}
        method="get"
        padding="sm"
        className="mb-6 hidden grid-cols-2 items-end gap-3 peer-checked:grid md:grid md:grid-cols-6"
        data-testid="search-form"
      >
        {show("gender") ? (
          <Select
            id="search-gender"
            name="gender"
            label={t("search.gender")}
            defaultValue={s.gender}
            className="min-w-0"
            options={[
              { value: "female", label: t("signup.women") },
              { value: "male", label: t("signup.men") },
            ]}
          />
        ) : (
          <input type="hidden" name="gender" value={s.gender} />
        )}
        {show("country") ? (
          <Select
            id="search-country"
            name="country"
            label={t("profile.fields.country")}
            defaultValue={s.country ?? ""}
            className="min-w-0"
            placeholder={t("search.allCountries")}
            options={d.countries.map((c) => ({ value: c, label: countryName(c, i18n.language) }))}
          />
        ) : null}
        {show("countryregion") && d.regions.length ? (
          <Select
            id="search-region"
            name="countryregion"
            label={t("profile.fields.region")}
            defaultValue={s.region ?? ""}
            className="min-w-0"
            placeholder={t("search.allRegions")}
            options={d.regions.map((r) => ({ value: r, label: r }))}
          />
        ) : null}
        {show("min_age") ? (
          <TextField
            id="search-min-age"
            type="number"
            name="min_age"
            label={t("search.minAge")}
            min={MIN_AGE}
            max={MAX_AGE}
            defaultValue={s.minAge}
            className="min-w-0"
          />
        ) : null}
        {show("max_age") ? (
          <TextField
            id="search-max-age"
            type="number"
            name="max_age"
            label={t("search.maxAge")}
            min={MIN_AGE}
            max={MAX_AGE}
            defaultValue={s.maxAge}
            className="min-w-0"
          />
        ) : null}
        {/* the whole row on phones: "Zurücksetzen" and its kin do not fit half a card */}
        {/* from md up "reset" sits where the other cells have their label, the button level with the fields */}
        <div className="col-span-2 flex min-w-0 items-center gap-3 md:col-span-1 md:flex-col-reverse md:items-stretch md:gap-1">
          <Button type="submit" className="h-11 flex-1 md:flex-none">
            {t("search.search")}
          </Button>
          <Link to="/members" className="shrink-0 text-sm font-medium text-primary underline-offset-2 hover:underline md:self-end">
            {t("search.clear")}
          </Link>
        </div>
      </Card>
      <p className="mb-3 text-sm text-black/60" data-testid="search-total">
        {t("search.total", { count: d.total })}
      </p>
      {profiles.length ? (
        <ProfileGrid profiles={profiles} likeSource="search" offers={d.offers} />
      ) : (
        <p className="py-10 text-center" data-testid="search-empty">
          {t("search.none")}
        </p>
      )}
      {pages.tail.similar.length ? (
        <section className="mt-8" data-testid="search-similar">
          <h2 className="mb-3 text-lg font-semibold" data-testid="search-similar-total" data-count={pages.tail.similarTotal}>
            {t("search.similarTitle", { count: pages.tail.similarTotal })}
          </h2>
          <ProfileGrid profiles={pages.tail.similar} likeSource="search" atTop={false} />
        </section>
      ) : null}
      {pages.tail.others.length ? (
        <section className="mt-8" data-testid="search-others">
          <h2 className="mb-3 text-lg font-semibold">{t("search.othersTitle")}</h2>
          <ProfileGrid profiles={pages.tail.others} likeSource="search" atTop={false} />
        </section>
      ) : null}
      {d.moreForMembers ? (
        <Card className="mt-6 flex flex-col items-center gap-3 text-center" data-testid="search-signup-more">
          <p className="font-semibold">{t("search.membersSeeMore")}</p>
          <SignupButton />
        </Card>
      ) : null}
      {pages.hasMore ? (
        <div className="mt-6 text-center">
          <a
            href={`/members?${searchQuery(s, { upto: pages.last + 1 })}`}
            onClick={(e) => {
              e.preventDefault();
              more.load(`/members?${searchQuery(s, { page: pages.last + 1 })}`);
            }}
            className={buttonClass({ variant: "outline" })}
            data-testid="load-more"
          >
            {more.state === "loading" ? t("search.loading") : t("search.more")}
          </a>
        </div>
      ) : null}
    </main>
  );
}
