// /staff/cases: complaints and abuse reports of every site; open ones (new and in progress) by
// default, oldest first, 50 a page.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";
import type { Route } from "./+types/cases";
import { utc } from "#app/components/staff/format.ts";
import { StaffTable } from "#app/components/staff/table.tsx";
import { Button } from "#app/components/ui/index.ts";
import { CASE_PAGE, caseStatusFilter, listCases } from "#app/staff/cases.server.ts";
import { requireStaff } from "#app/staff/session.server.ts";
import { parseId } from "#app/utils/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const status = caseStatusFilter.parse(url.searchParams.get("status"));
  const cases = await listCases(status, parseId(url.searchParams.get("after")));
  return { status, cases, next: cases.length === CASE_PAGE ? cases.at(-1)!.id : null };
}

const FILTERS = ["open", "new", "in_progress", "closed"] as const;

export default function StaffCases({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { status, cases, next } = loaderData;
  return (
    <main>
      <h1 className="text-2xl font-bold">{t("staff.cases.title")}</h1>
      <nav className="mt-3 flex flex-wrap gap-2 text-sm" aria-label={t("staff.cases.filter")}>
        {FILTERS.map((f) => (
          <Button key={f} to={`?status=${f}`} aria-current={f === status ? "page" : undefined} size="sm" variant={f === status ? "primary" : "outline"}>
            {t(`staff.cases.status.${f}`)}
          </Button>
        ))}
      </nav>
      <StaffTable
        title={t(`staff.cases.status.${status}`)}
        testId="case-list"
        headers={[
          t("staff.cases.case"),
          t("staff.member.date"),
          t("staff.member.site"),
          t("staff.cases.kind"),
          t("staff.cases.category"),
          t("staff.cases.about"),
          t("staff.member.status"),
          t("staff.cases.assigned"),
          t("staff.cases.text"),
        ]}
        rows={cases.map((c) => [
          <Link key="id" to={`/staff/cases/${c.id}`} className="font-semibold underline">
            #{c.id}
          </Link>,
          utc(c.createdAt),
          c.siteKey,
          t(`staff.cases.kinds.${c.kind}`),
          t(c.kind === "complaint" ? `support.categories.${c.category}` : `support.reasons.${c.category}`),
          c.profile ? `${c.profile.name} (#${c.profile.id})` : "–",
          t(`staff.cases.status.${c.status}`),
          c.assignedStaff?.name ?? "–",
          <span key="t" className="inline-block max-w-80 truncate align-bottom">
            {c.text || "–"}
          </span>,
        ])}
      />
      {next ? (
        <p className="mt-4">
          <Link to={`?${new URLSearchParams({ status, after: String(next) })}`} className="underline">
            {t("staff.cases.more")}
          </Link>
        </p>
      ) : null}
    </main>
  );
}
