// The offers console's head: title, the site it works on, its three pages, and the answer to the last change.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";
import { StaffSitePicker } from "../site-picker.tsx";
import { FormMessage } from "#app/components/form-field.tsx";
import { cx } from "#app/components/ui/index.ts";

type OffersPage = "packages" | "codes" | "rules";
const PATHS: Record<OffersPage, string> = { packages: "/staff/offers", codes: "/staff/offers/codes", rules: "/staff/offers/rules" };

export function OffersHeader({
  page,
  site,
  sites,
  answer,
}: {
  page: OffersPage;
  site: string;
  sites: { key: string; name: string }[];
  answer?: { ok: boolean; message: string; params?: Record<string, unknown> | undefined } | undefined;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("staff.offers.title")}</h1>
          <p className="mt-1 max-w-2xl text-sm text-black/60">{t("staff.offers.intro")}</p>
        </div>
        <StaffSitePicker action={PATHS[page]} site={site} sites={sites} testId="offers-site" />
      </div>
      {/* links that wrap rather than truncate: the pages' names are long in some languages */}
      <nav aria-label={t("staff.offers.title")} className="flex flex-wrap gap-2 text-sm">
        {(Object.keys(PATHS) as OffersPage[]).map((p) => (
          <Link
            key={p}
            to={`${PATHS[p]}?site=${site}`}
            aria-current={p === page ? "page" : undefined}
            className={cx(
              "rounded-full px-4 py-2 font-semibold ring-1 ring-black/10",
              p === page ? "bg-primary text-white" : "bg-white text-dark hover:bg-accent",
            )}
          >
            {t(`staff.offers.tabs.${p}`)}
          </Link>
        ))}
      </nav>
      {answer ? <FormMessage tone={answer.ok ? "success" : "danger"} message={answer.message} params={answer.params} /> : null}
    </header>
  );
}
