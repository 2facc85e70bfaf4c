// The company blocks of the site files, one per company_id: two files that describe the same
// company differently would overwrite each other at every start, so that is a problem naming both.
// A block without support_phone takes the support_phone of the first file (by name) describing it.
import { isDeepStrictEqual } from "node:util";
import type { Site } from "./site-schema.ts";
import type { SiteRegistry } from "./site-registry.server.ts";

type Company = NonNullable<Site["company"]>;

export function companyBlocks({ sites, fileOf }: Pick<SiteRegistry, "sites" | "fileOf">) {
  const blocks = new Map<number, { company: Company; site: Site }>();
  const problems: string[] = [];
  for (const site of sites) {
    if (!site.company) continue;
    const first = blocks.get(site.company_id);
    if (!first) blocks.set(site.company_id, { company: site.company, site });
    else if (!isDeepStrictEqual(first.company, site.company))
      problems.push(
        `${fileOf.get(site.key) ?? site.key}: company: company ${site.company_id} is described differently in ${fileOf.get(first.site.key) ?? first.site.key} (give one block, or the same in both)`,
      );
  }
  return { blocks, problems };
}
