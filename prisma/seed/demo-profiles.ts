// Builds the demo members of every site from a seeded PRNG: who they are, where they live,
// what they wrote and how their portrait illustrations look. Pure: no I/O, no clock (the caller
// passes `now`), so the same seed and `now` always give the same data.
import { REGIONS, type Country } from "#app/profiles/geo-data.ts";
import { PLACES } from "#app/profiles/places-data.ts";
import type {
  BodyType,
  EyeColor,
  Gender,
  HairColor,
  Interest,
  RelationshipStatus,
  Sexuality,
} from "#app/generated/prisma/enums.ts";
import { ABOUT_SENTENCES, COUNTRIES, FIRST_NAMES, type DemoLanguage } from "./demo-data.ts";

// ---------- PRNG ----------

type Rng = () => number;

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
const intBetween = (rng: Rng, min: number, max: number) => Math.floor(between(rng, min, max + 1)); // inclusive

function pick<T>(rng: Rng, items: readonly T[]): T {
  if (!items.length) throw new Error("pick from an empty list");
  return items[Math.floor(rng() * items.length)] as T;
}

function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + Math.max(0, w), 0);
  let r = rng() * total;
  for (const [value, w] of entries) {
    r -= Math.max(0, w);
    if (r < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error("weighted pick from an empty list");
  return last[0];
}

/**
 * Exactly `n` values in shuffled order, each value `weight / total` of them (largest
 * remainder), so small sites still get every country and the intended gender mix.
 */
function quota<T>(rng: Rng, entries: readonly (readonly [T, number])[], n: number): T[] {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  const shares = entries.map(([value, w], i) => ({ value, i, exact: (n * w) / total }));
  const counts = shares.map((s) => Math.floor(s.exact));
  const rest = [...shares].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.i - b.i);
  for (let k = 0, left = n - counts.reduce((a, b) => a + b, 0); k < left; k++) {
    const idx = rest[k % rest.length]?.i ?? 0;
    counts[idx] = (counts[idx] ?? 0) + 1;
  }
  return shuffled(rng, shares.flatMap((s, i) => Array.from({ length: counts[i] ?? 0 }, () => s.value)));
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

// ---------- portraits ----------

type HairStyle =
  | "short" | "sidepart" | "quiff" | "buzz" | "curly" | "manbun"
  | "long" | "wavy" | "bob" | "bun" | "ponytail" | "pixie" | "afro";

/** What stays the same on every photo of one person. */
interface PortraitLook {
  gender: Gender;
  age: number;
  skin: string; // #rrggbb
  hair: string | null; // null: bald
  hairStyle: HairStyle;
  /** Eyebrows and beard: the hair colour, or a natural one when bald or dyed. */
  brows: string;
  eyes: string;
  beard: "none" | "stubble" | "full" | "moustache";
  glasses: boolean;
  earrings: boolean;
  lips: string;
  faceWidth: number; // 0.9 to 1.06
}

/** What changes from photo to photo. */
interface PortraitVariant {
  bgHue: number;
  bgHue2: number;
  bgAngle: number;
  offsetX: number;
  offsetY: number;
  tilt: number; // degrees
  clothing: string;
  neckline: "round" | "v" | "collar" | "turtleneck";
  smile: number; // 0 (calm) to 1 (broad open smile)
  bokeh: { x: number; y: number; r: number; o: number }[];
}

export interface PortraitSpec {
  look: PortraitLook;
  variant: PortraitVariant;
}

const SKIN_TONES: readonly (readonly [string, number])[] = [
  ["#fde3d0", 12], ["#f7d2b6", 20], ["#efc3a2", 20], ["#e2ab86", 15],
  ["#d29b6e", 12], ["#b97b52", 9], ["#8f5b3c", 7], ["#6a4229", 5],
];

const HAIR_HEX: Record<Exclude<HairColor, "bald" | "other">, string> = {
  brunette: "#4b2e1f",
  brown: "#6f4a2e",
  dark_brown: "#3a2518",
  blond: "#e2bd74",
  dark_blond: "#b08d57",
  black: "#1f1b1b",
  red: "#b4532a",
  gray: "#9b9a98",
  white: "#e9e6e0",
};
const DYED_HAIR = ["#c2549a", "#5a7fd6", "#7a4fc4", "#2aa198", "#e0665a"] as const;

const EYE_HEX: Record<EyeColor, string> = {
  blue: "#3a7bd5",
  green: "#3f8f56",
  hazel: "#8e6a2c",
  brown: "#5a3820",
};

export function hslToHex(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.min(1, Math.max(0, s / 100));
  const lig = Math.min(1, Math.max(0, l / 100));
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) => Math.round(x * 255).toString(16).padStart(2, "0");
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

function hairHex(rng: Rng, hairColor: HairColor | null): string | null {
  if (hairColor === "bald") return null;
  if (hairColor === "other") return pick(rng, DYED_HAIR);
  return HAIR_HEX[hairColor ?? "brown"];
}

function pickHairStyle(rng: Rng, gender: Gender, age: number, hairColor: HairColor, skinIndex: number): HairStyle {
  if (gender === "male") {
    return weighted<HairStyle>(rng, [
      ["short", 30], ["sidepart", age > 30 ? 28 : 18], ["quiff", age < 45 ? 16 : 6],
      ["buzz", 12], ["curly", skinIndex >= 5 ? 20 : 10], ["manbun", age < 40 ? 6 : 1],
    ]);
  }
  if (hairColor === "gray" || hairColor === "white" || age > 55) {
    return weighted<HairStyle>(rng, [["bob", 30], ["pixie", 25], ["wavy", 20], ["bun", 15], ["long", 10]]);
  }
  return weighted<HairStyle>(rng, [
    ["long", 26], ["wavy", 20], ["bob", 16], ["bun", 10], ["ponytail", 12], ["pixie", 6],
    ["afro", skinIndex >= 5 ? 18 : 3],
  ]);
}

function buildLook(rng: Rng, p: { gender: Gender; age: number; hairColor: HairColor; eyeColor: EyeColor }): PortraitLook {
  const skinIndex = SKIN_TONES.indexOf(
    weighted(rng, SKIN_TONES.map((entry) => [entry, entry[1]] as const)),
  );
  const skin = SKIN_TONES[skinIndex]?.[0] ?? "#efc3a2";
  const male = p.gender === "male";
  return {
    gender: p.gender,
    age: p.age,
    skin,
    hair: hairHex(rng, p.hairColor),
    brows: p.hairColor === "bald" || p.hairColor === "other"
      ? (p.age > 55 ? "#8a847d" : "#4a3323")
      : HAIR_HEX[p.hairColor],
    hairStyle: pickHairStyle(rng, p.gender, p.age, p.hairColor, skinIndex),
    eyes: EYE_HEX[p.eyeColor],
    beard: male
      ? weighted(rng, [["none", 45], ["stubble", 25], ["full", p.age > 25 ? 20 : 5], ["moustache", p.age > 35 ? 10 : 3]] as const)
      : "none",
    glasses: rng() < (p.age > 45 ? 0.35 : 0.12),
    earrings: !male && rng() < 0.55,
    lips: male ? "#b0594f" : pick(rng, ["#c0465a", "#b5505a", "#d0606e", "#a4434c"] as const),
    faceWidth: Number(between(rng, male ? 0.96 : 0.9, male ? 1.06 : 1.0).toFixed(3)),
  };
}

function buildVariant(rng: Rng): PortraitVariant {
  const bgHue = Math.floor(rng() * 360);
  const bokeh = Array.from({ length: intBetween(rng, 4, 7) }, () => ({
    x: Math.round(between(rng, 0, 600)),
    y: Math.round(between(rng, 0, 520)),
    r: Math.round(between(rng, 30, 110)),
    o: Number(between(rng, 0.08, 0.24).toFixed(2)),
  }));
  return {
    bgHue,
    bgHue2: (bgHue + intBetween(rng, 25, 75)) % 360,
    bgAngle: intBetween(rng, 0, 3),
    offsetX: intBetween(rng, -40, 40),
    offsetY: intBetween(rng, -18, 18),
    tilt: Number(between(rng, -6, 6).toFixed(1)),
    clothing: hslToHex(rng() * 360, between(rng, 30, 65), between(rng, 28, 55)),
    neckline: weighted(rng, [["round", 35], ["v", 30], ["collar", 25], ["turtleneck", 10]] as const),
    smile: Number(rng().toFixed(2)),
    bokeh,
  };
}

// ---------- sites ----------

type DemoNiche = "general" | "milf" | "gay";

export interface DemoSite {
  key: string;
  /** Country code and weight. */
  countries: readonly (readonly [string, number])[];
  locales: readonly DemoLanguage[];
  niche: DemoNiche;
}

export const DEMO_SITES: readonly DemoSite[] = [
  {
    key: "lovely",
    countries: [["NL", 30], ["BE", 15], ["DE", 25], ["GB", 20], ["IE", 10]],
    locales: ["en", "nl", "de", "fr"],
    niche: "general",
  },
  {
    key: "mature",
    countries: [["DE", 60], ["AT", 20], ["CH", 20]],
    locales: ["de", "en", "fr", "it"],
    niche: "milf",
  },
  {
    key: "pride",
    countries: [["SE", 18], ["NO", 12], ["DK", 12], ["FI", 10], ["PL", 12], ["ES", 12], ["IT", 12], ["FR", 12]],
    locales: ["sv", "nb", "da", "fi", "pl", "es", "it", "fr", "en"],
    niche: "gay",
  },
];

export const DEMO_PASSWORD = "rendezvous-demo";
const DEMO_EMAIL_DOMAIN = "demo.invalid";
export const demoEmail = (siteKey: string, n: number) => `demo-${n}@${siteKey}.${DEMO_EMAIL_DOMAIN}`;
export const memberEmail = (siteKey: string) => `member@${siteKey}.localhost`;

// ---------- profiles ----------

export interface DemoProfileSpec {
  /** 1-based number within the site (the demo members have 0). */
  n: number;
  siteKey: string;
  email: string;
  /** Demo members can log in; everybody else has no password. */
  member: boolean;
  language: DemoLanguage;
  signupDate: Date;
  confirmedAt: Date;
  lastSeenAt: Date;
  lastActiveAt: Date;
  name: string;
  fictional: boolean;
  country: string;
  region: string;
  city: string;
  dateOfBirth: Date; // UTC midnight
  gender: Gender;
  sexuality: Sexuality;
  seeking: Gender;
  relationship: RelationshipStatus;
  hairColor: HairColor;
  eyeColor: EyeColor;
  bodyType: BodyType;
  tattoos: boolean;
  interests: Interest[];
  aboutMe: string;
  photos: PortraitSpec[];
}

const DAY = 86_400_000;
const YEAR = 365.2425 * DAY;

/** The date of birth, at UTC midnight, of someone `ageYears` old (fractional) at `now`. */
function birthDateForAge(now: Date, ageYears: number): Date {
  const t = new Date(now.getTime() - ageYears * YEAR);
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
}

/** Whole years between a date of birth and `now`, as people count birthdays. */
function ageAt(dateOfBirth: Date, now: Date): number {
  let age = now.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const m = now.getUTCMonth() - dateOfBirth.getUTCMonth();
  if (m < 0 || (m === 0 && now.getUTCDate() < dateOfBirth.getUTCDate())) age--;
  return age;
}

const MILD_INTERESTS: readonly Interest[] = [
  "relationship", "kissing", "hugging", "massages", "gym", "sports", "dancing", "travelling",
  "adventure", "party", "music", "movies", "videogames", "politics", "outdoors", "gardening",
  "hiking", "biking", "reading", "animals", "beach", "art", "photography", "theater", "shopping",
  "fashion", "astrology", "cooking", "foodie", "bbq", "sushi", "vegetarian", "wine", "beer", "tea",
  "coffee",
];
const FLIRTY_INTERESTS: readonly Interest[] = ["onenightstand", "lingerie", "exchangingpictures", "safesex"];

function pickInterests(rng: Rng, tattoos: boolean): Interest[] {
  const count = intBetween(rng, 3, 8);
  const chosen = shuffled(rng, MILD_INTERESTS).slice(0, count);
  if (rng() < 0.2) chosen[chosen.length - 1] = pick(rng, FLIRTY_INTERESTS);
  if (tattoos && rng() < 0.3 && !chosen.includes("tattoos")) chosen[0] = "tattoos";
  return chosen;
}

function pickAboutMe(rng: Rng, language: DemoLanguage): string {
  const count = weighted(rng, [[1, 30], [2, 45], [3, 25]] as const);
  return shuffled(rng, ABOUT_SENTENCES[language]).slice(0, count).join(" ");
}

/** `count` values from `lo` to `hi`, both ends included, evenly spaced and jittered within their slots. */
function spread(rng: Rng, count: number, lo: number, hi: number): number[] {
  if (count <= 0) return [];
  if (count === 1) return [between(rng, lo, hi)];
  return Array.from({ length: count }, (_, k) => {
    const at = k === 0 ? 0 : k === count - 1 ? 1 : (k + (rng() - 0.5) * 0.8) / (count - 1);
    return lo + (hi - lo) * at;
  });
}

/**
 * Ages of `count` profiles of one gender on a site, spread so the whole range is covered
 * (18 to 75; on a milf site women 40 to 75 with a few late thirties), in shuffled order.
 */
function ageQuota(rng: Rng, niche: DemoNiche, gender: Gender, count: number): number[] {
  let ages: number[];
  if (niche === "milf" && gender === "male") {
    ages = spread(rng, count, 25.02, 69.97);
  } else if (niche === "milf") {
    const young = Math.round(count * 0.08);
    ages = [...spread(rng, young, 35.02, 39.97), ...spread(rng, count - young, 40.02, 75.97)];
  } else {
    // a wide tail over 18 to 75, the rest 20 to 45 where most members are
    const tail = Math.round(count * 0.45);
    ages = [...spread(rng, tail, 18.02, 75.97), ...spread(rng, count - tail, 20.02, 45.97)];
  }
  return shuffled(rng, ages);
}

function pickSexuality(rng: Rng, niche: DemoNiche, gender: Gender): { sexuality: Sexuality; seeking: Gender } {
  const other: Gender = gender === "male" ? "female" : "male";
  if (niche === "gay") return { sexuality: rng() < 0.8 ? "gay" : "bi", seeking: "male" };
  const sexuality = weighted<Sexuality>(rng, niche === "milf"
    ? [["hetero", 90], ["bi", gender === "female" ? 10 : 0], ["lesbian", 0], ["gay", 0]]
    : [["hetero", 86], ["bi", 7], [gender === "female" ? "lesbian" : "gay", 7]]);
  if (sexuality === "hetero") return { sexuality, seeking: other };
  if (sexuality === "bi") return { sexuality, seeking: rng() < 0.6 ? other : gender };
  return { sexuality, seeking: gender };
}

function pickRelationship(rng: Rng, age: number, niche: DemoNiche): RelationshipStatus {
  return weighted<RelationshipStatus>(rng, [
    ["single", age < 30 ? 70 : 45],
    ["divorced", age < 30 ? 2 : Math.min(40, age / 2)],
    ["unmarried", 10],
    ["living_together", 5],
    ["married", niche === "milf" ? 14 : 6],
    ["widowed", age > 60 ? 14 : age > 45 ? 4 : 0],
  ]);
}

function pickHairColor(rng: Rng, gender: Gender, age: number, north: number): HairColor {
  const male = gender === "male";
  const bald = !male ? 0 : age < 30 ? 0.02 : age < 45 ? 0.08 : age < 60 ? 0.18 : 0.26;
  if (rng() < bald) return "bald";
  const grayShare = (age < 38 ? 0 : age < 45 ? 0.1 : age < 55 ? 0.3 : age < 65 ? 0.55 : 0.75) * (male ? 1 : 0.6);
  if (rng() < grayShare) return age > 60 && rng() < 0.4 ? "white" : "gray";
  return weighted<HairColor>(rng, [
    ["blond", 8 + 26 * north], ["dark_blond", 10 + 10 * north], ["brown", 20], ["brunette", 18],
    ["dark_brown", 14 + 12 * (1 - north)], ["black", 4 + 18 * (1 - north)], ["red", 4],
    ["other", age < 45 ? 3 : 0.5],
  ]);
}

function pickEyeColor(rng: Rng, north: number): EyeColor {
  return weighted<EyeColor>(rng, [["blue", 14 + 36 * north], ["green", 12], ["hazel", 15], ["brown", 18 + 36 * (1 - north)]]);
}

function pickLanguage(rng: Rng, country: string, siteLocales: readonly DemoLanguage[]): DemoLanguage {
  const entry = COUNTRIES[country];
  const spoken = (entry?.languages ?? []).filter(([l]) => siteLocales.includes(l));
  if (spoken.length) return weighted(rng, spoken);
  return siteLocales.includes("en") ? "en" : (siteLocales[0] ?? "en");
}

function pickPlace(rng: Rng, country: string, language: DemoLanguage) {
  const entry = COUNTRIES[country];
  if (!entry) throw new Error(`no demo places for country ${country}`);
  const local = entry.regions.filter((r) => r.lang === language);
  const region = pick(rng, local.length ? local : entry.regions);
  const city = pick(rng, region.cities);
  return { region: canonicalRegion(country, region.name, city), city, north: entry.north };
}

/**
 * First names drawn without putting them back (per naming culture and gender, refilled once
 * used up), so a site repeats a name only after it has used all the others.
 */
function namePicker(rng: Rng) {
  const pools = new Map<string, string[]>();
  return (country: string, language: DemoLanguage, gender: Gender): string => {
    const entry = COUNTRIES[country];
    if (!entry) throw new Error(`no demo names for country ${country}`);
    const culture = entry.cultureByLanguage?.[language] ?? entry.culture;
    const key = `${culture}:${gender}`;
    let pool = pools.get(key);
    if (!pool?.length) {
      pool = shuffled(rng, FIRST_NAMES[culture][gender]);
      pools.set(key, pool);
    }
    return pool.pop() as string;
  };
}

function pickDates(rng: Rng, now: Date) {
  const t = now.getTime();
  const signup = t - between(rng, 1, 730) * DAY;
  // active recently: skewed towards the last few days, never before signing up
  let active = t - rng() * rng() * 30 * DAY;
  if (active < signup) active = signup + rng() * (t - signup);
  return {
    signupDate: new Date(Math.round(signup)),
    confirmedAt: new Date(Math.round(signup + between(rng, 2, 120) * 60_000)),
    lastActiveAt: new Date(Math.round(active)),
    lastSeenAt: new Date(Math.round(active)),
  };
}

/** Share of women among a niche's generated profiles, in percent. */
const FEMALE_SHARE: Record<DemoNiche, number> = { general: 55, milf: 86, gay: 0 };
/** Share of fictional profiles, in percent. */
const FICTIONAL_SHARE = 8;

/** FNV-1a, to derive a per-site PRNG seed from the site's key. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export interface BuildDemoProfilesOptions {
  now: Date;
  seed?: number;
  /** Profiles per site; 110 unless given. */
  perSite?: number;
  sites?: readonly DemoSite[];
}

