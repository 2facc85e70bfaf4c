// Lander content sets (ADR 017): tenants/landers/<niche prefix>.json, one per niche (none, she,
// bdsm, bbw, gilf, milf, gay). A site of niche N reads the set of prefix N; its slugs pick the
// headline and copy (per locale), the profile filter and the hero media of /landers/{name}/{slug}.
// Validated with zod; a mistake names the file and the field.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOCALES } from "#app/i18n/locales.ts";
import { NICHES } from "#app/tenancy/site-schema.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { singleton } from "#app/utils/singleton.ts";

export const LANDER_NAMES = [
  "tinderswipe",
  "alonetonight",
  "collagelanding",
  "gallery",
  "iconslanding",
  "maplanding",
  "socialnetwork",
  "transitionsvideolanding",
  "video",
] as const;
export type LanderName = (typeof LANDER_NAMES)[number];
export const isLanderName = (name: string | undefined): name is LanderName => LANDER_NAMES.includes(name as LanderName);
/** The landings around one profile (/members/{id}/landing2/{slug?}, …/landing3/{slug?}) that read a slug too. */
const PROFILE_LANDING_SLUG_DESIGNS = ["landing2", "landing3"] as const;

export const SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;
/** Media the app serves itself, from public/landers/. */
const mediaPath = z
  .string()
  .regex(/^\/landers\/[a-z0-9][a-z0-9._-]*\.(svg|png|jpg|jpeg|webp|mp4|webm)$/, "must be a file under /landers/ (svg, png, jpg, webp, mp4 or webm)");
const text = z.object({ headline: z.string().min(1).max(120), copy: z.string().min(1).max(600) }).strict();

const slugSchema = z
  .object({
    /** headline and copy per locale; a locale without them shows the catalogue's default text */
    text: z.partialRecord(z.enum(LOCALES), text).default({}),
    filter: z
      .object({
        gender: z.enum(["male", "female"]).optional(),
        min_age: z.number().int().min(18).max(99).optional(),
        max_age: z.number().int().min(18).max(99).optional(),
        region: z.string().min(1).max(100).optional(),
      })
      .strict()
      .default({}),
    hero: z.object({ image: mediaPath.optional(), video: mediaPath.optional(), poster: mediaPath.optional() }).strict().default({}),
    /** only these designs (landers and profile landings) serve the slug; absent: every design */
    landers: z.array(z.enum([...LANDER_NAMES, ...PROFILE_LANDING_SLUG_DESIGNS])).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.filter.min_age && s.filter.max_age && s.filter.min_age > s.filter.max_age) {
      ctx.addIssue({ code: "custom", path: ["filter", "min_age"], message: "must not be above max_age" });
    }
  });

const contentSetSchema = z
  .object({
    hero: slugSchema.shape.hero,
    slugs: z.record(z.string().regex(SLUG, "slugs are lower-case letters, digits and -"), slugSchema).default({}),
  })
  .strict();

export type LanderSlug = z.infer<typeof slugSchema>;
export type ContentSet = z.infer<typeof contentSetSchema>;

class LanderConfigError extends Error {}

const EMPTY: ContentSet = { hero: {}, slugs: {} };

/** Reads and checks every content set in `dir`; the messages name file and field. */
export function readContentSets(dir: string): { sets: Map<string, ContentSet>; problems: string[] } {
  const sets = new Map<string, ContentSet>();
  const problems: string[] = [];
  for (const prefix of NICHES) {
    const file = path.join(dir, `${prefix}.json`);
    if (!existsSync(file)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = contentSetSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${file}: ${issue.path.join(".") || "(file)"}: ${issue.message}`);
      continue;
    }
    sets.set(prefix, parsed.data);
  }
  return { sets, problems };
}

export const landersDir = () => path.join(getEnv().tenantsDir, "landers");

const cache = () => singleton("landerContentSets", () => ({ sets: null as Map<string, ContentSet> | null }));

/** The content sets, read once; an invalid file stops lander pages with the file and field named. */
function contentSets(): Map<string, ContentSet> {
  const c = cache();
  if (c.sets) return c.sets;
  const { sets, problems } = readContentSets(landersDir());
  if (problems.length) throw new LanderConfigError(`Invalid lander content:\n${problems.join("\n")}`);
  c.sets = sets;
  return sets;
}

/** A site reload (app/tenancy/sites.server.ts) hands over the sets it has just read and checked. */
export function replaceContentSets(sets: Map<string, ContentSet>) {
  cache().sets = sets;
}

export const contentSetFor = (prefix: string) => contentSets().get(prefix) ?? EMPTY;
