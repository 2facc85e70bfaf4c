// The message price of a site and payment country, read from the packages in the database.
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";
import { cheapestMessagePrice, type MessagePrice } from "./message-price.ts";
import { countryCurrency } from "./methods.ts";
import { sitePackages } from "./packages.server.ts";

/** What a message costs at least for a member whose payment country is `country`. */
export async function messagePrice(db: Db, site: Site, country: string): Promise<MessagePrice | null> {
  return cheapestMessagePrice(await sitePackages(db, site, country), site.message_credits, countryCurrency(country));
}

/** The same for each of the site's countries, from one query. */
export async function messagePrices(db: Db, site: Pick<Site, "key" | "countries" | "message_credits">): Promise<Map<string, MessagePrice | null>> {
  const packages = await db.creditPackage.findMany({
    where: { siteKey: site.key, active: true },
    orderBy: [{ position: "asc" }, { credits: "asc" }],
    select: { credits: true, priceCents: true, currency: true, country: true },
  });
  return new Map(
    site.countries.map((country) => [
      country,
      cheapestMessagePrice(
        packages.filter((p) => p.country === country || p.country === null),
        site.message_credits,
        countryCurrency(country),
      ),
    ]),
  );
}