const DEFAULT_DEMO_SEED = 0x5eed_2024;

/** The generated demo profiles of every site (the three ready demo members not included). */
export function buildDemoProfiles({ now, seed = DEFAULT_DEMO_SEED, perSite = 110, sites = DEMO_SITES }: BuildDemoProfilesOptions): DemoProfileSpec[] {
  const out: DemoProfileSpec[] = [];
  for (const site of sites) {
    // one stream per site, so a site's members do not change when another site is left out
    const rng = mulberry32(seed ^ hashString(site.key));
    const female = FEMALE_SHARE[site.niche];
    const genders = quota<Gender>(rng, [["female", female], ["male", 100 - female]], perSite);
    const countries = quota(rng, site.countries, perSite);
    const fictional = quota(rng, [[true, FICTIONAL_SHARE], [false, 100 - FICTIONAL_SHARE]], perSite);
    const ages: Record<Gender, number[]> = {
      female: ageQuota(rng, site.niche, "female", genders.filter((g) => g === "female").length),
      male: ageQuota(rng, site.niche, "male", genders.filter((g) => g === "male").length),
    };
    const pickName = namePicker(rng);
    for (let n = 1; n <= perSite; n++) {
      const gender = genders[n - 1] ?? "female";
      const country = countries[n - 1] ?? site.countries[0]?.[0] ?? "NL";
      const language = pickLanguage(rng, country, site.locales);
      const place = pickPlace(rng, country, language);
      const dateOfBirth = birthDateForAge(now, ages[gender].pop() ?? 30);
      const age = ageAt(dateOfBirth, now);
      const { sexuality, seeking } = pickSexuality(rng, site.niche, gender);
      const hairColor = pickHairColor(rng, gender, age, place.north);
      const eyeColor = pickEyeColor(rng, place.north);
      const tattoos = rng() < (site.niche === "gay" ? 0.35 : 0.25);
      const look = buildLook(rng, { gender, age, hairColor, eyeColor });
      const photoCount = weighted(rng, [[1, 35], [2, 40], [3, 25]] as const);
      out.push({
        n,
        siteKey: site.key,
        email: demoEmail(site.key, n),
        member: false,
        language,
        ...pickDates(rng, now),
        name: pickName(country, language, gender),
        fictional: fictional[n - 1] ?? false,
        country,
        region: place.region,
        city: place.city,
        dateOfBirth,
        gender,
        sexuality,
        seeking,
        relationship: pickRelationship(rng, age, site.niche),
        hairColor,
        eyeColor,
        bodyType: weighted<BodyType>(rng, [["slim", 35], ["normal", 50], ["fat", 15]]),
        tattoos,
        interests: pickInterests(rng, tattoos),
        aboutMe: pickAboutMe(rng, language),
        photos: Array.from({ length: photoCount }, () => ({ look, variant: buildVariant(rng) })),
      });
    }
  }
  return out;
}

