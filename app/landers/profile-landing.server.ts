// Landings around one profile (/members/{id}/landing, /landing2/{slug?}, /landing3/{slug?}):
// that profile's main photo, name, age, city and a teaser, ending in signup with the profile as
// the target. The id goes through the one access rule (profiles/access.server.ts): anything this
// site may not show, or that the visitor may not contact, is "not found".
import type { Locale } from "#app/i18n/locales.ts";
import { profileAccess, mayContact, visibleWhere } from "#app/profiles/access.server.ts";
import { ageFrom } from "#app/profiles/age.ts";
import { cardSelect, toCard } from "#app/profiles/cards.server.ts";
import { photoUrl } from "#app/profiles/photo-url.server.ts";
import { partnerOffers } from "#app/partners/offers.server.ts";
import { searchVisible } from "#app/search/visibility.ts";
import { nichePrefix, type Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { contentSetFor, SLUG, type LanderSlug } from "./lander-config.server.ts";

export type ProfileLandingDesign = "landing" | "landing2" | "landing3";
const SIMILAR_PROFILES = 6;
const TEASER_LENGTH = 160;

export interface ProfileLandingRequest {
  site: Site;
  locale: Locale;
  design: ProfileLandingDesign;
  /** from the URL, already parsed (null: not an id) */
  id: number | null;
  /** from the URL as given (landing2 and landing3 only) */
  slug: string | undefined;
  viewerProfileId: number | null;
  loggedIn: boolean;
  trafficSource: boolean;
}

export type ProfileLandingResult =
  | { kind: "not_found" }
  /** a member does not need a landing: the profile itself */
  | { kind: "member"; id: number }
  /** a site that shows its members to this visitor only after signup: straight to signup with the target */
  | { kind: "signup"; id: number }
  | { kind: "ok"; page: NonNullable<Awaited<ReturnType<typeof buildPage>>> };

/** The slug's settings, null for no slug, undefined for a slug this design does not serve (404). */
function slugFor(site: Site, design: ProfileLandingDesign, slug: string | undefined): LanderSlug | null | undefined {
  if (slug === undefined) return null;
  if (design === "landing" || !SLUG.test(slug)) return undefined;
  const set = contentSetFor(nichePrefix(site));
  if (!Object.hasOwn(set.slugs, slug)) return undefined;
  const found = set.slugs[slug]!;
  return found.landers && !found.landers.includes(design) ? undefined : found;
}

/** The first words of the profile's own text, cut at a word boundary. */
export function teaserOf(text: string | null, max = TEASER_LENGTH): string | null {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (!clean) return null;
  if ([...clean].length <= max) return clean;
  const cut = [...clean].slice(0, max).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

export async function profileLanding(r: ProfileLandingRequest): Promise<ProfileLandingResult> {
  const slug = slugFor(r.site, r.design, r.slug);
  if (slug === undefined) return { kind: "not_found" };
  const access = await profileAccess(r.site, r.viewerProfileId, r.id);
  if (r.loggedIn) return access.kind === "none" ? { kind: "not_found" } : { kind: "member", id: access.id };
  if (!mayContact(access)) return { kind: "not_found" };
  if (!searchVisible(r.site, r.loggedIn, r.trafficSource)) return { kind: "signup", id: access.id };
  const page = await buildPage(r, access.id, slug);
  return page ? { kind: "ok", page } : { kind: "not_found" };
}

async function buildPage(r: ProfileLandingRequest, id: number, slug: LanderSlug | null) {
  const { site } = r;
  const row = await getDb().profile.findUnique({ where: { id }, select: { ...cardSelect, aboutMe: true } });
  if (!row) return null;
  const card = toCard(row, site);
  const shows = (field: Site["visible_profile_fields"][number]) => site.visible_profile_fields.includes(field);
  const photo = row.mainPhoto?.status === "active" ? photoUrl(site, row.mainPhoto.filename) : null;
  const similar = r.design === "landing2" ? await similarProfiles(site, row) : [];
  return {
    design: r.design,
    slug: r.slug ?? null,
    niche: nichePrefix(site),
    /** the marketer's wording for the slug in the visitor's language; null: the catalogue's */
    text: slug?.text[r.locale] ?? null,
    profile: {
      id: card.id,
      name: card.name,
      age: shows("age") ? card.age : null,
      city: shows("city") ? card.city : null,
      photo,
      teaser: shows("about_me") ? teaserOf(row.aboutMe) : null,
      fictional: card.fictional,
      online: card.online,
    },
    similar,
    partnerOffers: r.design === "landing2" ? partnerOffers(site, r.locale) : [],
  };
}

/** Faces like this one from the site's pool: same gender, about the same age, with a photo. */
async function similarProfiles(site: Site, p: { id: number; gender: "male" | "female"; dateOfBirth: Date }) {
  const age = ageFrom(p.dateOfBirth);
  const year = new Date().getUTCFullYear();
  const rows = await getDb().profile.findMany({
    where: {
      ...visibleWhere(site, null),
      id: { not: p.id },
      gender: p.gender,
      mainPhotoId: { not: null },
      country: { in: site.countries },
      dateOfBirth: { gte: new Date(Date.UTC(year - age - 6, 0, 1)), lte: new Date(Date.UTC(year - age + 5, 11, 31)) },
    },
    orderBy: [{ lastActiveAt: "desc" }, { id: "desc" }],
    take: SIMILAR_PROFILES,
    select: cardSelect,
  });
  return rows.map((row) => toCard(row, site));
}
