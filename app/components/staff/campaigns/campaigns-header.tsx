// The campaign console's head: title, the site it works on and the answer to the last change.
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { FormMessage } from "#app/components/form-field.tsx";
import { StaffSitePicker } from "../site-picker.tsx";

export function CampaignsHeader({
  site,
  sites,
  answer,
  title,
}: {
  site: string;
  sites: { key: string; name: string }[] | null;
  answer?: { ok: boolean; message: string } | null | undefined;
  /** a campaign's name: then a link back to the list */
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          {title ? (
            <Link to={`/staff/campaigns?site=${site}`} className="text-sm underline">
              {t("staff.campaigns.back")}
            </Link>
          ) : null}
          <h1 className="text-2xl font-bold break-words">{title ?? t("staff.campaigns.title")}</h1>
          {title ? null : <p className="mt-1 max-w-2xl text-sm text-black/60">{t("staff.campaigns.intro")}</p>}
        </div>
        {sites ? <StaffSitePicker action="/staff/campaigns" site={site} sites={sites} testId="campaigns-site" /> : null}
      </div>
      {answer ? <FormMessage message={answer.message} tone={answer.ok ? "success" : "danger"} /> : null}
    </header>
  );
}