interface MemberTemplate {
  siteKey: string;
  name: string;
  language: DemoLanguage;
  country: string;
  region: string;
  city: string;
  age: number;
  gender: Gender;
  sexuality: Sexuality;
  seeking: Gender;
  relationship: RelationshipStatus;
  hairColor: HairColor;
  eyeColor: EyeColor;
  bodyType: BodyType;
  tattoos: boolean;
  interests: Interest[];
  aboutMe: string;
}

const MEMBER_TEMPLATES: readonly MemberTemplate[] = [
  {
    siteKey: "lovely", name: "Sam", language: "en", country: "NL", region: "Noord-Holland", city: "Amsterdam",
    age: 34, gender: "male", sexuality: "hetero", seeking: "female", relationship: "single",
    hairColor: "dark_blond", eyeColor: "blue", bodyType: "normal", tattoos: false,
    interests: ["biking", "coffee", "travelling", "music", "cooking"],
    aboutMe: "Amsterdam local who cycles everywhere. Coffee first, adventures later. Let's grab a drink and see where it goes.",
  },
  {
    siteKey: "mature", name: "Andrea", language: "de", country: "DE", region: "Berlin", city: "Berlin",
    age: 52, gender: "male", sexuality: "hetero", seeking: "female", relationship: "divorced",
    hairColor: "gray", eyeColor: "brown", bodyType: "normal", tattoos: false,
    interests: ["wine", "theater", "hiking", "cooking", "travelling", "relationship"],
    aboutMe: "Ich koche gern für Freunde und probiere neue Rezepte aus. Das Leben ist zu kurz für schlechten Wein und langweilige Gespräche.",
  },
  {
    siteKey: "pride", name: "Lukas", language: "en", country: "SE", region: "Stockholm", city: "Stockholm",
    age: 29, gender: "male", sexuality: "gay", seeking: "male", relationship: "single",
    hairColor: "blond", eyeColor: "green", bodyType: "slim", tattoos: true,
    interests: ["gym", "party", "music", "beach", "photography", "sushi"],
    aboutMe: "Stockholm guy who loves the gym, good music and long summer nights in the archipelago. Let's grab a fika and see where it goes.",
  },
];

