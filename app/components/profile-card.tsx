import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ProfileCard as Card } from "#app/profiles/cards.server.ts";

export function ProfileCard({ profile, fictionalIcon }: { profile: Card; fictionalIcon: string }) {
  const { t, i18n } = useTranslation();
  const country = new Intl.DisplayNames([i18n.language], { type: "region" }).of(profile.country) ?? profile.country;
  return (
    <Link to={`/members/${profile.id}`} className="group overflow-hidden rounded-lg bg-white shadow-sm hover:shadow-md" data-testid="profile-card" data-profile-id={profile.id}>
      <div className="relative aspect-[4/5] bg-accent">
        {profile.thumb ? <img src={profile.thumb} alt={profile.name} loading="lazy" className="h-full w-full object-cover" /> : (
          <div className="flex h-full items-center justify-center text-4xl text-primary/40" aria-hidden>♥</div>
        )}
        {profile.online ? <span className="absolute left-2 top-2 rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-white">{t("search.online")}</span> : null}
        {profile.fictional ? <span className="absolute right-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-sm" title={t("fictional.singular")} data-testid="fictional-icon">{fictionalIcon}</span> : null}
      </div>
      <div className="p-2">
        <p className="truncate font-semibold group-hover:text-primary">{profile.name}, {profile.age}</p>
        <p className="truncate text-xs text-black/60">{[profile.city, country].filter(Boolean).join(", ")}</p>
      </div>
    </Link>
  );
}

export function ProfileGrid({ profiles, fictionalIcon }: { profiles: Card[]; fictionalIcon: string }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {profiles.map((p) => <ProfileCard key={p.id} profile={p} fictionalIcon={fictionalIcon} />)}
    </div>
  );
}
