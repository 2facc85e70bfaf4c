// /landers/{name}/{slug?}: campaign landing pages. The niche of the site picks the headline;
// the slug names the campaign.
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/landers.$name";
import { siteContext } from "#app/tenancy/context.ts";
import { nichePrefix } from "#app/tenancy/site-schema.ts";

export const LANDERS = ["alonetonight", "collagelanding", "gallery", "iconslanding", "maplanding", "socialnetwork", "transitionsvideolanding", "video"] as const;

export function loader({ params, context }: Route.LoaderArgs) {
  if (!LANDERS.includes(params.name as (typeof LANDERS)[number])) throw data(null, { status: 404 });
  const site = context.get(siteContext);
  return { lander: params.name, slug: params.slug ?? null, niche: nichePrefix(site), siteName: site.name };
}

export default function Lander({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main data-lander={d.lander} data-slug={d.slug ?? ""} className="bg-gradient-to-b from-accent to-light">
      <section className="container-site py-16 text-center">
        <h1 className="text-4xl font-bold text-primary" data-testid="lander-headline">{t(`landers.headline.${d.niche}`)}</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg">{t("landers.subline", { siteName: d.siteName })}</p>
        <a href="/" className="mt-8 inline-block rounded-full bg-primary px-8 py-3 font-semibold text-white hover:opacity-90">
          {t("landers.cta", { siteName: d.siteName })}
        </a>
      </section>
    </main>
  );
}
