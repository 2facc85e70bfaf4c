// Writes the home page's illustrations (public/home/<niche>-<n>.svg): portraits drawn by the demo
// portrait generator with a seed of their own, so they are nobody's photo. Sites that show no
// members to visitors (logged_out_search) show these instead. Run again only to change them:
// node --import tsx scripts/dev/home-illustrations.ts
import { writeFileSync } from "node:fs";
import { buildDemoProfiles, DEMO_SITES } from "#prisma/seed/demo-profiles.ts";
import { portraitSvg } from "#prisma/seed/photos.ts";

const SEED = 0x401e_a11;
const profiles = buildDemoProfiles({ now: new Date(Date.UTC(2026, 0, 1)), seed: SEED, perSite: 60, sites: DEMO_SITES });
const sets = {
  general: profiles.filter((p) => p.siteKey === "lovely"),
  milf: profiles.filter((p) => p.siteKey === "mature" && p.gender === "female"),
  gay: profiles.filter((p) => p.siteKey === "pride" && p.gender === "male"),
};
for (const [niche, list] of Object.entries(sets)) {
  list.slice(0, 4).forEach((p, i) => writeFileSync(`public/home/${niche}-${i + 1}.svg`, portraitSvg(p.photos[0]!)));
}
console.log("written public/home/{general,milf,gay}-{1..4}.svg");
