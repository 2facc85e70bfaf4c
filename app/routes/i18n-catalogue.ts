// GET /i18n/{locale}/common.{hash}.json: a language's catalogue for the browser (app/i18n/catalogue.ts).
// The current hash is kept a year; an older one (a page from before a deploy) gets today's
// catalogue, revalidated each time.
import { data } from "react-router";
import type { Route } from "./+types/i18n-catalogue";
import { catalogueOf } from "#app/i18n/catalogue.server.ts";
import { isLocale } from "#app/i18n/locales.ts";

const FILE = /^common\.([0-9a-f]{16})\.json$/;

export function loader({ params }: Route.LoaderArgs) {
  const hash = FILE.exec(params.file ?? "")?.[1];
  if (!isLocale(params.locale) || !hash) throw data(null, { status: 404 });
  const catalogue = catalogueOf(params.locale);
  return new Response(catalogue.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": hash === catalogue.hash ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
