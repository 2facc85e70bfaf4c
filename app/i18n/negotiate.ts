// Which of a site's languages a visitor reads best: their browser's Accept-Language list, in
// its own order and q-values ("de-DE,de;q=0.9,en;q=0.8" on a site without German is English),
// matched by the `negotiator` package (a region or script in the header matches the bare
// language). Null when nothing in the list is among the site's languages.
import Negotiator from "negotiator";
import type { Locale } from "./locales.ts";

export function negotiateLocale(acceptLanguage: string | null | undefined, siteLocales: readonly Locale[]): Locale | null {
  if (!acceptLanguage?.trim()) return null;
  // a header longer than any browser sends is not parsed (a bounded cost per request)
  const header = acceptLanguage.slice(0, 1000);
  const [best] = new Negotiator({ headers: { "accept-language": header } }).languages([...siteLocales]);
  return (best as Locale | undefined) ?? null;
}