/** The three ready demo members (one per site, password DEMO_PASSWORD), with two photos each. */
export function buildDemoMembers({ now, seed = DEFAULT_DEMO_SEED, sites = DEMO_SITES }: Omit<BuildDemoProfilesOptions, "perSite">): DemoProfileSpec[] {
  const keys = new Set(sites.map((s) => s.key));
  return MEMBER_TEMPLATES.filter((t) => keys.has(t.siteKey)).map((t, i) => {
    const rng = mulberry32(seed ^ Math.imul(0x9e3779b9, i + 1));
    const signup = new Date(now.getTime() - (90 + 30 * i) * DAY);
    const { age, ...fields } = t;
    const look = buildLook(rng, { gender: t.gender, age, hairColor: t.hairColor, eyeColor: t.eyeColor });
    return {
      ...fields,
      n: 0,
      email: memberEmail(t.siteKey),
      member: true,
      signupDate: signup,
      confirmedAt: new Date(signup.getTime() + 5 * 60_000),
      lastSeenAt: new Date(now.getTime() - (i + 1) * 3_600_000),
      lastActiveAt: new Date(now.getTime() - (i + 1) * 3_600_000),
      fictional: false,
      // half a year past the birthday, so the age holds for months of demo use
      dateOfBirth: birthDateForAge(now, age + 0.5),
      photos: [{ look, variant: buildVariant(rng) }, { look, variant: buildVariant(rng) }],
    };
  });
}

/**
 * The demo table names some regions differently from the official lists members choose from
 * (app/profiles/geo-data.ts): take the region the gazetteer gives the city, else the closest
 * official spelling.
 */
function canonicalRegion(country: string, name: string, city: string): string {
  const official = REGIONS[country as Country] ?? [];
  if (official.includes(name)) return name;
  const place = PLACES.find((p) => p.country === country && p.name === city);
  if (place) return place.region;
  const bare = name.replace(/^(County|Region) /, "").replace(/s? län$/, "").toLowerCase();
  return official.find((r) => r.toLowerCase() === bare) ?? official.find((r) => bare.includes(r.toLowerCase())) ?? official[0] ?? name;
}
