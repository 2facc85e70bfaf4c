// Profile enumerations (spec section 3) and the signup steps that fill them.
export const SIGNUP_STEPS = ["photo", "personal", "about", "location"] as const;
/** "push" is the optional push step between location and confirm (spec section 4), offered in the browser. */
export type SignupStep = (typeof SIGNUP_STEPS)[number] | "push" | "confirm";
/** Position of a step in SIGNUP_STEPS; -1 for "confirm" or anything else. */
export const stepIndex = (step: string | null) => (SIGNUP_STEPS as readonly string[]).indexOf(step ?? "");

export const RELATIONSHIP = ["single", "divorced", "living_together", "married", "widowed", "unmarried"] as const;
export const HAIR = ["brunette", "blond", "brown", "white", "bald", "black", "dark_blond", "dark_brown", "gray", "red", "other"] as const;
export const EYES = ["blue", "green", "hazel", "brown"] as const;
export const BODY = ["slim", "normal", "fat"] as const;
export const INTERESTS = [
  "relationship",
  "onenightstand",
  "kissing",
  "hugging",
  "massages",
  "lingerie",
  "sex",
  "safesex",
  "publicsex",
  "oralsex",
  "analsex",
  "sextoys",
  "masturbating",
  "exchangingpictures",
  "threesome",
  "gangbang",
  "bondage",
  "sadomasochism",
  "gym",
  "sports",
  "dancing",
  "travelling",
  "adventure",
  "party",
  "tattoos",
  "music",
  "movies",
  "videogames",
  "politics",
  "outdoors",
  "gardening",
  "hiking",
  "biking",
  "reading",
  "animals",
  "beach",
  "art",
  "photography",
  "theater",
  "shopping",
  "fashion",
  "astrology",
  "cooking",
  "foodie",
  "bbq",
  "sushi",
  "vegetarian",
  "wine",
  "beer",
  "tea",
  "coffee",
] as const;
export type Interest = (typeof INTERESTS)[number];
