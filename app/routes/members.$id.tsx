// /members/{id} (and /likes/m/{id}): one profile, with related and similar profiles; block
// and unblock.
import { FictionalMark } from "#app/components/fictional-mark.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/members.$id";
import { getUser, requireUser } from "#app/auth/user-context.server.ts";
import { ProfileGrid } from "#app/components/profile-card.tsx";
import { MessageOrSignupButton } from "#app/components/signup-modal.tsx";
import { block, unblock } from "#app/profiles/blocks.server.ts";
import { redirectWithToast } from "#app/toast/toast.server.ts";
import { PhotoCarousel } from "#app/components/photo-carousel.tsx";
import { ProfileMoreMenu } from "#app/components/profile-more-menu.tsx";
import { reportAction } from "#app/support/report-action.server.ts";
import { viewProfile } from "#app/profiles/profile-view.server.ts";
import { searchVisible } from "#app/search/visibility.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { hasTrafficSource } from "#app/tracking/tracking.server.ts";
import { ageFrom } from "#app/profiles/age.ts";
import { parseId, readForm, refuse } from "#app/utils/request.server.ts";
import { markLikeSeen } from "#app/likes/likes.server.ts";
import { LikeButton } from "#app/components/like-button.tsx";
import { MatchDialog } from "#app/components/match-dialog.tsx";
import { Badge, Button, cx } from "#app/components/ui/index.ts";
import { ChatIcon, HeartIcon } from "#app/components/icons.tsx";
import { countryName } from "#app/utils/format.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const site = context.get(siteContext);
  const user = getUser(context);
  if (!searchVisible(site, !!user, hasTrafficSource(context))) throw redirect("/signup");
  const result = await viewProfile(
    site,
    { profileId: user?.profile?.id ?? null, paidUser: user?.paidUser ?? false, hasBlocks: user?.hasBlocks ?? false },
    parseId(params.id),
  );
  if (result.kind === "not_found") throw data(null, { status: 404 });
  if (result.kind === "blocked") return data({ blockedBy: result.name, view: null }, { status: 403 });
  // opening a liker's profile: their like is no longer new
  if (user?.profile && result.unseenLikeFromThem) await markLikeSeen(user.profile.id, result.profile.id);
  return {
    blockedBy: null,
    view: {
      ...result,
      matchMoment: !!result.likes?.match && new URL(request.url).searchParams.get("match") === "1",
      age: ageFrom(result.profile.dateOfBirth),
      fields: site.visible_profile_fields,
      /** the notes under a profile (the fictional-profile note, the premium-photos hint): visible_profile_notes */
      notes: site.visible_profile_notes,
      fictionalWarning: site.fictional_warning,
      loggedIn: !!user,
      paidUser: user?.paidUser ?? false,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const site = context.get(siteContext);
  const user = requireUser(context, request);
  const form = await readForm(request, context);
  const intent = z.enum(["block", "unblock", "report"]).safeParse(form.get("intent"));
  if (!intent.success) refuse(context);
  const id = parseId(params.id);
  if (intent.data === "report") return reportAction(context, site, user, { profileId: id }, form, { path: `/members/${id}` });
  const name = user.profile ? (intent.data === "block" ? await block(site, user.profile.id, id) : await unblock(site, user.profile.id, id)) : null;
  if (name === null) throw data(null, { status: 404 });
  return intent.data === "block"
    ? redirectWithToast("/members", { kind: "success", key: "profileView.blockedToast", values: { name } })
    : redirectWithToast(`/members/${id}`, { kind: "success", key: "profileView.unblockedToast", values: { name } });
}

/** Like and Message: one size, side by side */
const ACTION = "h-12 min-w-0 flex-1 whitespace-nowrap px-4 text-base font-bold";

const FIELD_ORDER = ["age", "gender", "sexuality", "relationship", "hair_color", "eye_color", "body_type", "tattoos", "city", "region", "country"] as const;

export default function MemberProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  if (loaderData.blockedBy) {
    return (
      <main className="container-site py-16 text-center">
        <p className="text-xl font-semibold" data-testid="blocked-message">
          {t("profileView.blockedBy", { name: loaderData.blockedBy })}
        </p>
        <Link to="/members" className="mt-6 inline-block underline">
          {t("profileView.backToSearch")}
        </Link>
      </main>
    );
  }
  const v = loaderData.view!;
  const p = v.profile;
  const show = (f: string) => v.fields.includes(f as never);
  const fictionalWarning = v.fictionalWarning[i18n.language as never] ?? t("fictional.warning");
  const value = (f: (typeof FIELD_ORDER)[number]): string | null => {
    switch (f) {
      case "age":
        return String(v.age);
      case "gender":
        return t(`profile.gender.${p.gender}`);
      case "sexuality":
        return t(`profile.sexuality.${p.sexuality}`);
      case "relationship":
        return p.relationship ? t(`profile.relationship.${p.relationship}`) : null;
      case "hair_color":
        return p.hairColor ? t(`profile.hair.${p.hairColor}`) : null;
      case "eye_color":
        return p.eyeColor ? t(`profile.eye.${p.eyeColor}`) : null;
      case "body_type":
        return p.bodyType ? t(`profile.bodyType.${p.bodyType}`) : null;
      case "tattoos":
        return p.tattoos == null ? null : t(p.tattoos ? "profile.yes" : "profile.no");
      case "city":
        return p.city;
      case "region":
        return p.region;
      case "country":
        return countryName(p.country, i18n.language);
    }
  };
  const fieldLabel: Record<string, string> = {
    age: "profileView.age",
    gender: "profileView.gender",
    sexuality: "profileView.sexuality",
    relationship: "profile.fields.relationship",
    hair_color: "profile.fields.hairColor",
    eye_color: "profile.fields.eyeColor",
    body_type: "profile.fields.bodyType",
    tattoos: "profile.fields.tattoos",
    city: "profile.fields.city",
    region: "profile.fields.region",
    country: "profile.fields.country",
  };
  const actions = !v.own && !v.iBlocked;
  return (
    <main className={cx("container-site py-6", actions && "max-sm:pb-24")}>
      <div className="grid gap-6 md:grid-cols-[2fr_3fr]">
        <div className="flex flex-col gap-2">
          <PhotoCarousel photos={p.photos} name={p.name} />
          {v.notes && !v.paidUser && !v.own ? (
            <p className="text-xs text-black/60" data-testid="premium-photos-note">
              {t("profileView.morePhotosPremium")}
            </p>
          ) : null}
        </div>
        <div>
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <h1 className="text-3xl font-bold">
                {p.name}
                {show("age") ? `, ${v.age}` : ""}
                {p.fictional ? <FictionalMark withLabel large className="ml-3 align-middle" /> : null}
              </h1>
              {v.likes?.match && !v.iBlocked ? (
                <Badge tone="secondary" size="md" className="mt-2">
                  <HeartIcon className="h-3.5 w-3.5" />
                  {t("likes.matchBadge")}
                </Badge>
              ) : v.likes?.likedMe && !v.likes.liked && !v.iBlocked ? (
                <p className="mt-2 text-sm font-semibold text-primary" data-testid="likes-you">
                  {t("likes.likesYou", { name: p.name })}
                </p>
              ) : null}
            </div>
            {v.loggedIn && !v.own ? (
              <ProfileMoreMenu
                key={location.key}
                name={p.name}
                blocked={v.iBlocked}
                report={actionData && "report" in actionData ? actionData.report : undefined}
                reportParams={actionData?.reportParams}
                className="shrink-0"
              />
            ) : null}
          </div>
          {p.fictional && v.notes ? (
            <p className="mt-3 rounded-lg border border-info/40 bg-info/10 px-3 py-2 text-sm" data-testid="fictional-warning">
              <FictionalMark className="mr-1 align-text-bottom" />
              {fictionalWarning}
            </p>
          ) : null}
          {actions ? (
            // one row of two equal actions; on a phone it stays at the bottom, above the tab bar
            <div
              className={cx(
                "mt-4 grid grid-cols-2 gap-3 max-sm:fixed max-sm:inset-x-0 max-sm:z-30 max-sm:mt-0 max-sm:border-t max-sm:border-black/10 max-sm:bg-white/95 max-sm:px-4 max-sm:py-3 max-sm:shadow-[0_-2px_8px_rgba(0,0,0,0.06)] max-sm:backdrop-blur",
                v.loggedIn
                  ? "max-sm:bottom-[calc(3.5rem+env(safe-area-inset-bottom))]"
                  : "max-sm:bottom-0 max-sm:pb-[calc(0.75rem+env(safe-area-inset-bottom))]",
              )}
              data-testid="like-panel"
            >
              {v.likes ? (
                <LikeButton
                  variant="bar"
                  profile={{ id: p.id, name: p.name, photo: p.photos[0]?.url ?? null }}
                  liked={v.likes.liked}
                  likedMe={v.likes.likedMe}
                  source="profile"
                />
              ) : !v.loggedIn ? (
                <Button to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`} size="inline" className={ACTION} data-testid="like-login">
                  <HeartIcon className="h-5 w-5" />
                  {t("likes.like")}
                </Button>
              ) : null}
              {v.loggedIn ? (
                <Button to={`/members/${p.id}/chat`} variant={v.likes?.match ? "primary" : "outline"} size="inline" className={ACTION}>
                  <ChatIcon className="h-5 w-5" />
                  {t("profileView.message")}
                  <span className="sr-only">: {p.name}</span>
                </Button>
              ) : (
                <MessageOrSignupButton target={{ id: p.id, name: p.name }} className={ACTION} />
              )}
            </div>
          ) : null}
          <dl className="mt-5 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm" data-testid="profile-fields">
            {FIELD_ORDER.filter(show).map((f) => {
              const val = value(f);
              return val
                ? [
                    <dt key={`${f}-t`} className="text-black/60">
                      {t(fieldLabel[f]!)}
                    </dt>,
                    <dd key={`${f}-d`}>{val}</dd>,
                  ]
                : null;
            })}
          </dl>
          {show("about_me") && p.aboutMe ? (
            <section className="mt-6">
              <h2 className="font-semibold">{t("profile.fields.aboutMe")}</h2>
              <p className="mt-1 whitespace-pre-line">{p.aboutMe}</p>
            </section>
          ) : null}
          {show("interests") && p.interests.length ? (
            <section className="mt-6">
              <h2 className="font-semibold">{t("profile.fields.interests")}</h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {p.interests.map((i) => (
                  <li key={i}>
                    <Badge tone="accent" size="md">
                      {t(`profile.interests.${i}`)}
                    </Badge>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {v.iBlocked ? (
            <p className="mt-6 rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger" data-testid="you-blocked">
              {t("profileView.youBlocked", { name: p.name })}
            </p>
          ) : null}
          {v.own ? (
            <Button to="/profile" variant="outline" className="mt-6">
              {t("profileView.edit")}
            </Button>
          ) : null}
        </div>
      </div>
      {v.related.length ? (
        <section className="mt-10">
          <h2 className="mb-3 text-lg font-semibold">{t("profileView.related")}</h2>
          <ProfileGrid profiles={v.related} likeSource="search" atTop={false} />
        </section>
      ) : null}
      {v.similar.length ? (
        <section className="mt-10">
          <h2 className="mb-3 text-lg font-semibold">{t("profileView.similar")}</h2>
          <ProfileGrid profiles={v.similar} likeSource="search" atTop={false} />
        </section>
      ) : null}
      {v.matchMoment ? <MatchDialog partner={{ id: p.id, name: p.name, photo: p.photos[0]?.url ?? null }} closeHref={location.pathname} /> : null}
    </main>
  );
}
