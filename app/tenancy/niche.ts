// What a site's niche (site file `niche`: none, she, bdsm, bbw, gilf, milf, gay) changes for the
// visitor beyond content: who the signup form assumes they are and whom they seek, and in which
// order the interests are grouped. Browser-safe (the signup form and the pickers use it).
import type { Interest } from "#app/profiles/profile-fields.ts";
import { INTERESTS } from "#app/profiles/profile-fields.ts";

export type NichePrefix = "none" | "she" | "bdsm" | "bbw" | "gilf" | "milf" | "gay";
type Gender = "male" | "female";

/**
 * The signup form's preselected answers: a site for gay men asks a man who seeks men, a site
 * for mature women is mostly joined by men seeking them. A general site presumes nothing.
 */
export const NICHE_SIGNUP: Record<NichePrefix, { gender?: Gender; seeking?: Gender }> = {
  none: {},
  bdsm: {},
  she: { gender: "female", seeking: "female" },
  gay: { gender: "male", seeking: "male" },
  milf: { gender: "male", seeking: "female" },
  gilf: { gender: "male", seeking: "female" },
  bbw: { gender: "male", seeking: "female" },
};

export const INTEREST_GROUPS = {
  active: ["gym", "sports", "dancing", "hiking", "biking", "outdoors", "adventure", "travelling", "beach"],
  culture: [
    "music",
    "movies",
    "reading",
    "art",
    "photography",
    "theater",
    "videogames",
    "politics",
    "astrology",
    "fashion",
    "shopping",
    "tattoos",
    "party",
    "animals",
    "gardening",
  ],
  food: ["cooking", "foodie", "bbq", "sushi", "vegetarian", "wine", "beer", "tea", "coffee"],
  romance: ["relationship", "kissing", "hugging", "massages"],
  intimate: [
    "onenightstand",
    "lingerie",
    "exchangingpictures",
    "safesex",
    "sex",
    "publicsex",
    "oralsex",
    "analsex",
    "sextoys",
    "masturbating",
    "threesome",
    "gangbang",
    "bondage",
    "sadomasochism",
  ],
} as const satisfies Record<string, readonly Interest[]>;
export type InterestGroup = keyof typeof INTEREST_GROUPS;

/**
 * Groups in the order a site of this niche shows them. Dating sites lead with what people do
 * and like; the adult niches with what they are here for. `folded`: the intimate group stays
 * closed until opened (or until one of its chips is chosen) where it is not what the site is about.
 */
export function interestGroups(niche: NichePrefix): { group: InterestGroup; interests: readonly Interest[]; folded: boolean }[] {
  const adult = niche === "bdsm" || niche === "milf" || niche === "gilf" || niche === "bbw";
  const order: InterestGroup[] = adult ? ["romance", "intimate", "active", "culture", "food"] : ["active", "culture", "food", "romance", "intimate"];
  return order.map((group) => ({ group, interests: INTEREST_GROUPS[group], folded: group === "intimate" && !adult }));
}

/** A member's interests in the order the site's groups show them. */
export function sortInterests(interests: readonly string[], niche: NichePrefix): string[] {
  const rank = new Map(
    interestGroups(niche)
      .flatMap((g) => g.interests)
      .map((i, n) => [i as string, n]),
  );
  return [...interests].sort((a, b) => (rank.get(a) ?? INTERESTS.length) - (rank.get(b) ?? INTERESTS.length));
}
