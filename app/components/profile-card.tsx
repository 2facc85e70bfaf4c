import type { TFunction } from "i18next";
import { Fragment } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";
import type { ProfileCard as Card } from "#app/profiles/cards.server.ts";
import { FictionalMark } from "./fictional-mark.tsx";
import { HeartIcon } from "./icons.tsx";
import { LikeButton, type LikeSourceName } from "./like-button.tsx";
import { MemberPhoto } from "./member-photo.tsx";
import { PHOTO_SIZES } from "#app/profiles/photo-sizes.ts";
import { PartnerOfferCard } from "./partner-offer-card.tsx";
import { Badge, Card as Surface, cx } from "./ui/index.ts";
import type { PartnerOfferCard as Offer } from "#app/partners/offers.server.ts";
import { countryName } from "#app/utils/format.ts";

/** What a card may add about likes: the button's state (members only) and the likes page's marks. */
type CardLikes = { liked?: boolean; likedMe?: boolean; likeNew?: boolean; match?: boolean };

type CardProps = {
  profile: Card & CardLikes;
  likeSource?: LikeSourceName | undefined;
  footer?: React.ReactNode;
  /** in the first row of a list at the top of the page: its photo is fetched at once */
  priority?: boolean;
};

export function ProfileCard(props: CardProps) {
  const { t, i18n } = useTranslation();
  return <CardView {...props} t={t} language={i18n.language} />;
}

/** The card itself; a grid hands every card the one `t` of its render instead of a hook per card. */
function CardView({ profile, likeSource, footer, priority, t, language }: CardProps & { t: TFunction; language: string }) {
  const country = countryName(profile.country, language);
  const ring = profile.likeNew ? "ring-2 ring-primary ring-offset-2 ring-offset-light" : "";
  return (
    <Surface
      padding="none"
      className={cx("group relative overflow-hidden transition hover:shadow-md", ring)}
      data-testid="profile-card"
      data-profile-id={profile.id}
      data-like-new={profile.likeNew ? "true" : undefined}
    >
      <Link to={`/members/${profile.id}`} className="block">
        <div className="relative aspect-[4/5] bg-accent">
          {profile.thumb ? (
            <MemberPhoto
              thumb={profile.thumb}
              display={profile.display}
              alt={profile.name}
              sizes={PHOTO_SIZES.card}
              priority={priority}
              className="h-full w-full object-cover"
            />
          ) : (
            <div className="flex h-full items-center justify-center text-4xl text-primary/40" aria-hidden>
              ♥
            </div>
          )}
          {profile.online ? (
            <Badge tone="success" className="absolute left-2 top-2 shadow-sm">
              {t("search.online")}
            </Badge>
          ) : null}
          {profile.match ? (
            <Badge tone="secondary" className="absolute bottom-2 left-2 shadow-sm">
              <HeartIcon className="h-3 w-3" />
              {t("likes.matchBadge")}
            </Badge>
          ) : profile.likeNew ? (
            <Badge tone="primary" className="absolute bottom-2 left-2 shadow-sm" data-testid="like-new-badge">
              {t("likes.newBadge")}
            </Badge>
          ) : null}
        </div>
        <div className="p-2">
          <p className="truncate font-semibold group-hover:text-primary">
            {profile.name}, {profile.age}
          </p>
          <p className="truncate text-xs text-black/60">{[profile.city, country].filter(Boolean).join(", ")}</p>
          {profile.fictional ? <FictionalMark withLabel className="mt-1" /> : null}
        </div>
      </Link>
      {footer}
      {likeSource && profile.liked !== undefined ? (
        // over the photo's lower right corner, outside the link (a form cannot sit inside one)
        <div className="pointer-events-none absolute inset-x-0 top-0 aspect-[4/5]">
          <div className="pointer-events-auto absolute bottom-2 right-2">
            <LikeButton
              profile={{ id: profile.id, name: profile.name, photo: profile.thumb }}
              liked={profile.liked}
              likedMe={profile.likedMe ?? false}
              source={likeSource}
            />
          </div>
        </div>
      ) : null}
    </Surface>
  );
}

/** Partner offers take every OFFER_EVERY-th place of a grid (the rest after the last profile). */
const OFFER_EVERY = 8;
/** The widest first row of the card grids (lg and up). */
export const FIRST_ROW_CARDS = 4;

type GridProps = {
  profiles: (Card & CardLikes)[];
  likeSource?: LikeSourceName | undefined;
  offers?: Offer[];
  /** false where the grid starts below the fold (the home page's hero comes first) */
  atTop?: boolean;
};

export function ProfileGrid({ profiles, likeSource, offers = [], atTop = true }: GridProps) {
  const { t, i18n } = useTranslation();
  const offerAfter = (i: number) => ((i + 1) % (OFFER_EVERY - 1) === 0 ? offers[(i + 1) / (OFFER_EVERY - 1) - 1] : undefined);
  const placed = Math.min(offers.length, Math.floor(profiles.length / (OFFER_EVERY - 1)));
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {profiles.map((p, i) => {
        const offer = offerAfter(i);
        return (
          <Fragment key={p.id}>
            <CardView profile={p} likeSource={likeSource} priority={atTop && i < FIRST_ROW_CARDS} t={t} language={i18n.language} />
            {offer ? <PartnerOfferCard offer={offer} /> : null}
          </Fragment>
        );
      })}
      {offers.slice(placed).map((o) => (
        <PartnerOfferCard key={`offer-${o.url}`} offer={o} />
      ))}
    </div>
  );
}
