import { useTranslation } from "#app/i18n/use-translation.ts";

const LINKS = [
  ["/pages/terms", "footer.terms"],
  ["/pages/privacy", "footer.privacy"],
  ["/pages/cookies", "footer.cookies"],
  ["/pages/ban", "footer.ban"],
  ["/pricing", "footer.pricing"],
  ["/complaints", "footer.complaints"],
  ["/pages/return-policy", "footer.returns"],
  ["/pages/faq", "footer.faq"],
  ["/pages/service", "footer.service"],
] as const;

/** The site's name for its fictional profiles opens a sentence: its first letter in upper case. */
const opening = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

export function SiteFooter({
  siteName,
  fictionalPlural,
  locale,
  showUsFooter,
  compact = false,
}: {
  siteName: string;
  fictionalPlural: string;
  locale: string;
  showUsFooter: boolean;
  /** app-like screens (the swipe game, the chat list): one small line with the legal links instead of the dark block */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (compact)
    return (
      <footer className="mt-6 border-t border-black/5 text-xs text-black/60">
        <div className="container-site flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
          {LINKS.map(([href, key]) => (
            <a key={href} className="hover:text-dark hover:underline" href={href}>
              {t(key)}
            </a>
          ))}
          <span>{t("footer.copyright", { siteName, year: new Date().getFullYear() })}</span>
        </div>
      </footer>
    );
  return (
    <footer className="mt-16 bg-dark text-white/80">
      <div className="container-site py-8">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {LINKS.map(([href, key]) => (
            <li key={href}>
              <a className="hover:text-white hover:underline" href={href}>
                {t(key)}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-xs leading-relaxed text-white/60" data-testid="disclaimer">
          {t("footer.disclaimer", { siteName })}{" "}
          <span data-testid="fictional-note">{t("footer.fictional", { fictionalPlural: opening(fictionalPlural, locale) })}</span>
        </p>
        {showUsFooter ? (
          <p className="mt-3 text-xs text-white/60" data-testid="us-footer">
            {t("footer.us")}
          </p>
        ) : null}
        <p className="mt-3 text-xs text-white/60">{t("footer.copyright", { siteName, year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
